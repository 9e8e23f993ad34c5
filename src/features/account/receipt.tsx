import { Link } from '@tanstack/react-router'
import { Fragment } from 'react'
import type { Receipt } from '#app/api/schemas.ts'
import { formatDate, formatPrice } from '#app/core/format.ts'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { SellerDetails } from '#app/ui/seller-details.tsx'
import type { Locale } from '#machines/rules/locale.ts'
import { pricesStateVat } from '#machines/rules/payment.ts'
import { cardText, paymentPlanText } from './payment-history.tsx'

/**
 * Issue 37: a payment's receipt, printable, in the page's language and the domain's brand: what
 * was bought, what was charged (or held to check the card, for the trial), when, with which card,
 * and who sells it (the operator's details, as the requisites page gives them).
 */
/** The amount, and on a German receipt of a charge, that it includes VAT (R9.30); a hold is no sale. */
function amountText(receipt: Receipt, locale: Locale): string {
  const amount = formatPrice(receipt.amount, receipt.currency, locale)
  return receipt.status !== 'held' && pricesStateVat(locale) ? `${amount} ${m.acc_receipt_vat_included()}` : amount
}

export function ReceiptView({ receipt, locale }: { receipt: Receipt; locale: Locale }) {
  const site = useSite()
  const { config, brandInfo } = site
  // R1.8: the brand of the domain it was bought on, wherever it is read; this domain's for a payment that does not say.
  const product = receipt.site?.name ?? site.product
  const rows: Array<[string, string, string]> = [
    [m.acc_receipt_date(), formatDate(receipt.paid_at ?? receipt.created_at, locale), 'receipt-date'],
    [m.acc_receipt_product(), m.acc_receipt_product_name({ product }), 'receipt-product'],
    [m.acc_receipt_plan(), paymentPlanText(receipt, locale), 'receipt-plan'],
    [receipt.status === 'held' ? m.acc_receipt_held() : m.acc_receipt_charged(), amountText(receipt, locale), 'receipt-amount'],
    [m.acc_receipt_card(), cardText(receipt.card), 'receipt-card'],
    [m.acc_receipt_payment(), String(receipt.payment_id), 'receipt-payment'],
    [m.acc_receipt_transaction(), receipt.transaction_id ?? '—', 'receipt-transaction'],
    [m.acc_receipt_email(), receipt.email, 'receipt-email'],
  ]
  return (
    <article className="card receipt" data-testid="receipt">
      <p className="receipt__brand">{product}</p>
      <dl className="facts">
        {rows.map(([label, value, testId]) => (
          <Fragment key={testId}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <h2>{m.acc_receipt_seller()}</h2>
      <SellerDetails operator={config.operator} email={receipt.site?.support_email ?? brandInfo.supportEmail} />
      <p className="receipt__actions">
        <button type="button" className="button" onClick={() => window.print()}>
          {m.acc_receipt_print()}
        </button>
        <Link to="/account" className="button button--ghost">
          {m.acc_receipt_back()}
        </Link>
      </p>
    </article>
  )
}
