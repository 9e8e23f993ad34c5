/**
 * Where the session lives in the browser (R3, R9): token, expiry (milliseconds), refresh
 * token and its expiry under the `auth` prefix, in cookies (so the server renders the first paint
 * logged in and its guards read them) and in local storage. The cookies live as long as the
 * session can go on: until the refresh token expires when there is one, else until the token
 * does. The auth machine calls these through its `storeSession` and `clearStoredSession` actions.
 */

import { cookieAttributes, writeCookie } from '#app/core/cookies.ts'
import type { StoreSessionParams } from '#machines/auth-types.ts'
import { AUTH_STORAGE_KEYS, bearerHeader } from '#machines/rules/token.ts'

function cookie(name: string, value: string, expiresAt: number | null, crossOrigin: boolean): string {
  const expiry = expiresAt === null ? 'Max-Age=0' : `Expires=${new Date(expiresAt).toUTCString()}`
  return `${name}=${encodeURIComponent(value)}; ${expiry}; ${cookieAttributes(crossOrigin)}`
}

/** The stored session's name/value pairs (null: removed) and until when the cookies live. */
function sessionEntries(session: StoreSessionParams): { values: [string, string | null][]; until: number } {
  const values: [string, string | null][] = [
    [AUTH_STORAGE_KEYS.token, bearerHeader(session.token) ?? ''],
    [AUTH_STORAGE_KEYS.tokenExpiration, String(session.expiresAt)],
    [AUTH_STORAGE_KEYS.refreshToken, session.refreshToken],
    [AUTH_STORAGE_KEYS.refreshTokenExpiration, session.refreshToken && session.refreshExpiresAt !== null ? String(session.refreshExpiresAt) : null],
  ]
  const until = Math.max(session.expiresAt, session.refreshToken ? (session.refreshExpiresAt ?? session.expiresAt) : session.expiresAt)
  return { values, until }
}

/** The `Set-Cookie` values of a stored session (the server writes them when it refreshes one). */
export function sessionCookies(session: StoreSessionParams, crossOrigin = false): string[] {
  const { values, until } = sessionEntries(session)
  return values.map(([key, value]) => cookie(key, value ?? '', value === null ? null : until, crossOrigin))
}

export function storeSession(session: StoreSessionParams, crossOrigin = false): void {
  const { values } = sessionEntries(session)
  const cookies = sessionCookies(session, crossOrigin)
  values.forEach(([key, value], i) => {
    writeCookie(cookies[i]!)
    try {
      if (value === null) localStorage.removeItem(key)
      else localStorage.setItem(key, value)
    } catch {
      // Storage may be unavailable (private mode, quota): the cookie is enough.
    }
  })
}

/** The `Set-Cookie` values that remove a stored session (the server's logout, a session the backend no longer knows). */
export function expiredSessionCookies(crossOrigin = false): string[] {
  return Object.values(AUTH_STORAGE_KEYS).map((key) => cookie(key, '', null, crossOrigin))
}

export function clearStoredSession(crossOrigin = false): void {
  for (const key of Object.values(AUTH_STORAGE_KEYS)) {
    writeCookie(cookie(key, '', null, crossOrigin))
    try {
      localStorage.removeItem(key)
    } catch {
      // ignore
    }
  }
}
