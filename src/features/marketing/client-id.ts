/**
 * R5, R8: the analytics client id. Pure: the cookie header and the configured cookie name
 * are arguments.
 *
 * - A configured cookie (`ANALYTICS_CLIENT_ID_COOKIE`) is the only source when it is set:
 *   missing or empty, the result is the reason `#1`.
 * - Otherwise the `_ga` cookie is read and its version prefix (`GA1.1.`) stripped: missing,
 *   empty or without an id after the prefix, the result is the reason `#2`.
 *
 * The console then says "google client id not found (#1)" or "(#2)".
 *
 * With a configured cookie, the id is kept there: when it is absent and `_ga` carries an id,
 * `clientIdCookieToStore` gives the cookie to write (R9: 31536000 s, path /).
 */
import { COOKIES, readCookie } from '#app/core/cookies.ts'
import { trackingCookie } from '#app/core/utm.ts'

export type ClientIdResult = { ok: true; clientId: string; source: string } | { ok: false; reason: '#1' | '#2' }

/** `GA1.1.123.456` → `123.456`; `GA1.2.` and `GS1.1.` style prefixes too; a bare id stays as it is. */
export function stripGaPrefix(value: string): string {
  return value.trim().replace(/^G[AS]\d+\.\d+\./, '')
}

export function clientIdNotFoundMessage(reason: '#1' | '#2'): string {
  return `google client id not found (${reason})`
}

export function readClientId(cookieHeader: string | null | undefined, configuredCookie: string | null): ClientIdResult {
  const name = configuredCookie ?? COOKIES.ga
  const raw = readCookie(cookieHeader, name)
  const id = raw ? stripGaPrefix(raw) : ''
  if (id) return { ok: true, clientId: id, source: name }
  return { ok: false, reason: configuredCookie ? '#1' : '#2' }
}

/**
 * The configured client-id cookie to write, or null: only when a cookie is configured (other
 * than `_ga` itself), it is absent or empty, and `_ga` yields a client id.
 */
export function clientIdCookieToStore(cookieHeader: string | null | undefined, configuredCookie: string | null, crossOrigin = false): string | null {
  if (!configuredCookie || configuredCookie === COOKIES.ga) return null
  if (readCookie(cookieHeader, configuredCookie)?.trim()) return null
  const ga = readCookie(cookieHeader, COOKIES.ga)
  const id = ga ? stripGaPrefix(ga) : ''
  return id ? trackingCookie(configuredCookie, id, crossOrigin) : null
}
