/**
 * Where the session lives in the browser (spec 3, 9): token and expiry (milliseconds) under
 * the `auth` prefix, in a cookie (so the server renders the first paint logged in) and in
 * local storage. The auth machine calls these through its `storeSession` and
 * `clearStoredSession` actions.
 */
import { AUTH_STORAGE_KEYS, bearerHeader } from '#machines/rules/token'
import type { StoreSessionParams } from '#machines/auth'

function cookie(name: string, value: string, expiresAt: number | null, crossOrigin: boolean): string {
  const site = crossOrigin ? 'SameSite=None; Secure' : 'SameSite=Lax'
  const expiry = expiresAt === null ? 'Max-Age=0' : `Expires=${new Date(expiresAt).toUTCString()}`
  return `${name}=${encodeURIComponent(value)}; ${expiry}; Path=/; ${site}`
}

export function storeSession(session: StoreSessionParams, crossOrigin = false): void {
  const token = bearerHeader(session.token) ?? ''
  document.cookie = cookie(AUTH_STORAGE_KEYS.token, token, session.expiresAt, crossOrigin)
  document.cookie = cookie(AUTH_STORAGE_KEYS.tokenExpiration, String(session.expiresAt), session.expiresAt, crossOrigin)
  try {
    localStorage.setItem(AUTH_STORAGE_KEYS.token, token)
    localStorage.setItem(AUTH_STORAGE_KEYS.tokenExpiration, String(session.expiresAt))
  } catch {
    // Storage may be unavailable (private mode, quota): the cookie is enough.
  }
}

export function clearStoredSession(crossOrigin = false): void {
  for (const key of Object.values(AUTH_STORAGE_KEYS)) {
    document.cookie = cookie(key, '', null, crossOrigin)
    try {
      localStorage.removeItem(key)
    } catch {
      // ignore
    }
  }
}
