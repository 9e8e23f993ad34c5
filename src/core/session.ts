/**
 * The stored session as the server and the route guards read it (R3, R9): the token, its
 * expiry, the refresh token and its expiry, in milliseconds, under the prefix `auth`. The auth
 * machine owns the lifecycle and writes them; this module only reads them at the edge, with the
 * same shape checks on the server (the request's cookies) and in the browser (`document.cookie`).
 */
import { createIsomorphicFn } from '@tanstack/react-start'
import { getRequestHeader } from '@tanstack/react-start/server'
import { readCookie } from '#app/core/cookies.ts'
import { NO_SESSION, type SessionFacts, sessionState } from '#machines/rules/access.ts'
import { AUTH_STORAGE_KEYS } from '#machines/rules/token.ts'

const TOKEN = /^[A-Za-z0-9._~+/=-]{16,512}$/
const MILLISECONDS = /^\d{1,16}$/

function tokenFrom(raw: string | null): string | null {
  const token = raw?.replace(/^Bearer\s+/i, '').trim() ?? ''
  return TOKEN.test(token) ? token : null
}
function timeFrom(raw: string | null): number | null {
  return raw && MILLISECONDS.test(raw) ? Number(raw) : null
}

/** The stored session in a Cookie header; anything malformed counts as absent. */
export function sessionFacts(cookieHeader: string | null | undefined): SessionFacts {
  const token = tokenFrom(readCookie(cookieHeader, AUTH_STORAGE_KEYS.token))
  if (!token) return NO_SESSION
  const refreshToken = tokenFrom(readCookie(cookieHeader, AUTH_STORAGE_KEYS.refreshToken))
  return {
    token,
    expiresAt: timeFrom(readCookie(cookieHeader, AUTH_STORAGE_KEYS.tokenExpiration)),
    refreshToken,
    refreshExpiresAt: refreshToken ? timeFrom(readCookie(cookieHeader, AUTH_STORAGE_KEYS.refreshTokenExpiration)) : null,
  }
}

/** The token to call the backend with now, when the stored one is still valid (R4). */
export function liveToken(session: SessionFacts, now: number): string | null {
  return sessionState(session, now) === 'signedIn' ? session.token : null
}

export const readSession = createIsomorphicFn()
  .server((): SessionFacts => sessionFacts(getRequestHeader('cookie')))
  .client((): SessionFacts => sessionFacts(document.cookie))
