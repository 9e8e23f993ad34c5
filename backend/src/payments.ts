import type { Db } from './db'
import { ApiError } from './http'
import { DAY_MS, asDate } from './users'

export type Provider = 'cloudpayments' | 'payselection'

export interface Confirmation {
  provider: Provider
  paymentId: number
  amountMinor: number
  currency: string
  success: boolean
  cardLast4: string | null
  transactionId: string | null
}

export interface ConfirmationResult {
  payment_id: number
  status: 'paid' | 'failed' | 'pending'
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
  status: 'pending' | 'paid' | 'failed'
}

/**
 * Applies a provider notification. The user comes from the payment row, never from the notification;
 * a payment that is no longer pending is left as it is, so a repeated notification changes nothing.
 */
export async function confirmPayment(db: Db, n: Confirmation, now: Date): Promise<ConfirmationResult> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.query<PaymentRow>(
      'SELECT id, user_id, subscription_id, service, amount_minor, currency, status FROM payments WHERE id = $1 FOR UPDATE',
      [n.paymentId],
    )
    if (!payment || payment.service !== n.provider) throw new ApiError(404, 'payment_not_found')
    if (payment.amount_minor !== n.amountMinor || payment.currency !== n.currency.toUpperCase())
      throw new ApiError(422, 'payment_mismatch')
    if (payment.status !== 'pending') return { payment_id: payment.id, status: payment.status, applied: false }
    if (!n.success) {
      await tx.query("UPDATE payments SET status = 'failed', card_last4 = $2, transaction_id = $3 WHERE id = $1", [
        payment.id,
        n.cardLast4,
        n.transactionId,
      ])
      return { payment_id: payment.id, status: 'failed', applied: true }
    }
    const marked = await tx.query(
      "UPDATE payments SET status = 'paid', paid_at = $2, card_last4 = $3, transaction_id = $4 WHERE id = $1 AND status = 'pending' RETURNING id",
      [payment.id, now.toISOString(), n.cardLast4, n.transactionId],
    )
    if (marked.length === 0) return { payment_id: payment.id, status: 'paid', applied: false }
    const [plan] = await tx.query<{ id: number; days: number; is_trial: boolean }>('SELECT id, days, is_trial FROM subscriptions WHERE id = $1', [
      payment.subscription_id,
    ])
    const [user] = await tx.query<{ sub_plan_id: number | null; sub_trial: boolean; sub_expires_at: Date | null; sub_started_at: Date | null }>(
      'SELECT sub_plan_id, sub_trial, sub_expires_at, sub_started_at FROM users WHERE id = $1 FOR UPDATE',
      [payment.user_id],
    )
    if (!plan || !user) throw new Error(`Payment ${payment.id} refers to a missing plan or user`)
    const expires = asDate(user.sub_expires_at)
    const active = expires !== null && expires.getTime() > now.getTime()
    const base = active ? expires.getTime() : now.getTime()
    // A trial bought on top of an active paid plan only adds its days; the paid plan stays.
    const keepPaid = plan.is_trial && active && !user.sub_trial
    await tx.query(
      `UPDATE users SET sub_plan_id = $2, sub_trial = $3, sub_started_at = $4, sub_expires_at = $5, sub_cancelled = false,
         trial_used = trial_used OR $6 WHERE id = $1`,
      [
        payment.user_id,
        keepPaid ? user.sub_plan_id : plan.id,
        keepPaid ? false : plan.is_trial,
        active ? asDate(user.sub_started_at)!.toISOString() : now.toISOString(),
        new Date(base + plan.days * DAY_MS).toISOString(),
        plan.is_trial,
      ],
    )
    return { payment_id: payment.id, status: 'paid', applied: true }
  })
}
