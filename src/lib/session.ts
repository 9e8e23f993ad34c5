/**
 * The auth cookie as the server and the router's access rules read it (spec 3, 9): the token
 * and its expiry in milliseconds under the prefix `auth`. The auth machine owns the
 * lifecycle; this module only answers "is there a live session?" at the edge.
 */
import { createIsomorphicFn } from '@tanstack/react-start'
import { getRequestHeader } from '@tanstack/react-start/server'
import { AUTH_STORAGE_KEYS, restoredExpiresAt, tokenStatus } from '#machines/rules/token'
import { readCookie } from './locale'

export const AUTH_TOKEN_COOKIE = AUTH_STORAGE_KEYS.token
export const AUTH_EXPIRES_COOKIE = AUTH_STORAGE_KEYS.tokenExpiration

export interface SessionSnapshot {
  loggedIn: boolean
  /** The bearer token without its prefix, when logged in. */
  token: string | null
  /**
   * The stored expiry (ms). Null when the cookie has none: the token then lives 1800 s from
   * the request (spec 9), here as in the auth machine, which stores that expiry back.
   */
  expiresAt: number | null
}

export const NO_SESSION: SessionSnapshot = Object.freeze({ loggedIn: false, token: null, expiresAt: null })

export function sessionFromCookieHeader(cookieHeader: string | null | undefined, now: number): SessionSnapshot {
  const raw = readCookie(cookieHeader, AUTH_TOKEN_COOKIE)
  if (!raw) return NO_SESSION
  const token = raw.replace(/^Bearer\s+/i, '').trim()
  if (!/^[A-Za-z0-9._~+/=-]{16,512}$/.test(token)) return NO_SESSION
  const expiresRaw = readCookie(cookieHeader, AUTH_EXPIRES_COOKIE)
  const expiresAt = expiresRaw && /^\d{1,16}$/.test(expiresRaw) ? Number(expiresRaw) : null
  // Spec 9: a token without an expiry counts as issued now, for 1800 s (the same rule as the auth machine's).
  if (tokenStatus(token, restoredExpiresAt(token, expiresAt, now), now) !== 'valid') return NO_SESSION
  return { loggedIn: true, token, expiresAt }
}

export const readSession = createIsomorphicFn()
  .server((): SessionSnapshot => sessionFromCookieHeader(getRequestHeader('cookie'), Date.now()))
  .client((): SessionSnapshot => sessionFromCookieHeader(document.cookie, Date.now()))
