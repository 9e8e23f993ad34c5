/**
 * R9: every cookie the site reads or writes, by name, and the attributes of those it writes:
 * path `/`, and `SameSite=Lax`, or `SameSite=None; Secure` when the site runs cross-origin
 * (`COOKIES_CROSS_ORIGIN`). The session's names are the auth machine's storage keys.
 */
import { AUTH_STORAGE_KEYS } from '#machines/rules/token'

export const COOKIES = {
  /** The session: token, its expiry, the refresh token and its expiry. */
  ...AUTH_STORAGE_KEYS,
  /** The language a visitor chose. */
  locale: 'i18n_redirected',
  /** The referral code a `/join` link left. */
  referrer: 'referrer_link_code',
  /** The utm parameters of the visit that brought the visitor. */
  utm: 'utm',
  /** A form's outcome after a post without JavaScript (decision 063). */
  flash: 'form_flash',
  /** The analytics client id. */
  ga: '_ga',
} as const

export function cookieAttributes(crossOrigin: boolean): string {
  return crossOrigin ? 'Path=/; SameSite=None; Secure' : 'Path=/; SameSite=Lax'
}

/** A cookie that lives `maxAgeSeconds`. */
export function setCookieString(name: string, value: string, maxAgeSeconds: number, crossOrigin: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; ${cookieAttributes(crossOrigin)}`
}
