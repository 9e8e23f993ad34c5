/**
 * R9: every cookie the site reads or writes, by name, and the attributes of those it writes:
 * path `/`, and `SameSite=Lax`, or `SameSite=None; Secure` when the site runs cross-origin
 * (`COOKIES_CROSS_ORIGIN`). The session's names are the auth machine's storage keys.
 */
import { parse, parseSetCookie, serialize } from 'cookie-es'
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
  /** R10.6: the state of a Steam sign-in this browser started (HttpOnly, 10 minutes, used once). */
  openidState: 'openid_state',
  /** R9.24: the visitor's cookie choice. */
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
  return protocol === 'https:' && !parseSetCookie(cookie)?.secure ? `${cookie}; Secure` : cookie
}

/** Stores a cookie in the browser: the one writer of `document.cookie` in the site's code (Secure on an https page). */
export function writeCookie(cookie: string): void {
  document.cookie = cookieForPage(cookie, location.protocol)
}

/** How long a cookie lives, and whether scripts of the page may read it. */
export interface CookieLife {
  maxAgeSeconds?: number
  /** When it expires (ms), instead of a Max-Age. */
  expiresAt?: number
  httpOnly?: boolean
}

/**
 * A `Set-Cookie` value: name, value (URI-encoded) and lifetime by cookie-es, then the site's
 * attributes (`cookieAttributes`) in the order the site has always written them.
 */
export function cookieString(name: string, value: string, life: CookieLife, crossOrigin: boolean): string {
  const lifetime = serialize(name, value, {
    maxAge: life.maxAgeSeconds,
    expires: life.expiresAt === undefined ? undefined : new Date(life.expiresAt),
    httpOnly: life.httpOnly,
  })
  return `${lifetime}; ${cookieAttributes(crossOrigin)}`
}

/** A cookie that lives `maxAgeSeconds`. */
export function setCookieString(name: string, value: string, maxAgeSeconds: number, crossOrigin: boolean): string {
  return cookieString(name, value, { maxAgeSeconds }, crossOrigin)
}

/** Read one cookie from a Cookie header (or `document.cookie`): the first of that name, URI-decoded. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null
  return parse(header, { filter: (key) => key === name })[name] ?? null
}

/** Whether a Cookie header carries a cookie of that name (whatever its value). */
export function hasCookie(header: string, name: string): boolean {
  return readCookie(header, name) !== null
}

/** Whether a request carries a session (signed-in pages are never shared between visitors). */
export function carriesSession(header: string | null | undefined): boolean {
  return !!header && hasCookie(header, COOKIES.token)
}

/** R9.24: the choice's cookie, for 12 months. */
export function consentCookie(choice: ConsentChoice, at: number, crossOrigin: boolean): string {
  return setCookieString(CONSENT_COOKIE, consentCookieValue(choice, at), CONSENT_MAX_AGE_SECONDS, crossOrigin)
}

/** R9.23: what a Cookie header's choice allows (null: no choice of this version of the policy, nothing optional). */
export function consentOf(header: string | null | undefined): ConsentChoice | null {
  return readConsent(readCookie(header, CONSENT_COOKIE))?.choice ?? null
}

/** The names of the cookies in a Cookie header (or `document.cookie`), each once. */
export function cookieNames(header: string | null | undefined): string[] {
  return header ? Object.keys(parse(header, { decode: (value) => value })) : []
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
  // Written by hand: the names come from the visitor's browser, and cookie-es refuses (throws on)
  // a name outside RFC 6265's token, which a browser may still hold.
  const expired = `${name}=; Max-Age=0; Path=/`
  return [expired, ...domains.map((domain) => `${expired}; Domain=.${domain}`)]
}
