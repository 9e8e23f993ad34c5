/** The receipt e-mail of a paid payment, sent by confirmPayment (payments.ts) once the provider's notification settles it. */
import { formatMoney, planLabel } from './catalog.ts'
import type { Queryable } from './db.ts'
import { daysLabel, formatDate, isLocale, type Locale, t } from './i18n.ts'
import { type MailBrand, sendMail, signed } from './mail.ts'
import { asDate } from './users.ts'

interface ReceiptRow {
  id: number
  payer_email: string
  amount_minor: number
  currency: string
  locale: string
  operation: 'charge' | 'auth'
  transaction_id: string | null
  special_offer: boolean
  name_en: string
  name_ru: string
  name_de: string
  days: number
  is_trial: boolean
  site_origin: string | null
  site_name: string | null
  site_support_email: string | null
  sub_expires_at: Date
  sub_cancelled: boolean
  renew_days: number
  renew_minor: number | null
  renew_currency: string | null
}

/**
 * Mails the receipt of a paid payment (a charge, or the trial's authorisation) to the payment's e-mail,
 * in the language of the payment request and under the brand of the domain it was made on: product,
 * the plan as the site labels it, the amount with the verb of the operation (charged, or held to check
 * the card), date, transaction and payment ids, the next charge (or that renewal is off), the receipt's
 * page and the support address. `supportEmail` (the original's) serves payments that kept no site.
 */
export async function sendReceipt(tx: Queryable, paymentId: number, now: Date, supportEmail: string): Promise<void> {
  const [r] = await tx.query<ReceiptRow>(
    `SELECT p.id, p.payer_email, p.amount_minor, p.currency, p.locale, p.operation, p.transaction_id, p.special_offer,
            s.name_en, s.name_ru, s.name_de, s.days, s.is_trial, p.site_origin, p.site_name, p.site_support_email,
            u.sub_expires_at, u.sub_cancelled, r.days AS renew_days, rp.actual_minor AS renew_minor, g.currency AS renew_currency
     FROM payments p
     JOIN subscriptions s ON s.id = p.subscription_id
     JOIN users u ON u.id = p.user_id
     JOIN subscriptions us ON us.id = u.sub_plan_id
     JOIN subscriptions r ON r.id = us.renews_into
     LEFT JOIN country_groups g ON g.id = COALESCE(p.country_group_id, (SELECT id FROM country_groups WHERE currency = p.currency LIMIT 1))
     LEFT JOIN subscription_prices rp ON rp.subscription_id = r.id AND rp.country_group_id = g.id
     WHERE p.id = $1`,
    [paymentId],
  )
  if (!r) throw new Error(`No receipt data for payment ${paymentId}`)
  const locale: Locale = isLocale(r.locale) ? r.locale : 'en'
  const brand: MailBrand = { name: r.site_name, supportEmail: r.site_support_email ?? supportEmail }
  const expires = asDate(r.sub_expires_at)!
  const renewal =
    r.sub_cancelled || r.renew_minor === null || r.renew_currency === null
      ? t(locale, 'mail_receipt_renewal_off', { date: formatDate(locale, expires) })
      : t(locale, 'mail_receipt_next_charge', {
          amount: formatMoney(locale, r.renew_minor, r.renew_currency),
          date: formatDate(locale, expires),
          // A renewal is never the trial: it is labelled by its days.
          plan: daysLabel(locale, r.renew_days),
        })
  // With Payselection the trial arrives as a charge (acceptedOutcomes): the verb follows the operation, not the plan.
  const held = r.operation === 'auth'
  const vars = {
    intro: t(locale, held ? 'mail_receipt_intro_held' : 'mail_receipt_intro_charged'),
    product: brand.name === null ? t(locale, 'mail_receipt_product') : t(locale, 'mail_receipt_product_brand', { brand: brand.name }),
    plan: planLabel(r, locale, r.special_offer),
    amount_label: t(locale, held ? 'mail_receipt_held' : 'mail_receipt_charged'),
    amount: formatMoney(locale, r.amount_minor, r.currency),
    date: formatDate(locale, now),
    transaction: r.transaction_id ?? '—',
    payment_id: r.id,
    renewal,
    receipt_link: r.site_origin === null ? '' : `${t(locale, 'mail_receipt_link', { link: `${r.site_origin}/${locale}/account/receipts/${r.id}` })}\n\n`,
    support: brand.supportEmail,
  }
  await sendMail(
    tx,
    {
      to: r.payer_email,
      subject: t(locale, 'mail_receipt_subject', vars),
      text: signed(locale, brand, t(locale, 'mail_receipt_text', vars)),
      code: null,
      link: null,
    },
    now,
  )
}
