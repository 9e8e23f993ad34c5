/**
 * Locale rules of R2: prefix-and-default routing, the request's side of locale detection
 * (the order itself is `detectLocale` of machines/rules/locale.ts, which the locale machine
 * uses too), the locale cookie and the legal-page prefix. Pure functions shared by the server
 * entry, the router rewrite and the components.
 */

import { COOKIES, readCookie, setCookieString } from '#app/core/cookies.ts'
import {
  detectLocale as detectRequestLocale,
  isLocale,
  LOCALE_COOKIE_MAX_AGE_S,
  type Locale,
  type LocaleDetectionInput,
  rootRedirectPath,
} from '#machines/rules/locale.ts'

export interface LocalePrefix {
  /** The locale named by the first path segment, or null for the unprefixed (English) form. */
  locale: Locale | null
  /** `''`, `/en`, `/ru` or `/de`: the prefix exactly as the visitor typed it. */
  prefix: '' | `/${Locale}`
  /** The path without the prefix, always starting with `/`. */
  rest: string
}

/** A plain prefix test: cheaper than URL patterns on every request. */
export function splitLocalePrefix(pathname: string): LocalePrefix {
  const end = pathname.indexOf('/', 1)
  const first = end === -1 ? pathname.slice(1) : pathname.slice(1, end)
  if (isLocale(first)) {
    return { locale: first, prefix: `/${first}`, rest: end === -1 ? '/' : pathname.slice(end) }
  }
  return { locale: null, prefix: '', rest: pathname || '/' }
}

/** Join a prefix and a de-localized path: `/ru` + `/` is `/ru`, `''` + `/` is `/`. */
export function joinPrefix(prefix: string, rest: string): string {
  if (!prefix) return rest || '/'
  return rest === '/' || rest === '' ? prefix : `${prefix}${rest}`
}

/** Locale from a host when the site is configured with one host per locale. */
export function localeFromHost(localeHosts: Record<string, Locale> | null, host: string | null | undefined): Locale | null {
  if (!localeHosts || !host) return null
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/:\d+$/, '')
  return localeHosts[h] ?? null
}

export interface DetectionInput {
  /** The requested path as typed, with its locale prefix if any. */
  pathname: string
  host?: string | null
  cookieHeader?: string | null
  /**
   * The browser's languages, most wanted first: its own view (navigator.languages), or the
   * server's (Accept-Language, read by `acceptedLanguages` of src/core/negotiate.ts on the server
   * only, so the parser stays out of the browser's JavaScript).
   */
  browserLanguages?: readonly string[]
  localeHosts?: Record<string, Locale> | null
}

/**
 * The input of the one locale detection (`detectLocale` of machines/rules/locale.ts) from what
 * a request or a browser knows: the path, the host, the cookie, the languages.
 */
export function localeDetectionInput(input: DetectionInput): LocaleDetectionInput {
  return {
    urlLocale: splitLocalePrefix(input.pathname).locale,
    atRoot: input.pathname === '/' || input.pathname === '',
    cookieLocale: readCookie(input.cookieHeader, COOKIES.locale),
    browserLanguages: input.browserLanguages ?? [],
    ...hostDetectionInput(input.localeHosts ?? null, input.host),
  }
}

export type HostDetectionInput = Required<Pick<LocaleDetectionInput, 'hostLocale' | 'differentDomains'>>

/**
 * The host's part of the detection: whether hosts are bound to locales, and this host's locale.
 * It names no other host, so the server hands it to the browser's locale machine (SiteContext).
 */
export function hostDetectionInput(localeHosts: Record<string, Locale> | null, host: string | null | undefined): HostDetectionInput {
  return {
    hostLocale: localeFromHost(localeHosts, host),
    differentDomains: localeHosts !== null && Object.keys(localeHosts).length > 0,
  }
}

/** R2: the visitor's locale for a request (see `detectLocale` in machines/rules/locale.ts). */
export function detectLocale(input: DetectionInput): Locale {
  return detectRequestLocale(localeDetectionInput(input))
}

/**
 * The locale a page is rendered in: the detection without the visitor's stored preferences,
 * which only ever act through the root redirect. The URL prefix, else the host (when one host
 * per locale is configured), else English, because the unprefixed form is the English default.
 */
export function pageLocale(input: DetectionInput): Locale {
  return detectRequestLocale({ ...localeDetectionInput(input), cookieLocale: null, browserLanguages: [] })
}

/**
 * R2: only the root path redirects, to the stored or preferred locale's path. English is
 * served in place at `/`, so it needs no redirect; neither does a host that names its locale.
 */
export function rootRedirect(input: DetectionInput): string | null {
  if (input.pathname !== '/') return null
  return rootRedirectPath(localeDetectionInput(input))
}

/** R9: i18n_redirected lives 365 days on path /, SameSite=Lax (None and Secure cross-origin). */
export function localeCookie(locale: Locale, crossOrigin = false): string {
  return setCookieString(COOKIES.locale, locale, LOCALE_COOKIE_MAX_AGE_S, crossOrigin)
}

/**
 * R2.5: the language a legal document's text is canonical in: /ru for Russian, /en for every other
 * language (decision 003). Only the canonical address uses it; links follow `legalHref`.
 */
export function legalPrefix(locale: Locale): '/ru' | '/en' {
  return locale === 'ru' ? '/ru' : '/en'
}

export const LEGAL_PAGES = ['oferta', 'user-license', 'policy', 'cookies-policy', 'faq', 'cs-go'] as const
export type LegalPage = (typeof LEGAL_PAGES)[number]

/**
 * R2.5, decision 123: a legal or information page's address as a page of `locale` links it: the
 * page's own language, always. A German page links `/de/oferta` too, whose German frame says that
 * the document exists in English and Russian and shows the English text.
 */
export function legalHref(locale: Locale, page: LegalPage, hash?: string): string {
  return `/${locale}/${page}${hash ? `#${hash}` : ''}`
}

/**
 * The same page in another language, keeping the rest of the path, the query and the hash.
 * The href is read as a path with plain string cuts: a URL parser would read `//host/...` as
 * another host and throws on some of them, which would break the render of the whole page.
 */
export function switchLocaleHref(href: string, target: Locale): string {
  const hashAt = href.indexOf('#')
  const hash = hashAt === -1 ? '' : href.slice(hashAt)
  const beforeHash = hashAt === -1 ? href : href.slice(0, hashAt)
  const searchAt = beforeHash.indexOf('?')
  const search = searchAt === -1 ? '' : beforeHash.slice(searchAt)
  const pathname = searchAt === -1 ? beforeHash : beforeHash.slice(0, searchAt)
  const { rest } = splitLocalePrefix(pathname.startsWith('/') ? pathname : `/${pathname}`)
  return `${joinPrefix(`/${target}`, rest)}${search === '?' ? '' : search}${hash === '#' ? '' : hash}`
}
