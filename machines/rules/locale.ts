/** Spec 2, 4, 9: locale detection, locale paths, the locale cookie. Pure functions. */

export const LOCALES = ['en', 'ru', 'de'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'
/** Spec 2, 9: the cookie that remembers the chosen locale. */
export const LOCALE_COOKIE = 'i18n_redirected'
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** `de-AT` -> `de`, `RU` -> `ru`; null when the language is not a site locale. */
export function toLocale(value: string | null | undefined): Locale | null {
  if (!value) return null
  const lang = value.trim().toLowerCase().split(/[-_]/u)[0]
  return isLocale(lang) ? lang : null
}

export interface LocaleDetectionInput {
  /** The locale prefix of the requested path, if any. */
  urlLocale?: string | null
  /** The `i18n_redirected` cookie. */
  cookieLocale?: string | null
  /** Accept-Language (server) or navigator.languages (browser), in preference order. */
  browserLanguages?: readonly string[]
  /** The locale bound to the host, when domains differ by locale. */
  hostLocale?: string | null
  /** True when each locale has its own domain: the host then decides. */
  differentDomains?: boolean
}

/** Spec 2: the URL, then the cookie, then the browser language; or the host when domains differ by locale. */
export function detectLocale(input: LocaleDetectionInput): Locale {
  if (input.differentDomains) return toLocale(input.hostLocale) ?? DEFAULT_LOCALE
  const fromUrl = toLocale(input.urlLocale)
  if (fromUrl) return fromUrl
  const fromCookie = toLocale(input.cookieLocale)
  if (fromCookie) return fromCookie
  for (const language of input.browserLanguages ?? []) {
    const fromBrowser = toLocale(language)
    if (fromBrowser) return fromBrowser
  }
  return DEFAULT_LOCALE
}

/** Removes a leading locale prefix: `/ru/premium` -> `/premium`, `/de` -> `/`. */
export function stripLocale(path: string): string {
  const match = /^\/(en|ru|de)(?=\/|$|\?|#)/u.exec(path)
  if (!match) return path.startsWith('/') ? path : `/${path}`
  const rest = path.slice(match[0].length)
  return rest === '' ? '/' : rest.startsWith('/') ? rest : `/${rest}`
}

/** Spec 2 (prefix-and-default): every locale has its prefix. `localePath('ru', '/account')` -> `/ru/account`. */
export function localePath(locale: Locale, path = '/'): string {
  const bare = stripLocale(path)
  return bare === '/' ? `/${locale}` : `/${locale}${bare}`
}
