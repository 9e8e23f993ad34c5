import type { Db, Queryable } from './db.ts'
import { ApiError } from './http.ts'
import type { Metrics } from './metrics.ts'
import { sendReceipt } from './receipt-mail.ts'
import { settleReferral } from './referrals.ts'
import { asDate, DAY_MS } from './users.ts'

export type Provider = 'cloudpayments' | 'payselection'

/**
 * What the provider reports it did with the card: took the money (`charge`: CloudPayments `Completed`,
 * Payselection `Payment`), only held it (`auth`: CloudPayments `Authorized`, Payselection `Block`),
 * or nothing because the card was declined.
 */
export type ProviderOutcome = 'charge' | 'auth' | 'declined'

export interface Confirmation {
  provider: Provider
  paymentId: number
  amountMinor: number
  currency: string
  /** The payer's e-mail the widget was opened with; it must be the one the payment was issued for. */
  email: string
  outcome: ProviderOutcome
  cardLast4: string | null
  /** The card's brand, as the notification names it or its BIN says. */
  cardBrand: string | null
  transactionId: string | null
  /** R9.22: the provider's reusable token of the card (CloudPayments `Token`, Payselection `RebillId`), when it sent one. */
  cardToken?: string | null
}

/**
 * Whether a payment may still be paid: pending, or failed only because a card was declined (the
 * providers' forms let the payer try another card on the same invoice, and notify each attempt).
 */
export function isOpenForCard(payment: { status: string; failure?: string | null }): boolean {
  return payment.status === 'pending' || (payment.status === 'failed' && payment.failure === 'declined')
}

export interface ConfirmationResult {
  payment_id: number
  status: 'paid' | 'failed' | 'pending' | 'voided'
  /** False when the notification changed nothing (already handled). */
  applied: boolean
}

interface PaymentRow {
  id: number
  user_id: number
  subscription_id: number
  service: Provider
  amount_minor: number
  currency: string
  payer_email: string
  status: 'pending' | 'paid' | 'failed' | 'voided'
  failure: string | null
  purpose: 'subscription' | 'card_check'
  special_offer: boolean
}

/** R9.16: whether the user has paid the special offer already (another payment than this one). */
async function offerTakenBy(tx: Queryable, userId: number, exceptPaymentId: number): Promise<boolean> {
  const rows = await tx.query("SELECT 1 FROM payments WHERE user_id = $1 AND special_offer AND status = 'paid' AND id <> $2 LIMIT 1", [userId, exceptPaymentId])
  return rows.length > 0
}

/**
 * R9.22: the card of a paid payment or a card check becomes the one renewals are charged to, when
 * the provider sent its token; without one the card on file stays.
 */
async function keepRenewalCard(tx: Queryable, payment: PaymentRow, n: Confirmation, now: Date): Promise<void> {
  if (!n.cardToken || !n.cardLast4) return
  await tx.query(
    `INSERT INTO renewal_cards (user_id, service, brand, last4, token, payment_id, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id) DO UPDATE SET service = $2, brand = $3, last4 = $4, token = $5, payment_id = $6, updated_at = $7`,
    [payment.user_id, payment.service, n.cardBrand, n.cardLast4, n.cardToken, payment.id, now.toISOString()],
  )
}

/**
 * The operations that may settle a plan. A paid plan needs a charge: an authorisation only holds the
 * money. The trial is the card check, an authorisation hold of its amount (1): the site opens
 * CloudPayments with the `auth` scheme for it (R4). The site opens Payselection with
 * `PaymentType: 'Pay'` for every plan (R7), so there the trial arrives as a charge of 1; a `Block`
 * (the hold proper, `PaymentType: 'Block'`) is taken as well.
 */
export function acceptedOutcomes(provider: Provider, trial: boolean): readonly ProviderOutcome[] {
  if (!trial) return ['charge']
  return provider === 'cloudpayments' ? ['auth'] : ['auth', 'charge']
}

/** R9.22: a card check is only ever an authorisation, with either provider; a payment as above. */
function outcomesFor(payment: Pick<PaymentRow, 'service' | 'purpose'>, trial: boolean): readonly ProviderOutcome[] {
  return payment.purpose === 'card_check' ? ['auth'] : acceptedOutcomes(payment.service, trial)
}

