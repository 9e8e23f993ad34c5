import { toMajor } from './catalog.ts'
import type { Queryable } from './db.ts'
import { ApiError, type Ctx } from './http.ts'
import type { Locale } from './i18n.ts'
import { REFERRAL_BONUS_DAYS } from './referrals.ts'

export const DAY_MS = 86_400_000
/** A device may be unlinked once per this period. */
export const DEVICE_RESET_INTERVAL_MS = DAY_MS

export interface UserRow {
  id: number
  /** Null for a user who signed up with Steam and has not added an e-mail yet. */
  email: string | null
  steam_id: string | null
  display_name: string | null
  email_confirmed: boolean
  password_hash: string | null
  locale: string
  referral_code: string
  referrer_code: string | null
  device_id: string | null
  device_bound_at: Date | null
  device_last_reset_at: Date | null
  sub_plan_id: number | null
  sub_trial: boolean
  sub_started_at: Date | null
  sub_expires_at: Date | null
  sub_cancelled: boolean
  trial_used: boolean
  created_at: Date
  plan_name_en: string | null
  plan_name_ru: string | null
  plan_name_de: string | null
  plan_days: number | null
  pending_email: string | null
  sub_payment_id: number | null
  /** What a renewal charges: the plan, its days and its price in the subscriber's currency. */
  renew_plan_id: number | null
  renew_days: number | null
  renew_price_minor: number | null
  sub_currency: string | null
  /** The country group the subscription was paid in: its currency is every later charge's (R9.15). */
  sub_group_id: number | null
  sub_offer: boolean | null
  /** R9.17: who joined through the user's link, who of them paid, and the bonus days credited and waiting. */
  ref_friends: number
  ref_friends_paid: number
  ref_days_earned: number
  ref_days_pending: number
}

/** Timestamps come back as Date from both drivers; strings are accepted to be safe. */
export function asDate(value: Date | string | null): Date | null {
  if (value === null) return null
  return value instanceof Date ? value : new Date(value)
}

const iso = (value: Date | string | null) => asDate(value)?.toISOString() ?? null

/** Who a user is looked up by: the id, the e-mail, or the hash of a live access token. */
type UserKey = { id: number } | { email: string } | { tokenHash: string }

/**
 * A token of a revoked family is dead even before it expires; tokens without a family just
 * expire. Part of the user's own query: one statement per authenticated request.
 */
const LIVE_TOKEN_USER = `(SELECT t.user_id FROM tokens t LEFT JOIN token_families f ON f.id = t.family_id
   WHERE t.token_hash = $1 AND t.expires_at > $2 AND f.revoked_at IS NULL)`

function userWhere(key: UserKey): { sql: string; value: number | string } {
  if ('id' in key) return { sql: 'u.id = $1', value: key.id }
  if ('email' in key) return { sql: 'u.email = $1', value: key.email }
  return { sql: `u.id = ${LIVE_TOKEN_USER}`, value: key.tokenHash }
}

export async function loadUser(db: Queryable, key: UserKey, now: Date): Promise<UserRow | null> {
  const where = userWhere(key)
  const rows = await db.query<UserRow>(
    `SELECT u.*, s.name_en AS plan_name_en, s.name_ru AS plan_name_ru, s.name_de AS plan_name_de, s.days AS plan_days,
       (SELECT c.email FROM auth_codes c
         WHERE c.user_id = u.id AND c.purpose = 'email_change' AND c.used_at IS NULL AND c.expires_at > $2
         ORDER BY c.id DESC LIMIT 1) AS pending_email,
       r.id AS renew_plan_id, r.days AS renew_days, rp.actual_minor AS renew_price_minor, g.currency AS sub_currency, g.id AS sub_group_id,
       lp.special_offer AS sub_offer,
       (SELECT count(*)::int FROM users f WHERE f.referrer_code = u.referral_code) AS ref_friends,
       (SELECT count(*)::int FROM referral_bonuses b WHERE b.user_id = u.id AND b.role = 'inviter') AS ref_friends_paid,
       (SELECT COALESCE(sum(b.days), 0)::int FROM referral_bonuses b WHERE b.user_id = u.id AND b.credited_at IS NOT NULL) AS ref_days_earned,
       (SELECT COALESCE(sum(b.days), 0)::int FROM referral_bonuses b WHERE b.user_id = u.id AND b.credited_at IS NULL) AS ref_days_pending
     FROM users u
     LEFT JOIN subscriptions s ON s.id = u.sub_plan_id
     LEFT JOIN subscriptions r ON r.id = s.renews_into
     LEFT JOIN payments lp ON lp.id = u.sub_payment_id
     LEFT JOIN country_groups g ON g.id = COALESCE(lp.country_group_id, (SELECT id FROM country_groups WHERE locale = u.locale))
     LEFT JOIN subscription_prices rp ON rp.subscription_id = r.id AND rp.country_group_id = g.id
     WHERE ${where.sql}`,
    [where.value, now.toISOString()],
  )
  return rows[0] ?? null
}

