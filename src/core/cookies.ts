/**
 * R9: every cookie the site reads or writes, by name, and the attributes of those it writes:
 * path `/`, and `SameSite=Lax`, or `SameSite=None; Secure` when the site runs cross-origin
 * (`COOKIES_CROSS_ORIGIN`). The session's names are the auth machine's storage keys.
 */
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, type ConsentChoice, consentCookieValue, readConsent } from '#machines/rules/consent.ts'
import { LOCALE_COOKIE } from '#machines/rules/locale.ts'
import { AUTH_STORAGE_KEYS } from '#machines/rules/token.ts'

export const COOKIES = {
  /** The session: token, its expiry, the refresh token and its expiry. */
  ...AUTH_STORAGE_KEYS,
  /** The language a visitor chose. */
  locale: LOCALE_COOKIE,
  /** The referral code a `/join` link left. */
  referrer: 'referrer_link_code',
  /** The utm parameters of the visit that brought the visitor. */
  utm: 'utm',
  /** A form's outcome after a post without JavaScript (decision 063). */
  flash: 'form_flash',
  /** The analytics client id. */
  ga: '_ga',
  /** The state of a Steam sign-in this browser started (HttpOnly, 10 minutes, used once). */
  openidState: 'openid_state',
  /** The visitor's cookie choice. */
  consent: CONSENT_COOKIE,
} as const

export function cookieAttributes(crossOrigin: boolean): string {
  return crossOrigin ? 'Path=/; SameSite=None; Secure' : 'Path=/; SameSite=Lax'
}

/**
 * R10.12: a cookie as it is stored on a page of `protocol` (`location.protocol`, `https:` or `http:`):
 * over https it is `Secure`, so it never travels over plain http. The server adds the same to
 * every `Set-Cookie` of an https visit (src/server/respond.server.ts).
 */
export function cookieForPage(cookie: string, protocol: string): string {
  return protocol === 'https:' && !/;\s*secure\s*(?:;|$)/i.test(cookie) ? `${cookie}; Secure` : cookie
}

/** Stores a cookie in the browser: the one writer of `document.cookie` in the site's code (Secure on an https page). */
export function writeCookie(cookie: string): void {
  document.cookie = cookieForPage(cookie, location.protocol)
}

/** A cookie that lives `maxAgeSeconds`. */
export function setCookieString(name: string, value: string, maxAgeSeconds: number, crossOrigin: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; ${cookieAttributes(crossOrigin)}`
}

/** Read one cookie from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim()
      try {
        return decodeURIComponent(value)
      } catch {
        return value
      }
    }
  }
  return null
}

/** Whether a Cookie header carries a cookie of that name (whatever its value). */
export function hasCookie(header: string, name: string): boolean {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    const key = (eq === -1 ? part : part.slice(0, eq)).trim()
    if (key === name) return true
  }
  return false
}

/** Whether a request carries a session (signed-in pages are never shared between visitors). */
export function carriesSession(header: string | null | undefined): boolean {
  return !!header && hasCookie(header, COOKIES.token)
}

/** R9.24: the choice's cookie, for 12 months. */
export function consentCookie(choice: ConsentChoice, at: number, crossOrigin: boolean): string {
  return `${CONSENT_COOKIE}=${consentCookieValue(choice, at)}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; ${cookieAttributes(crossOrigin)}`
}

/** R9.23: what a Cookie header's choice allows (null: no choice of this version of the policy, nothing optional). */
export function consentOf(header: string | null | undefined): ConsentChoice | null {
  return readConsent(readCookie(header, CONSENT_COOKIE))?.choice ?? null
}

/** The names of the cookies in a Cookie header (or `document.cookie`). */
export function cookieNames(header: string | null | undefined): string[] {
  if (!header) return []
  return header
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter(Boolean)
}

/**
 * R9.24: the `Set-Cookie` values that delete a cookie wherever the site or a provider may have put
 * it: on the host, and on each parent domain (an analytics script writes its cookie for the
 * registrable domain, `.example.com`).
 */
export function expiredCookies(name: string, host: string): string[] {
  const hostname = host.replace(/:\d+$/, '')
  const labels = hostname.split('.')
  const domains = /^[\d.]+$/.test(hostname) || labels.length < 2 ? [] : labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'))
  return [`${name}=; Max-Age=0; Path=/`, ...domains.map((domain) => `${name}=; Max-Age=0; Path=/; Domain=.${domain}`)]
}
