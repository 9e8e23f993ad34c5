/**
 * The visitor's session as the server renders a page with it (R3, R4, R9): the stored token
 * when it is valid; an expired one with a live refresh token is refreshed here, before the page
 * is rendered, and the new pair written back as cookies (R4: "if expired and a refresh is
 * possible, it is refreshed"); a session the backend no longer knows is removed.
 */
import { appendResponseHeader, deleteCookie, getRequest, getRequestHeader } from '@tanstack/react-start/server'
import { type Api, ApiError, createApi } from '#app/api/client.ts'
import type { User } from '#app/api/schemas.ts'
import { backendCallOptions } from '#app/core/log.server.ts'
import { readReferrerCode } from '#app/core/referrer.ts'
import { visitorAddress } from '#app/core/request.server.ts'
import { CONSTANTS, loadConfig } from '#config'
import { sessionState } from '#machines/rules/access.ts'
import type { Locale } from '#machines/rules/locale.ts'
import { AUTH_STORAGE_KEYS, tokenExpiresAt } from '#machines/rules/token.ts'
import { sessionCookies } from './auth-storage.ts'
import { sessionFacts } from './session.ts'

/** The backend no longer knows the session: the visitor is a guest again, in cookies too. */
export function clearSessionCookies(): void {
  for (const name of Object.values(AUTH_STORAGE_KEYS)) deleteCookie(name, { path: '/' })
}

export interface ServerSession {
  token: string
  /** The stored expiry (ms); null when the cookie had none (the token then lives 1800 s, R9). */
  expiresAt: number | null
}

/** The answer `store` keeps for the request being answered, made by `make` the first time it is asked. */
function oncePerRequest<T>(store: WeakMap<Request, Promise<T>>, make: () => Promise<T>): Promise<T> {
  const request = getRequest()
  let answer = store.get(request)
  if (!answer) {
    answer = make()
    // Every caller awaits it; this keeps a failure nobody else awaited from counting as unhandled.
    answer.catch(() => {})
    store.set(request, answer)
  }
  return answer
}

/** One answer per request: the page and its loaders render with the same (possibly refreshed) session. */
const sessions = new WeakMap<Request, Promise<ServerSession | null>>()

/** The session to render with, or null for a guest. `api` makes a client (with the token, or none). */
export function serverSession(api: (token: string | null) => Api, options: { now: number; crossOrigin: boolean }): Promise<ServerSession | null> {
  return oncePerRequest(sessions, () => resolveSession(api, options))
}

async function resolveSession(api: (token: string | null) => Api, options: { now: number; crossOrigin: boolean }): Promise<ServerSession | null> {
  const stored = sessionFacts(getRequestHeader('cookie'))
  const state = sessionState(stored, options.now)
  if (state === 'signedIn') return { token: stored.token!, expiresAt: stored.expiresAt }
  if (state === 'signedOut') return null
  try {
    const grant = await api(null).refresh(stored.refreshToken!)
    const expiresAt = tokenExpiresAt(options.now, grant.expires_in)
    const refreshToken = grant.refresh_token ?? stored.refreshToken
    const refreshExpiresAt = grant.refresh_token ? tokenExpiresAt(options.now, grant.refresh_expires_in) : stored.refreshExpiresAt
    for (const cookie of sessionCookies({ token: grant.token, expiresAt, refreshToken, refreshExpiresAt }, options.crossOrigin))
      appendResponseHeader('set-cookie', cookie)
    return { token: grant.token, expiresAt }
  } catch (error) {
    // Refused: the session is over. No answer: the browser's auth machine tries again.
    if (error instanceof ApiError && error.status !== null && error.status < 500) clearSessionCookies()
    return null
  }
}

/**
 * The backend as a page's server function calls it: in the page's language, giving up within the
 * render's time (decision 030); `fallbackMessage` words a failure without the backend's own.
 */
export function pageApi(locale: Locale, fallbackMessage?: () => string): (token: string | null) => Api {
  const { apiBase } = loadConfig()
  // R10.4: the backend counts wrong codes per visitor: it is told whose request this is.
  const visitor = visitorAddress(getRequest())
  const calls = backendCallOptions()
  const headers = { ...calls.headers, ...(visitor ? { 'x-forwarded-for': visitor } : {}) }
  return (token) =>
    createApi({
      base: apiBase,
      locale,
      token: () => token,
      timeoutMs: CONSTANTS.serverBackendTimeoutMs,
      ...calls,
      headers,
      // R9.17: a sign-in (Steam's answer) carries the invitation the visitor's browser keeps.
      invitation: () => readReferrerCode(getRequest().headers.get('cookie')),
      ...(fallbackMessage ? { fallbackMessage } : {}),
    })
}

/** The visitor's session for a page's server function, refreshed first when it must be (R4). */
export function pageSession(api: (token: string | null) => Api, now = Date.now()): Promise<ServerSession | null> {
  return serverSession(api, { now, crossOrigin: loadConfig().cookiesCrossOrigin })
}

/** One user per request: the site's context and a page's loader ask the backend once between them. */
const users = new WeakMap<Request, Promise<User>>()

/** The signed-in visitor's user (GET /users/me) for this request; each caller handles a failure its own way. */
export function pageUser(api: (token: string | null) => Api, session: ServerSession): Promise<User> {
  return oncePerRequest(users, () => api(session.token).me())
}
