/**
 * CloudPayments' Check: the provider asks the merchant before it takes a card, and the settlement
 * rule (settlement.ts) refuses there what it would refuse at confirmation, before any money is taken
 * (decision 117).
 */
import type { Db, Queryable } from './db.ts'
import { isOpenForCard, outcomesFor, type PaymentRow, settlementFacts } from './payments.ts'
import { claimHolds, settlementRefusal } from './settlement.ts'
import { asDate } from './users.ts'

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
 * Whether another trial (or offer) payment of the account holds the trial (or offer) since its own
 * Check was answered yes, and is still in the payer's hands (decision 117).
 */
async function claimedByAnother(tx: Queryable, payment: PaymentRow, trial: boolean, now: Date): Promise<boolean> {
  const rows = await tx.query<{ status: string; check_claimed_at: Date | string }>(
    `SELECT p.status, p.check_claimed_at FROM payments p JOIN subscriptions s ON s.id = p.subscription_id
     WHERE p.user_id = $1 AND p.id <> $2 AND p.check_claimed_at IS NOT NULL AND p.status = 'pending'
       AND ${trial ? 's.is_trial' : 'p.special_offer'}`,
    [payment.user_id, payment.id],
  )
  return rows.some((r) => claimHolds({ status: r.status, checkClaimedAt: asDate(r.check_claimed_at) }, now))
}

/**
 * Answers a CloudPayments Check (sent before the card is charged): may this payment be made? An
 * unknown payment, another provider's or another payer's answers "wrong invoice", so the answer tells
 * nothing about other people's payments. A payment the settlement rule would refuse is refused here,
 * before any money is taken; a trial or offer payment answered yes holds the account's trial or offer
 * for CHECK_CLAIM_MS, and the Check of another one of the same kind is refused meanwhile.
 */
export async function checkPayment(db: Db, n: CheckRequest, now: Date): Promise<number> {
  const [payment] = await db.query<PaymentRow & { is_trial: boolean }>(
    `SELECT p.id, p.user_id, p.subscription_id, p.service, p.amount_minor, p.currency, p.payer_email, p.status, p.failure, p.purpose, p.special_offer,
       p.country_group_id, p.transaction_id, s.is_trial
     FROM payments p JOIN subscriptions s ON s.id = p.subscription_id WHERE p.id = $1`,
    [n.paymentId],
  )
  if (payment?.service !== 'cloudpayments' || payment.payer_email !== n.email) return CHECK_CODES.wrongInvoice
  if (n.accountId !== null && n.accountId !== String(payment.user_id)) return CHECK_CODES.wrongAccount
  if (payment.amount_minor !== n.amountMinor || payment.currency !== n.currency.toUpperCase()) return CHECK_CODES.wrongAmount
  if (!isOpenForCard(payment) || !outcomesFor(payment, payment.is_trial).includes(n.outcome)) return CHECK_CODES.refused
  if (payment.purpose === 'card_check') return CHECK_CODES.ok
  return db.transaction(async (tx) => {
    if (settlementRefusal(await settlementFacts(tx, payment, payment.is_trial, now)) !== null) return CHECK_CODES.refused
    if (!payment.is_trial && !payment.special_offer) return CHECK_CODES.ok
    if (await claimedByAnother(tx, payment, payment.is_trial, now)) return CHECK_CODES.refused
    await tx.query('UPDATE payments SET check_claimed_at = $2 WHERE id = $1', [payment.id, now.toISOString()])
    return CHECK_CODES.ok
  })
}