/** CloudPayments' documented answers to a Check notification. */
export const CHECK_CODES = {
  ok: 0,
  /** Wrong invoice number (InvoiceId). */
  wrongInvoice: 10,
  /** Wrong AccountId. */
  wrongAccount: 11,
  /** Wrong amount. */
  wrongAmount: 12,
  /** The payment cannot be accepted. */
  refused: 13,
} as const

export interface CheckRequest {
  paymentId: number
  amountMinor: number
  currency: string
  email: string
  /** The AccountId the widget was opened with, when it sent one. */
  accountId: string | null
  /** The operation the provider is about to make. */
  outcome: 'charge' | 'auth'
}

/**
 * Answers a CloudPayments Check (sent before the card is charged): may this payment be made? Nothing
 * changes. An unknown payment, another provider's or another payer's answers "wrong invoice", so the
 * answer tells nothing about other people's payments.
 */
export async function checkPayment(db: Db, n: CheckRequest): Promise<number> {
  const [payment] = await db.query<PaymentRow & { is_trial: boolean; trial_used: boolean }>(
    `SELECT p.id, p.user_id, p.subscription_id, p.service, p.amount_minor, p.currency, p.payer_email, p.status, p.failure, p.purpose, p.special_offer,
       s.is_trial, u.trial_used
     FROM payments p JOIN subscriptions s ON s.id = p.subscription_id JOIN users u ON u.id = p.user_id WHERE p.id = $1`,
    [n.paymentId],
  )
  if (payment?.service !== 'cloudpayments' || payment.payer_email !== n.email) return CHECK_CODES.wrongInvoice
  if (n.accountId !== null && n.accountId !== String(payment.user_id)) return CHECK_CODES.wrongAccount
  if (payment.amount_minor !== n.amountMinor || payment.currency !== n.currency.toUpperCase()) return CHECK_CODES.wrongAmount
  if (!isOpenForCard(payment) || !outcomesFor(payment, payment.is_trial).includes(n.outcome)) return CHECK_CODES.refused
  if (payment.purpose === 'card_check') return CHECK_CODES.ok
  // R9.2: a trial payment made before the trial was used elsewhere is not authorised any more.
  if (payment.is_trial && payment.trial_used) return CHECK_CODES.refused
  // R9.16: nor a special offer paid meanwhile by another payment.
  if (payment.special_offer && (await offerTakenBy(db, payment.user_id, payment.id))) return CHECK_CODES.refused
  return CHECK_CODES.ok
}

/**
 * Applies a provider notification. The user comes from the payment row, never from the notification;
 * a payment that is no longer pending is left as it is, so a repeated notification changes nothing.
 * A successful operation of the wrong kind for the plan (see acceptedOutcomes) fails the payment.
 */
