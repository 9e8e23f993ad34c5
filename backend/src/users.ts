import type { MiddlewareHandler } from 'hono'
import { toMajor } from './catalog.ts'
import { randomToken, sha256 } from './crypto.ts'
import type { Db, Queryable } from './db.ts'
import { ApiError, type AppEnv } from './http.ts'
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

export interface TokenResponse {
  token: string
  token_type: 'Bearer'
  expires_in: number
  refresh_token: string
  refresh_expires_in: number
}

export interface TokenLifetimes {
  tokenTtlSeconds: number
  refreshTokenTtlSeconds: number
}

/** Stores a new access token and a new refresh token in a family; only their sha-256 is kept. */
async function issueInFamily(db: Queryable, userId: number, familyId: number, now: Date, ttl: TokenLifetimes): Promise<TokenResponse> {
  const token = randomToken(32)
  const refresh = randomToken(32)
  await db.query('INSERT INTO tokens (user_id, family_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    userId,
    familyId,
    sha256(token),
    now.toISOString(),
    new Date(now.getTime() + ttl.tokenTtlSeconds * 1000).toISOString(),
  ])
  await db.query('INSERT INTO refresh_tokens (family_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    familyId,
    sha256(refresh),
    now.toISOString(),
    new Date(now.getTime() + ttl.refreshTokenTtlSeconds * 1000).toISOString(),
  ])
  return {
    token,
    token_type: 'Bearer',
    expires_in: ttl.tokenTtlSeconds,
    refresh_token: refresh,
    refresh_expires_in: ttl.refreshTokenTtlSeconds,
  }
}

/** Signs a user in: a new token family (session) with its first access and refresh token. */
export async function issueToken(db: Queryable, userId: number, now: Date, ttl: TokenLifetimes): Promise<TokenResponse> {
  const [family] = await db.query<{ id: number }>('INSERT INTO token_families (user_id, created_at) VALUES ($1, $2) RETURNING id', [userId, now.toISOString()])
  return issueInFamily(db, userId, family!.id, now, ttl)
}

/**
 * Exchanges a refresh token for a new pair in the same family. A refresh token works once: a second
 * use (a stolen copy, or the owner after a thief) revokes the whole family, the access tokens included.
 * The family row is locked first, so two uses at the same moment are one use and one reuse.
 */
export async function refreshToken(db: Db, refresh: string, now: Date, ttl: TokenLifetimes): Promise<TokenResponse> {
  const unauthorized = (key: 'refresh_invalid' | 'refresh_reused') => new ApiError(401, key, {}, {}, { 'WWW-Authenticate': 'Bearer' })
  if (!/^[A-Za-z0-9_-]{43}$/.test(refresh)) throw unauthorized('refresh_invalid')
  const outcome = await db.transaction(async (tx) => {
    const [found] = await tx.query<{ family_id: number }>('SELECT family_id FROM refresh_tokens WHERE token_hash = $1', [sha256(refresh)])
    if (!found) return 'refresh_invalid' as const
    const [family] = await tx.query<{ user_id: number; revoked_at: Date | null }>('SELECT user_id, revoked_at FROM token_families WHERE id = $1 FOR UPDATE', [
      found.family_id,
    ])
    const [row] = await tx.query<{ id: number; expires_at: Date; used_at: Date | null }>(
      'SELECT id, expires_at, used_at FROM refresh_tokens WHERE token_hash = $1',
      [sha256(refresh)],
    )
    if (!family || !row || family.revoked_at !== null) return 'refresh_invalid' as const
    if (row.used_at !== null) {
      await tx.query('UPDATE token_families SET revoked_at = $2 WHERE id = $1', [found.family_id, now.toISOString()])
      return 'refresh_reused' as const
    }
    if (asDate(row.expires_at)!.getTime() <= now.getTime()) return 'refresh_invalid' as const
    await tx.query('UPDATE refresh_tokens SET used_at = $2 WHERE id = $1', [row.id, now.toISOString()])
    return issueInFamily(tx, family.user_id, found.family_id, now, ttl)
  })
  if (typeof outcome === 'string') throw unauthorized(outcome)
  return outcome
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{43})$/
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** The token of a bearer header, or null when it is missing or malformed. */
export function bearerToken(header: string | undefined): string | null {
  return (header ? BEARER.exec(header.trim())?.[1] : null) ?? null
}

/** Finds the user of a bearer header, or null when it is missing, malformed, unknown or expired. */
export async function userFromAuthorization(db: Queryable, header: string | undefined, now: Date): Promise<UserRow | null> {
  const token = bearerToken(header)
  return token ? userFromToken(db, token, now) : null
}

/**
 * Signs out the session of a live access token: revokes its family, which ends every access and
 * refresh token issued in it. A token from before families (no family) just expires now. False when
 * the token is not live (unknown, expired, or its session already ended).
 */
export async function endSessionOfToken(db: Queryable, token: string, now: Date): Promise<boolean> {
  if (!TOKEN.test(token)) return false
  const [row] = await db.query<{ id: number; family_id: number | null }>(
    `SELECT t.id, t.family_id FROM tokens t LEFT JOIN token_families f ON f.id = t.family_id
     WHERE t.token_hash = $1 AND t.expires_at > $2 AND f.revoked_at IS NULL`,
    [sha256(token), now.toISOString()],
  )
  if (!row) return false
  if (row.family_id === null) await db.query('UPDATE tokens SET expires_at = $2 WHERE id = $1', [row.id, now.toISOString()])
  else await db.query('UPDATE token_families SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [row.family_id, now.toISOString()])
  return true
}

/**
 * Signs out the session a refresh token belongs to (for a client whose access token has expired).
 * Any refresh token of the session names it: whoever holds an older one could end the session through
 * the reuse rule of POST /users/refresh anyway. False when it is unknown or its session already ended.
 */
export async function endSessionOfRefreshToken(db: Queryable, refresh: string, now: Date): Promise<boolean> {
  if (!TOKEN.test(refresh)) return false
  const rows = await db.query(
    `UPDATE token_families SET revoked_at = $2
     WHERE revoked_at IS NULL AND id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1) RETURNING id`,
    [sha256(refresh), now.toISOString()],
  )
  return rows.length > 0
}

/** Signs a user out everywhere: every session (family) is revoked, and tokens without one expire now. */
export async function endAllSessions(db: Queryable, userId: number, now: Date): Promise<void> {
  await db.query('UPDATE token_families SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [userId, now.toISOString()])
  await db.query('UPDATE tokens SET expires_at = $2 WHERE user_id = $1 AND family_id IS NULL AND expires_at > $2', [userId, now.toISOString()])
}

export async function userFromToken(db: Queryable, token: string, now: Date): Promise<UserRow | null> {
  if (!TOKEN.test(token)) return null
  return loadUser(db, { tokenHash: sha256(token) }, now)
}

/** 401 unless the request carries a valid, unexpired bearer token. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { db, now } = c.var.deps
  const user = await userFromAuthorization(db, c.req.header('authorization'), now())
  if (!user) throw new ApiError(401, 'unauthorized', {}, {}, { 'WWW-Authenticate': 'Bearer' })
  c.set('user', user)
  await next()
}
