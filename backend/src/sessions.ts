/**
 * Sessions: the token families a sign-in opens, their access and refresh tokens (only their sha-256
 * is kept), signing out, and the user a request's bearer token names.
 */
import type { MiddlewareHandler } from 'hono'
import { randomToken, sha256 } from './crypto.ts'
import type { Db, Queryable } from './db.ts'
import { ApiError, type AppEnv } from './http.ts'
import { asDate, loadUser, type UserRow } from './users.ts'

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