export async function confirmPayment(db: Db, n: Confirmation, now: Date, opts: { supportEmail: string; metrics?: Metrics }): Promise<ConfirmationResult> {
  const result = await db.transaction(async (tx): Promise<ConfirmationResult> => {
    const [payment] = await tx.query<PaymentRow>(
      `SELECT id, user_id, subscription_id, service, amount_minor, currency, payer_email, status, failure, purpose, special_offer
       FROM payments WHERE id = $1 FOR UPDATE`,
      [n.paymentId],
    )
    // Another payer's e-mail answers like an unknown payment: the endpoint tells nothing about payments.
    if (!payment || payment.service !== n.provider || payment.payer_email !== n.email) throw new ApiError(404, 'payment_not_found')
    if (payment.amount_minor !== n.amountMinor || payment.currency !== n.currency.toUpperCase()) throw new ApiError(422, 'payment_mismatch')
    // A paid payment stays paid; a declined one may be paid by another card on the same invoice.
    if (!isOpenForCard(payment)) return { payment_id: payment.id, status: payment.status, applied: false }
    const [plan] = await tx.query<{ id: number; days: number; is_trial: boolean }>('SELECT id, days, is_trial FROM subscriptions WHERE id = $1', [
      payment.subscription_id,
    ])
    if (!plan) throw new Error(`Payment ${payment.id} refers to a missing plan`)
    const failure = n.outcome === 'declined' ? 'declined' : outcomesFor(payment, plan.is_trial).includes(n.outcome) ? null : 'scheme_mismatch'
    // R9.22: a card check's card goes on file and its authorisation is voided: no days, no receipt.
    if (payment.purpose === 'card_check' && !failure) {
      await tx.query(
        "UPDATE payments SET status = 'voided', failure = NULL, operation = $2, voided_at = $3, card_last4 = $4, transaction_id = $5, card_brand = $6 WHERE id = $1",
        [payment.id, n.outcome, now.toISOString(), n.cardLast4, n.transactionId, n.cardBrand],
      )
      await keepRenewalCard(tx, payment, n, now)
      return { payment_id: payment.id, status: 'voided', applied: true }
    }
    // R9.2: one trial per account, decided here as well as when the payment was created: of trial
    // payments created side by side, the first confirmed is the trial, the others fail and their
    // hold is voided (failure `trial_used`). The user's row is locked, so confirmations queue.
    let refusal: string | null = failure
    if (!refusal && (plan.is_trial || payment.special_offer)) {
      const [owner] = await tx.query<{ trial_used: boolean }>('SELECT trial_used FROM users WHERE id = $1 FOR UPDATE', [payment.user_id])
      if (plan.is_trial && owner?.trial_used === true) refusal = 'trial_used'
      // R9.16: likewise one special offer per account: of offer payments side by side, the first confirmed.
      else if (payment.special_offer && (await offerTakenBy(tx, payment.user_id, payment.id))) refusal = 'offer_used'
    }
    if (refusal) {
      await tx.query(
        "UPDATE payments SET status = 'failed', failure = $2, operation = $3, card_last4 = $4, transaction_id = $5, card_brand = $6 WHERE id = $1",
        [payment.id, refusal, n.outcome === 'declined' ? null : n.outcome, n.cardLast4, n.transactionId, n.cardBrand],
      )
      return { payment_id: payment.id, status: 'failed', applied: true }
    }
    const marked = await tx.query(
      `UPDATE payments SET status = 'paid', failure = NULL, operation = $2, paid_at = $3, card_last4 = $4, transaction_id = $5, card_brand = $6
       WHERE id = $1 AND (status = 'pending' OR failure = 'declined') RETURNING id`,
      [payment.id, n.outcome, now.toISOString(), n.cardLast4, n.transactionId, n.cardBrand],
    )
    if (marked.length === 0) return { payment_id: payment.id, status: 'paid', applied: false }
    const [user] = await tx.query<{ sub_plan_id: number | null; sub_trial: boolean; sub_expires_at: Date | null; sub_started_at: Date | null }>(
      'SELECT sub_plan_id, sub_trial, sub_expires_at, sub_started_at FROM users WHERE id = $1 FOR UPDATE',
      [payment.user_id],
    )
    if (!user) throw new Error(`Payment ${payment.id} refers to a missing user`)
    const expires = asDate(user.sub_expires_at)
    const active = expires !== null && expires.getTime() > now.getTime()
    const base = active ? expires.getTime() : now.getTime()
    // A trial bought on top of an active paid plan only adds its days; the paid plan stays.
    const keepPaid = plan.is_trial && active && !user.sub_trial
    await tx.query(
      `UPDATE users SET sub_plan_id = $2, sub_trial = $3, sub_started_at = $4, sub_expires_at = $5, sub_cancelled = false,
         trial_used = trial_used OR $6, sub_payment_id = $7 WHERE id = $1`,
      [
        payment.user_id,
        keepPaid ? user.sub_plan_id : plan.id,
        keepPaid ? false : plan.is_trial,
        active ? asDate(user.sub_started_at)!.toISOString() : now.toISOString(),
        new Date(base + plan.days * DAY_MS).toISOString(),
        plan.is_trial,
        payment.id,
      ],
    )
    await keepRenewalCard(tx, payment, n, now)
    await settleReferral(tx, payment.user_id, payment.id, plan.is_trial, now)
    await sendReceipt(tx, payment.id, now, opts.supportEmail)
    return { payment_id: payment.id, status: 'paid', applied: true }
  })
  // Counted once committed: a transaction rolled back changed nothing.
  if (result.applied) opts.metrics?.payment(result.status)
  return result
}
