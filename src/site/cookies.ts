/**
 * R9: every cookie the site reads or writes, by name, and the attributes of those it writes:
 * path `/`, and `SameSite=Lax`, or `SameSite=None; Secure` when the site runs cross-origin
 * (`COOKIES_CROSS_ORIGIN`). The session's names are the auth machine's storage keys.
 */
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
