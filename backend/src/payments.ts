import { MAX_SOLD_PRICE_MINOR } from './catalog.ts'
import type { Db, Queryable } from './db.ts'
import { ApiError } from './http.ts'
import type { Logger } from './log.ts'
import type { Metrics } from './metrics.ts'
import { offerWindowEnd } from './offers.ts'
import { sendReceipt } from './receipt-mail.ts'
import { settleReferral } from './referrals.ts'
import { type MoneyReturns, recordReturn } from './returns.ts'
import { returnKind, type SettlementFacts, settlementRefusal } from './settlement.ts'
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

export interface PaymentRow {
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
  country_group_id: number | null
  transaction_id: string | null
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
export function outcomesFor(payment: Pick<PaymentRow, 'service' | 'purpose'>, trial: boolean): readonly ProviderOutcome[] {
  return payment.purpose === 'card_check' ? ['auth'] : acceptedOutcomes(payment.service, trial)
}

/**
 * What the settlement rule (settlement.ts) needs to know of a payment's account, read with the
 * account's row locked: payments of one account are checked and settled one at a time.
 */
export async function settlementFacts(tx: Queryable, payment: PaymentRow, trial: boolean, now: Date): Promise<SettlementFacts> {
  const [owner] = await tx.query<{ trial_used: boolean; sub_expires_at: Date | string | null }>(
    'SELECT trial_used, sub_expires_at FROM users WHERE id = $1 FOR UPDATE',
    [payment.user_id],
  )
  const [price] =
    payment.country_group_id === null
      ? [{ actual_minor: 0 }]
      : await tx.query<{ actual_minor: number }>('SELECT actual_minor FROM subscription_prices WHERE subscription_id = $1 AND country_group_id = $2', [
          payment.subscription_id,
          payment.country_group_id,
        ])
  return {
    planSold: price !== undefined && price.actual_minor < MAX_SOLD_PRICE_MINOR,
    trial,
    trialUsed: owner?.trial_used === true,
    specialOffer: payment.special_offer,
    offerTaken: payment.special_offer && (await offerTakenBy(tx, payment.user_id, payment.id)),
    offerEndsAt: offerWindowEnd(asDate(owner?.sub_expires_at ?? null), now),
    now,
  }
}

/**
 * Applies a provider notification. The user comes from the payment row, never from the notification;
 * a payment that is no longer open is left as it is, so a repeated notification changes nothing. A
 * successful operation that gives nothing (of the wrong kind for the plan, see acceptedOutcomes;
 * refused by the settlement rule; a card check; another operation on a settled invoice) has its money
 * returned through the provider's API once the transaction is committed (decision 117).
 */
export async function confirmPayment(
  db: Db,
  n: Confirmation,
  now: Date,
  opts: { supportEmail: string; metrics?: Metrics; returns?: MoneyReturns; log?: Logger },
): Promise<ConfirmationResult> {
  let returning = false
  /** Records the return of this notification's operation, when it took money and names its transaction. */
  const giveBack = async (tx: Queryable, payment: PaymentRow) => {
    if (n.outcome === 'declined') return
    if (n.transactionId === null) {
      opts.log?.error({ paymentId: payment.id, service: payment.service }, 'an operation to return has no transaction id: return it by hand')
      return
    }
    await recordReturn(
      tx,
      {
        paymentId: payment.id,
        service: payment.service,
        transactionId: n.transactionId,
        kind: returnKind(n.outcome),
        amountMinor: n.amountMinor,
        currency: n.currency.toUpperCase(),
      },
      now,
    )
    returning = true
  }
  const result = await db.transaction(async (tx): Promise<ConfirmationResult> => {
    const [payment] = await tx.query<PaymentRow>(
      `SELECT id, user_id, subscription_id, service, amount_minor, currency, payer_email, status, failure, purpose, special_offer, country_group_id, transaction_id
       FROM payments WHERE id = $1 FOR UPDATE`,
      [n.paymentId],
    )
    // Another payer's e-mail answers like an unknown payment: the endpoint tells nothing about payments.
    if (!payment || payment.service !== n.provider || payment.payer_email !== n.email) throw new ApiError(404, 'payment_not_found')
    if (payment.amount_minor !== n.amountMinor || payment.currency !== n.currency.toUpperCase()) throw new ApiError(422, 'payment_mismatch')
    // A paid payment stays paid; a declined one may be paid by another card on the same invoice. An
    // operation other than the one on record (a second card on a settled invoice) gives its money back.
    if (!isOpenForCard(payment)) {
      if (n.transactionId !== payment.transaction_id) await giveBack(tx, payment)
      return { payment_id: payment.id, status: payment.status, applied: false }
    }
    const [plan] = await tx.query<{ id: number; days: number; is_trial: boolean }>('SELECT id, days, is_trial FROM subscriptions WHERE id = $1', [
      payment.subscription_id,
    ])
    if (!plan) throw new Error(`Payment ${payment.id} refers to a missing plan`)
    if (n.outcome === 'declined') {
      // The card was declined: nothing taken, and the trial or offer it held is free again.
      await tx.query(
        "UPDATE payments SET status = 'failed', failure = 'declined', operation = NULL, card_last4 = $2, transaction_id = $3, card_brand = $4, check_claimed_at = NULL WHERE id = $1",
        [payment.id, n.cardLast4, n.transactionId, n.cardBrand],
      )
      return { payment_id: payment.id, status: 'failed', applied: true }
    }
    const schemeOk = outcomesFor(payment, plan.is_trial).includes(n.outcome)
    // R9.22: a card check's card goes on file and its authorisation is voided: no days, no receipt.
    if (payment.purpose === 'card_check' && schemeOk) {
      await tx.query(
        "UPDATE payments SET status = 'voided', failure = NULL, operation = $2, voided_at = $3, card_last4 = $4, transaction_id = $5, card_brand = $6 WHERE id = $1",
        [payment.id, n.outcome, now.toISOString(), n.cardLast4, n.transactionId, n.cardBrand],
      )
      await keepRenewalCard(tx, payment, n, now)
      await giveBack(tx, payment)
      return { payment_id: payment.id, status: 'voided', applied: true }
    }
    // R9.2, R9.16: of trial or offer payments confirmed side by side, the first confirmed is the
    // trial or the offer; the account's row is locked, so confirmations queue.
    const refusal: string | null = !schemeOk
      ? 'scheme_mismatch'
      : payment.purpose === 'card_check'
        ? null
        : settlementRefusal(await settlementFacts(tx, payment, plan.is_trial, now))
    if (refusal) {
      await tx.query(
        "UPDATE payments SET status = 'failed', failure = $2, operation = $3, card_last4 = $4, transaction_id = $5, card_brand = $6, check_claimed_at = NULL WHERE id = $1",
        [payment.id, refusal, n.outcome, n.cardLast4, n.transactionId, n.cardBrand],
      )
      await giveBack(tx, payment)
      return { payment_id: payment.id, status: 'failed', applied: true }
    }
    const marked = await tx.query(
      `UPDATE payments SET status = 'paid', failure = NULL, operation = $2, paid_at = $3, card_last4 = $4, transaction_id = $5, card_brand = $6
       WHERE id = $1 AND (status = 'pending' OR failure = 'declined') RETURNING id`,
      [payment.id, n.outcome, now.toISOString(), n.cardLast4, n.transactionId, n.cardBrand],
    )
    if (marked.length === 0) return { payment_id: payment.id, status: 'paid', applied: false }
    const [user] = await tx.query<{ sub_expires_at: Date | null; sub_started_at: Date | null }>(
      'SELECT sub_expires_at, sub_started_at FROM users WHERE id = $1 FOR UPDATE',
      [payment.user_id],
    )
    if (!user) throw new Error(`Payment ${payment.id} refers to a missing user`)
    const expires = asDate(user.sub_expires_at)
    const active = expires !== null && expires.getTime() > now.getTime()
    const base = active ? expires.getTime() : now.getTime()
    // R9.2: every plan applied closes the trial (it is the account's first Premium), so a trial is
    // never applied on top of another plan: the settlement refused it (trial_used) before this.
    await tx.query(
      `UPDATE users SET sub_plan_id = $2, sub_trial = $3, sub_started_at = $4, sub_expires_at = $5, sub_cancelled = false,
         trial_used = true, sub_payment_id = $6 WHERE id = $1`,
      [
        payment.user_id,
        plan.id,
        plan.is_trial,
        active ? asDate(user.sub_started_at)!.toISOString() : now.toISOString(),
        new Date(base + plan.days * DAY_MS).toISOString(),
        payment.id,
      ],
    )
    await keepRenewalCard(tx, payment, n, now)
    await settleReferral(tx, payment.user_id, payment.id, plan.is_trial, now)
    await sendReceipt(tx, payment.id, now, opts.supportEmail)
    return { payment_id: payment.id, status: 'paid', applied: true }
  })
  // Counted and returned once committed: a transaction rolled back changed nothing.
  if (result.applied) opts.metrics?.payment(result.status)
  if (returning) void opts.returns?.kick()
  return result
}
