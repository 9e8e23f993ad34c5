import { Link } from '@tanstack/react-router'
import type { PaymentEntry } from '#app/api/schemas.ts'
import { DAYS, formatDate, formatPrice } from '#app/core/format.ts'
import { m } from '#app/paraglide/messages.js'
import type { Locale } from '#machines/rules/locale.ts'
import { planLabel } from '#machines/rules/plans.ts'

/** What each payment status is called where the subscriber reads it; a refused payment's money on its way back says so (decision 117). */
export function paymentStatusText(payment: Pick<PaymentEntry, 'status' | 'refund'>): string {
  if (payment.status === 'failed' && payment.refund === 'pending') return m.acc_payment_refund_pending()
  return { paid: m.acc_payment_paid, held: m.acc_payment_held, failed: m.acc_payment_failed, refunded: m.acc_payment_refunded }[payment.status]()
}

/** The plan of a payment as the premium page names it: the trial by its name, others by their days; the offer says so. */
export function paymentPlanText(payment: Pick<PaymentEntry, 'subscription_id' | 'plan_name' | 'days' | 'special_offer'>, locale: Locale): string {
  const label = planLabel({ id: Number(payment.subscription_id), name: payment.plan_name, days: payment.days }, locale, DAYS)
  return payment.special_offer ? m.acc_payment_offer({ plan: label }) : label
}

/** The card a payment was made with: brand and last four digits. */
export function cardText(card: PaymentEntry['card']): string {
  if (!card) return '—'
  return card.brand && card.brand !== 'Unknown' ? `${card.brand} •••• ${card.last4}` : `•••• ${card.last4}`
}

/**
 * Issue 37: the account's past payments, newest first: date, plan, amount in its currency,
 * status and card, and a receipt for each paid one. Null: the backend has no history to give.
 */
export function PaymentHistory({ payments, locale }: { payments: readonly PaymentEntry[] | null; locale: Locale }) {
  return (
    <section className="card card--wide" aria-labelledby="acc-payments" data-testid="payment-history">
      <h2 id="acc-payments">{m.acc_payments_title()}</h2>
      {payments === null ? (
        <p data-testid="payment-history-unavailable">{m.acc_payments_unavailable()}</p>
      ) : payments.length === 0 ? (
        <p>{m.acc_payments_empty()}</p>
      ) : (
        <ul className="payment-list">
          {payments.map((payment) => (
            <li key={String(payment.payment_id)} className="payment-row" data-testid="payment-row" data-status={payment.status}>
              <span className="payment-row__date">{formatDate(payment.paid_at ?? payment.created_at, locale)}</span>
              <span className="payment-row__plan">{paymentPlanText(payment, locale)}</span>
              <span className="payment-row__amount">{formatPrice(payment.amount, payment.currency, locale)}</span>
              <span className={`payment-row__status payment-row__status--${payment.status}`}>{paymentStatusText(payment)}</span>
              <span className="payment-row__card">{cardText(payment.card)}</span>
              {payment.status === 'paid' || payment.status === 'held' ? (
                <Link to="/account/receipts/$id" params={{ id: String(payment.payment_id) }} className="payment-row__receipt">
                  {m.acc_payment_receipt()}
                </Link>
              ) : (
                <span className="payment-row__receipt" />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
