/** R2, R4, R9: locale detection, locale paths, the locale cookie. Pure functions. */

export const LOCALES = ['en', 'ru', 'de'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'
/** R2, R9: the cookie that remembers the chosen locale. */
export const LOCALE_COOKIE = 'i18n_redirected'
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value)
}

/** `de-AT` -> `de`, `RU` -> `ru`; null when the language is not a site locale. */
export function toLocale(value: string | null | undefined): Locale | null {
  if (!value) return null
  const lang = value.trim().toLowerCase().split(/[-_]/u)[0]
  return isLocale(lang) ? lang : null
}

export interface LocaleDetectionInput {
  /** The locale prefix of the requested path, if any (`ru` for `/ru/faq`). */
  urlLocale?: string | null
  /**
   * The requested path is the root `/`. Only there do the cookie and the browser decide (and
   * the server redirects to their locale): any other unprefixed path is the English default form.
   */
  atRoot?: boolean
  /** The `i18n_redirected` cookie. */
  cookieLocale?: string | null
  /** Accept-Language (server, ranked by quality) or navigator.languages (browser), in preference order. */
  browserLanguages?: readonly string[]
  /** The locale bound to the requesting host, when domains differ by locale (null when the host has none). */
  hostLocale?: string | null
  /** True when hosts are bound to locales (LOCALE_HOSTS): the host then decides unprefixed pages. */
  differentDomains?: boolean
}

/**
 * R2: the URL, then the cookie, then the browser language; or the host when domains differ
 * by locale. The one detection of the site: the server's root redirect and the locale machine
 * both call it.
 *
 * 1. A locale prefix in the URL always decides.
 * 2. When domains differ by locale, the host decides every unprefixed page (a host bound to no
 *    locale serves English); the cookie and the browser are not asked.
 * 3. An unprefixed path other than the root is the English default form (prefix-and-default):
 *    only the root redirects, so nothing else can change its language.
 * 4. At the root: the cookie, then the first supported browser language, then English.
 */
export function detectLocale(input: LocaleDetectionInput): Locale {
  const fromUrl = toLocale(input.urlLocale)
  if (fromUrl) return fromUrl
  if (input.differentDomains) return toLocale(input.hostLocale) ?? DEFAULT_LOCALE
  if (!input.atRoot) return DEFAULT_LOCALE
  const fromCookie = toLocale(input.cookieLocale)
  if (fromCookie) return fromCookie
  const fromBrowser = input.browserLanguages?.map(toLocale).find((locale) => locale !== null)
  return fromBrowser ?? DEFAULT_LOCALE
}

/** R2: only the root redirects, to the detected locale's path; never to English (served in place at `/`) nor on a host bound to a locale. */
export function rootRedirectPath(input: LocaleDetectionInput): `/${Locale}` | null {
  if (!input.atRoot || input.differentDomains) return null
  const locale = detectLocale(input)
  return locale === DEFAULT_LOCALE ? null : `/${locale}`
}

/** Removes a leading locale prefix: `/ru/premium` -> `/premium`, `/de` -> `/`. */
export function stripLocale(path: string): string {
  const match = /^\/(en|ru|de)(?=\/|$|\?|#)/u.exec(path)
  if (!match) return path.startsWith('/') ? path : `/${path}`
  const rest = path.slice(match[0].length)
  return rest.startsWith('/') ? rest : `/${rest}`
}

/** R2 (prefix-and-default): every locale has its prefix. `localePath('ru', '/account')` -> `/ru/account`. */
export function localePath(locale: Locale, path: string): string {
  const bare = stripLocale(path)
  // The home page has no slash of its own, also before a query or a hash: `/de?x=1`.
  return /^\/(?:$|[?#])/u.test(bare) ? `/${locale}${bare.slice(1)}` : `/${locale}${bare}`
}