/**
 * R9.15: one currency per subscription. A user who has (or had) a subscription is priced in the
 * country group it was paid in, whatever the page's language; others in their request's group.
 */
export function subscriptionGroup(user: Pick<UserRow, 'sub_plan_id' | 'sub_group_id'>): number | null {
  return user.sub_plan_id === null ? null : user.sub_group_id
}

export function isSubscriptionActive(user: Pick<UserRow, 'sub_expires_at'>, now: Date): boolean {
  const expires = asDate(user.sub_expires_at)
  return expires !== null && expires.getTime() > now.getTime()
}

/** The user object of GET /users/me (and of every `{ message, user }` answer). */
export function serializeUser(user: UserRow, locale: Locale, now: Date) {
  const active = isSubscriptionActive(user, now)
  const expires = asDate(user.sub_expires_at)
  const lastReset = asDate(user.device_last_reset_at)
  const scope = ['user']
  if (active) scope.push('premium')
  if (active && user.sub_trial) scope.push('trial')
  return {
    id: user.id,
    email: user.email,
    email_confirmed: user.email_confirmed,
    steam_id: user.steam_id,
    display_name: user.display_name,
    has_password: user.password_hash !== null,
    locale: user.locale,
    referral_code: user.referral_code,
    referrer_code: user.referrer_code,
    pending_email: user.pending_email,
    device: {
      bound: user.device_id !== null,
      bound_at: iso(user.device_bound_at),
      last_reset_at: iso(lastReset),
      next_reset_at: lastReset ? new Date(lastReset.getTime() + DEVICE_RESET_INTERVAL_MS).toISOString() : null,
    },
    subscription:
      user.sub_plan_id === null || expires === null
        ? null
        : {
            active,
            trial: user.sub_trial,
            plan_id: user.sub_plan_id,
            plan_name: { en: user.plan_name_en, ru: user.plan_name_ru, de: user.plan_name_de }[locale] ?? '',
            days: user.plan_days ?? 0,
            started_at: iso(user.sub_started_at),
            expires_at: expires.toISOString(),
            days_left: active ? Math.ceil((expires.getTime() - now.getTime()) / DAY_MS) : 0,
            cancelled: user.sub_cancelled,
            auto_renew: !user.sub_cancelled,
            next_charge_at: active && !user.sub_cancelled ? expires.toISOString() : null,
            next_charge_amount: user.renew_price_minor === null ? null : toMajor(user.renew_price_minor),
            currency: user.sub_currency,
            country_group_id: user.sub_group_id,
            renews_into: user.renew_plan_id === null ? null : { subscription_id: user.renew_plan_id, days: user.renew_days ?? 0 },
            plan_days: user.plan_days ?? 0,
            offer: user.sub_offer === true,
          },
    trial_used: user.trial_used,
    // R9.17, an extension of R3's user fields: the invitation link's results.
    referral: {
      friends_joined: user.ref_friends,
      friends_paid: user.ref_friends_paid,
      days_earned: user.ref_days_earned,
      days_pending: user.ref_days_pending,
      days_per_friend: REFERRAL_BONUS_DAYS,
    },
    scope,
    created_at: iso(user.created_at),
  }
}

export type UserObject = ReturnType<typeof serializeUser>

/** The user of a `{ message, user }` answer, read again after the change it answers, in the request's language. */
export async function freshUser(c: Ctx, userId: number) {
  const { db, now } = c.var.deps
  const user = await loadUser(db, { id: userId }, now())
  if (!user) throw new ApiError(404, 'not_found')
  return serializeUser(user, c.var.locale, now())
}
