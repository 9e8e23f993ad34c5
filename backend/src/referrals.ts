/**
 * R9.17, decision 120: the referral and its bonus. A visitor who signs up through a friend's
 * invitation link is that friend's referral: fixed once, at sign-up (the account's first proof of its
 * e-mail, or its first Steam sign-in), from the invitation the proving browser brought; never to
 * oneself, never in a loop. The referral earns REFERRAL_BONUS_DAYS of Premium for themselves and the
 * same for the friend who invited them, at their first paid payment of a plan other than the trial.
 * A beneficiary whose subscription is active gets the days added to it at once; one without gets
 * them at their next paid payment that is not the trial.
 */
import type { Queryable } from './db.ts'

/** The days each side of a referral earns: the invited friend and the inviter. */
export const REFERRAL_BONUS_DAYS = 7
const DAY_MS = 86_400_000

/** Whether a paid payment earns the referral bonus: a friend's link brought the payer, the plan is no trial, and it is their first such payment. */
export function earnsReferralBonus(payment: { isTrial: boolean; referrerCode: string | null; paidBefore: boolean }): boolean {
  return !payment.isTrial && payment.referrerCode !== null && !payment.paidBefore
}

/**
 * Whether an account signing up becomes the referral of an invitation's owner: only at its sign-up,
 * only once, of a signed-up inviter, not its own, and not of the account it invited (a loop).
 */
export function mayRefer(r: {
  signingUp: boolean
  userId: number
  inviter: { id: number; signedUp: boolean; referrerCode: string | null }
  userCode: string
}): boolean {
  return r.signingUp && r.inviter.signedUp && r.inviter.id !== r.userId && r.inviter.referrerCode !== r.userCode
}

/**
 * Signs an account up at its first proof (a sign-in by code or link, a first Steam sign-in) and fixes
 * its referral from the invitation code the proving browser brought, if mayRefer allows. A later
 * sign-in changes nothing. Run in the transaction of the sign-in.
 */
export async function signUp(tx: Queryable, userId: number, invitation: string | null | undefined, now: Date): Promise<void> {
  const [user] = await tx.query<{ signed_up_at: unknown; referral_code: string }>('SELECT signed_up_at, referral_code FROM users WHERE id = $1 FOR UPDATE', [
    userId,
  ])
  if (!user || user.signed_up_at !== null) return
  let referrer: string | null = null
  if (invitation && /^[A-Za-z0-9_-]{1,64}$/.test(invitation)) {
    const [inviter] = await tx.query<{ id: number; referral_code: string; referrer_code: string | null; signed_up_at: unknown }>(
      'SELECT id, referral_code, referrer_code, signed_up_at FROM users WHERE referral_code = $1',
      [invitation.toUpperCase()],
    )
    const allowed =
      inviter !== undefined &&
      mayRefer({
        signingUp: true,
        userId,
        inviter: { id: inviter.id, signedUp: inviter.signed_up_at !== null, referrerCode: inviter.referrer_code },
        userCode: user.referral_code,
      })
    if (allowed) referrer = inviter.referral_code
  }
  // A referrer written before sign-up (by a code request, before this rule) is not kept.
  await tx.query('UPDATE users SET signed_up_at = $2, referrer_code = $3 WHERE id = $1', [userId, now.toISOString(), referrer])
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
  // The trial earns nothing and pays nothing out: waiting days go to a period that was paid for.
  if (isTrial) return
  const waiting = await tx.query<{ id: number; days: number }>('SELECT id, days FROM referral_bonuses WHERE user_id = $1 AND credited_at IS NULL', [payerId])
  for (const bonus of waiting) {
    if (await addDays(tx, payerId, bonus.days, now)) {
      await tx.query('UPDATE referral_bonuses SET credited_at = $2 WHERE id = $1', [bonus.id, now.toISOString()])
    }
  }
  const [payer] = await tx.query<{ referrer_code: string | null; paid_before: number }>(
    `SELECT referrer_code,
       (SELECT count(*)::int FROM payments p JOIN subscriptions s ON s.id = p.subscription_id
        WHERE p.user_id = u.id AND p.id <> $2 AND p.status = 'paid' AND p.purpose = 'subscription' AND NOT s.is_trial) AS paid_before
     FROM users u WHERE id = $1`,
    [payerId, paymentId],
  )
  if (!payer || !earnsReferralBonus({ isTrial, referrerCode: payer.referrer_code, paidBefore: payer.paid_before > 0 })) return
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
