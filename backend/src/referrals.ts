/**
 * R9.17: the referral bonus. A visitor who signs up through a friend's invitation link (their
 * `referrer_code`) earns REFERRAL_BONUS_DAYS of Premium for themselves and the same for the
 * friend who invited them, at their first paid payment of a plan other than the trial; once per
 * invited friend. A beneficiary whose subscription is active gets the days added to it at once;
 * one without gets them at their next paid payment.
 */
import type { Queryable } from './db.ts'

/** The days each side of a referral earns: the invited friend and the inviter. */
export const REFERRAL_BONUS_DAYS = 7
const DAY_MS = 86_400_000

/** Whether a paid payment earns the referral bonus: a friend's link brought the payer, the plan is no trial, and they have not earned it yet. */
export function earnsReferralBonus(payment: { isTrial: boolean; referrerCode: string | null; earnedBefore: boolean }): boolean {
  return !payment.isTrial && payment.referrerCode !== null && !payment.earnedBefore
}

/** Adds `days` to a user's subscription when it is active at `now`; answers whether it did. */
async function addDays(tx: Queryable, userId: number, days: number, now: Date): Promise<boolean> {
  const [user] = await tx.query<{ sub_expires_at: Date | string | null }>('SELECT sub_expires_at FROM users WHERE id = $1 FOR UPDATE', [userId])
  const expires = user?.sub_expires_at ? new Date(user.sub_expires_at) : null
  if (!expires || expires.getTime() <= now.getTime()) return false
  await tx.query('UPDATE users SET sub_expires_at = $2 WHERE id = $1', [userId, new Date(expires.getTime() + days * DAY_MS).toISOString()])
  return true
}

/**
 * Run inside the transaction that marked `paymentId` paid and extended its payer's subscription:
 * the payer's bonus days still waiting are added to it, then the payment earns the referral bonus
 * when R9.17 says so.
 */
export async function settleReferral(tx: Queryable, payerId: number, paymentId: number, isTrial: boolean, now: Date): Promise<void> {
  const waiting = await tx.query<{ id: number; days: number }>('SELECT id, days FROM referral_bonuses WHERE user_id = $1 AND credited_at IS NULL', [payerId])
  for (const bonus of waiting) {
    if (await addDays(tx, payerId, bonus.days, now)) {
      await tx.query('UPDATE referral_bonuses SET credited_at = $2 WHERE id = $1', [bonus.id, now.toISOString()])
    }
  }
  const [payer] = await tx.query<{ referrer_code: string | null; earned: number }>(
    `SELECT referrer_code, (SELECT count(*)::int FROM referral_bonuses WHERE friend_id = u.id AND role = 'friend') AS earned
     FROM users u WHERE id = $1`,
    [payerId],
  )
  if (!payer || !earnsReferralBonus({ isTrial, referrerCode: payer.referrer_code, earnedBefore: payer.earned > 0 })) return
  const [inviter] = await tx.query<{ id: number }>('SELECT id FROM users WHERE referral_code = $1 AND id <> $2', [payer.referrer_code, payerId])
  if (!inviter) return
  for (const [userId, role] of [
    [payerId, 'friend'],
    [inviter.id, 'inviter'],
  ] as const) {
    const credited = await addDays(tx, userId, REFERRAL_BONUS_DAYS, now)
    await tx.query(
      `INSERT INTO referral_bonuses (user_id, friend_id, role, days, payment_id, earned_at, credited_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (friend_id, role) DO NOTHING`,
      [userId, payerId, role, REFERRAL_BONUS_DAYS, paymentId, now.toISOString(), credited ? now.toISOString() : null],
    )
  }
}
