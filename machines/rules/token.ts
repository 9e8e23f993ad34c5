/**
 * R3, R4, R8, R9: the auth token rules behind the auth machine's guards.
 * Pure functions: the current time is always an argument.
 */

/** R9: a token without an expiry lives this long. */
export const DEFAULT_TOKEN_MAX_AGE_S = 1800
/** R4, R9: a token counts as expired this long before its real expiry. */
export const TOKEN_EXPIRY_MARGIN_MS = 500
/** R3, R9: token and expiry are stored under this prefix, in a cookie and in local storage. */
export const AUTH_STORAGE_PREFIX = 'auth'
/** R6: requests carry `Authorization: Bearer <token>`. */
export const BEARER_PREFIX = 'Bearer '

/** The names under which the session is stored (cookie and local storage alike). */
export const AUTH_STORAGE_KEYS = {
  token: `${AUTH_STORAGE_PREFIX}._token.local`,
  tokenExpiration: `${AUTH_STORAGE_PREFIX}._token_expiration.local`,
  refreshToken: `${AUTH_STORAGE_PREFIX}._refresh_token.local`,
  refreshTokenExpiration: `${AUTH_STORAGE_PREFIX}._refresh_token_expiration.local`,
} as const

export type TokenStatus = 'unknown' | 'valid' | 'expired'

/**
 * R4: unknown when there is no token or no expiry; expired from
 * `TOKEN_EXPIRY_MARGIN_MS` before the expiry on; valid before that.
 */
export function tokenStatus(token: string | null | undefined, expiresAt: number | null | undefined, now: number): TokenStatus {
  // Number.isFinite is false for null and undefined too.
  if (!token || !Number.isFinite(expiresAt)) return 'unknown'
  return now < (expiresAt as number) - TOKEN_EXPIRY_MARGIN_MS ? 'valid' : 'expired'
}

/**
 * R9: the expiry timestamp (milliseconds) of a token issued at `now`.
 * `maxAgeSeconds` missing, null, zero or negative means the token has no expiry of its own:
 * it then lives `DEFAULT_TOKEN_MAX_AGE_S`.
 */
export function tokenExpiresAt(now: number, maxAgeSeconds?: number | null): number {
  const maxAge = Number.isFinite(maxAgeSeconds) && (maxAgeSeconds as number) > 0 ? (maxAgeSeconds as number) : DEFAULT_TOKEN_MAX_AGE_S
  return now + maxAge * 1000
}

/**
 * R9: the expiry of a stored token as the server and the auth machine both read it: the
 * stored expiry when there is a usable one, else the token has none of its own and lives
 * `DEFAULT_TOKEN_MAX_AGE_S` from `now`. Null without a token.
 */
export function restoredExpiresAt(token: string | null | undefined, storedExpiresAt: number | null | undefined, now: number): number | null {
  if (!token) return null
  return Number.isFinite(storedExpiresAt) ? (storedExpiresAt as number) : tokenExpiresAt(now)
}

/** R4: a refresh is possible while the refresh token itself is valid. */
export function canRefresh(refreshToken: string | null | undefined, refreshExpiresAt: number | null | undefined, now: number): boolean {
  if (!refreshToken) return false
  // A refresh token without a known expiry is tried; the server has the last word.
  if (refreshExpiresAt == null) return true
  return tokenStatus(refreshToken, refreshExpiresAt, now) === 'valid'
}

/** R6: the Authorization header value, or null when there is no token. */
export function bearerHeader(token: string | null | undefined): string | null {
  if (!token) return null
  return token.startsWith(BEARER_PREFIX) ? token : `${BEARER_PREFIX}${token}`
}

/** R3: the analytics payload's token: the logged-in user's token without the prefix, else null. */
export function analyticsToken(loggedIn: boolean, token: string | null | undefined): string | null {
  if (!loggedIn || !token) return null
  return token.startsWith(BEARER_PREFIX) ? token.slice(BEARER_PREFIX.length) : token
}

export const EXPIRED_SESSION_MESSAGE = 'Both token and refresh token have expired. Your request was aborted.'

/** R8: raised (to abort the request) when neither token nor refresh token is usable. */
export class ExpiredAuthSessionError extends Error {
  constructor() {
    super(EXPIRED_SESSION_MESSAGE)
    this.name = 'ExpiredAuthSessionError'
  }
}
