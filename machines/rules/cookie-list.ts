/**
 * R9.23, R9.24 (decision 111): every cookie and storage entry the site or a provider it loads may
 * write, by category: the cookie policy's list, and what withdrawing a category deletes. Apart from
 * the consent rules so that a page loads it only with the policy or a withdrawal. Pure.
 */
import { CONSENT_COOKIE, type ConsentCategory } from './consent.ts'
import { LOCALE_COOKIE } from './locale.ts'
import { AUTH_STORAGE_KEYS } from './token.ts'

export type CookieCategory = 'necessary' | ConsentCategory

/** How long a cookie lives, as the policy says it. */
export type CookieLifetime = 'session-token' | 'days-365' | 'year' | 'minutes-10' | 'minute' | 'provider' | 'days-90' | 'tab'

export interface CookieEntry {
  /** The name, or the start of the names (`prefix`). */
  name: string
  prefix?: true
  category: CookieCategory
  /** The key of its purpose in the messages (`cookie_purpose_<purpose>`). */
  purpose: string
  lifetime: CookieLifetime
  /** Set by a provider's script rather than by the site. */
  provider?: true
  /** A storage entry of the browser rather than a cookie. */
  storage?: 'session'
}

/**
 * Every cookie the site or a provider it loads may write, with its category: the cookie policy's
 * list and what withdrawing a category deletes are both this list. The analytics client-id cookie
 * named by ANALYTICS_CLIENT_ID_COOKIE is added to analytics where it is configured (`cookieList`).
 */
export const COOKIE_LIST: readonly CookieEntry[] = [
  { name: AUTH_STORAGE_KEYS.token, category: 'necessary', purpose: 'token', lifetime: 'session-token' },
  { name: AUTH_STORAGE_KEYS.tokenExpiration, category: 'necessary', purpose: 'token_expiration', lifetime: 'session-token' },
  { name: AUTH_STORAGE_KEYS.refreshToken, category: 'necessary', purpose: 'refresh_token', lifetime: 'session-token' },
  { name: AUTH_STORAGE_KEYS.refreshTokenExpiration, category: 'necessary', purpose: 'refresh_expiration', lifetime: 'session-token' },
  { name: LOCALE_COOKIE, category: 'necessary', purpose: 'locale', lifetime: 'days-365' },
  { name: 'referrer_link_code', category: 'necessary', purpose: 'referrer', lifetime: 'year' },
  { name: CONSENT_COOKIE, category: 'necessary', purpose: 'consent', lifetime: 'year' },
  { name: 'form_flash', category: 'necessary', purpose: 'flash', lifetime: 'minute' },
  { name: 'openid_state', category: 'necessary', purpose: 'openid', lifetime: 'minutes-10' },
  { name: 'premium.state', category: 'necessary', purpose: 'checkout', lifetime: 'tab', storage: 'session' },
  { name: 'utm', category: 'analytics', purpose: 'utm', lifetime: 'year' },
  { name: '_ga', category: 'analytics', purpose: 'ga', lifetime: 'provider', provider: true },
  { name: '_ga_', prefix: true, category: 'analytics', purpose: 'ga_session', lifetime: 'provider', provider: true },
  { name: '_gcl_', prefix: true, category: 'marketing', purpose: 'gcl', lifetime: 'days-90', provider: true },
  { name: 'chat_', prefix: true, category: 'chat', purpose: 'chat', lifetime: 'provider', provider: true },
]

/** The list with the configured client-id cookie (analytics), when one is configured. */
export function cookieList(clientIdCookie: string | null): readonly CookieEntry[] {
  if (!clientIdCookie || COOKIE_LIST.some((e) => e.name === clientIdCookie)) return COOKIE_LIST
  return [...COOKIE_LIST, { name: clientIdCookie, category: 'analytics', purpose: 'client_id', lifetime: 'year' }]
}

/** The cookies of `names` (those the browser holds) that belong to the categories withdrawn: what a withdrawal deletes. */
export function cookiesToDelete(names: readonly string[], categories: readonly ConsentCategory[], clientIdCookie: string | null): string[] {
  const entries = cookieList(clientIdCookie).filter((e) => !e.storage && (categories as readonly string[]).includes(e.category))
  return names.filter((name) => entries.some((e) => (e.prefix ? name.startsWith(e.name) : name === e.name)))
}
