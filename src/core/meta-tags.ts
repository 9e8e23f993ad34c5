/**
 * R2: per-page meta. Each page's route names its page (`staticData.page`); the root route's
 * one `head()` builds the meta of the deepest route that names one. The promo page has its own
 * share image. The page's title and description come in as texts (`pageTexts` in meta.ts): the
 * browser loads those messages only when it moves to another page (decision 022).
 */
import { legalPrefix, splitLocalePrefix } from '#app/core/locale.ts'
import type { Brand, PublicConfig } from '#constants'
import type { Locale } from '#machines/rules/locale.ts'
import { LOCALES } from '#machines/rules/locale.ts'
import { BRAND_ICONS } from './brand-icons.ts'

/**
 * The pages a route can name; `login_code` is the e-mailed link's page, `receipt` a payment's
 * receipt (under the account).
 */
export const ROUTE_PAGES = [
  'home',
  'account',
  'receipt',
  'csgo',
  'faq',
  'login',
  'login_code',
  'premium',
  'promo',
  'wiki',
  'confirm_email',
  'join',
  'oferta',
  'user_license',
  'policy',
  'cookies_policy',
  'requisites',
  'impressum',
] as const
export type RoutePage = (typeof ROUTE_PAGES)[number]
/** A page's meta key: a route's page, or one of the pages that stand in for it. */
export type PageKey = RoutePage | 'join_invalid' | 'not_found' | 'error'

declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    /** R2: the page this route shows, for its head's title, description and share image. */
    page?: RoutePage
  }
}

/** The page of these matched routes: the deepest that names one; the home page when none does. */
export function routePage(matches: ReadonlyArray<{ staticData?: { page?: RoutePage } }>): RoutePage {
  return matches.findLast((m) => m.staticData?.page !== undefined)?.staticData?.page ?? 'home'
}

/**
 * Issue 38: pages search engines must not keep: a visitor's own (account, receipts), the ways in
 * (sign-in, its link, the e-mail confirmation, an invitation) and the pages standing in for a
 * missing one. They carry `noindex` and are not in the sitemap.
 */
export const NOINDEX_PAGES: ReadonlySet<PageKey> = new Set<PageKey>([
  'account',
  'receipt',
  'login',
  'login_code',
  'confirm_email',
  'join',
  'join_invalid',
  'not_found',
  'error',
])

/** Pages whose canonical form follows the legal prefix rule (/ru for Russian, /en otherwise). */
const LEGAL_SEGMENTS = new Set(['oferta', 'user-license', 'policy', 'cookies-policy'])

/** The page's colour (`--bg` in app.css): the head's theme-color and the web app manifest's colours. */
export const THEME_COLOR = '#0d1117'

/** Each domain's favicon.ico and web app manifest, answered per brand by src/server/brand-files.server.ts (decision 112). */
export const FAVICON_PATH = '/favicon.ico'
export const MANIFEST_PATH = '/manifest.webmanifest'

/** The manifest's address for a page in `locale`: its names, description and start page are in that language. */
export function manifestHref(locale: Locale): string {
  return `${MANIFEST_PATH}?lang=${locale}`
}

export function productName(brand: Brand, locale: Locale): string {
  return locale === 'ru' ? brand.names.ru : brand.names.en
}

/** A page's title and description, in its language and for its brand, and its breadcrumb names. */
export interface PageTexts {
  title: string
  description: string
  /** The page's name in its breadcrumb trail; null: none (the pages standing in for a missing one). */
  crumb: string | null
  /** The home page's name in a breadcrumb trail. */
  homeCrumb: string
}

export interface MetaInput {
  pathname: string
  /** The page its route names (`routePage`). */
  page: RoutePage
  locale: Locale
  origin: string
  brand: Brand
  config: Pick<PublicConfig, 'promoShareImage'>
  /** The page shown instead of the one asked for: its own title, and nothing for search engines to keep. */
  standIn?: 'not_found' | 'error' | 'join_invalid' | null
  /** The address is the site root itself (`/`, no language prefix): the x-default (decision 081). */
  atRoot?: boolean
}

/**
 * The localized href of a de-localized path: unprefixed for English, /ru or /de otherwise. The
 * English home page is /en: the site root detects the visitor's language (R2), so it is the
 * x-default, not the English page (decision 081).
 */
export function localizedPath(rest: string, locale: Locale): string {
  const segment = rest.split('/')[1] ?? ''
  if (LEGAL_SEGMENTS.has(segment)) return `${legalPrefix(locale)}${rest}`
  if (locale === 'en') return rest === '/' ? '/en' : rest
  return rest === '/' ? `/${locale}` : `/${locale}${rest}`
}

/**
 * A page's addresses in every language and its x-default, as its head and the sitemap name them:
 * the site root is the x-default of the home page (decision 081), English elsewhere.
 */
export function pageAlternates(rest: string, origin: string): { hrefLang: Locale | 'x-default'; href: string }[] {
  return [
    ...LOCALES.map((l) => ({ hrefLang: l, href: `${origin}${localizedPath(rest, l)}` })),
    { hrefLang: 'x-default' as const, href: `${origin}${rest === '/' ? '/' : localizedPath(rest, 'en')}` },
  ]
}

/** The page key of a page as it is shown: its own, or that of the page standing in for it. */
export function shownPageKey(input: Pick<MetaInput, 'page' | 'standIn'>): PageKey {
  return input.standIn ?? input.page
}

/** A page's canonical address: the site root is its own page (the x-default, decision 081); /en is the English home page. */
export function canonicalUrl(input: Pick<MetaInput, 'pathname' | 'origin' | 'locale' | 'atRoot'>): string {
  const { rest } = splitLocalePrefix(input.pathname)
  return `${input.origin}${rest === '/' && input.atRoot ? '/' : localizedPath(rest, input.locale)}`
}

/** The head's meta and links of a page, with its texts. */
export function metaTags(input: MetaInput, { title, description }: PageTexts) {
  const { rest } = splitLocalePrefix(input.pathname)
  const key = shownPageKey(input)
  const product = productName(input.brand, input.locale)
  const canonical = canonicalUrl(input)
  const image = `${input.origin}${key === 'promo' ? input.config.promoShareImage : input.brand.shareImage}`
  const ogLocale = { en: 'en_US', ru: 'ru_RU', de: 'de_DE' }[input.locale]
  return {
    meta: [
      { title },
      { name: 'description', content: description },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: product },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      { property: 'og:url', content: canonical },
      { property: 'og:image', content: image },
      { property: 'og:image:width', content: '1200' },
      { property: 'og:image:height', content: '630' },
      { property: 'og:locale', content: ogLocale },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: description },
      { name: 'twitter:image', content: image },
      ...(NOINDEX_PAGES.has(key) ? [{ name: 'robots', content: 'noindex' }] : []),
    ],
    links: [
      ...(input.standIn
        ? []
        : [{ rel: 'canonical', href: canonical }, ...pageAlternates(rest, input.origin).map((alternate) => ({ rel: 'alternate', ...alternate }))]),
      // The favicon.ico of the domain (16, 32 and 48 px), the PNG icon, the home screen's icon and the app manifest.
      { rel: 'icon', href: FAVICON_PATH, sizes: '48x48' },
      { rel: 'icon', type: 'image/png', sizes: '48x48', href: input.brand.favicon },
      { rel: 'apple-touch-icon', sizes: '180x180', href: BRAND_ICONS[input.brand.id].appleTouch },
      { rel: 'manifest', href: manifestHref(input.locale) },
    ],
  }
}
