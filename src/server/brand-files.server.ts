/**
 * Issue 38, part 4 (R2.22, decision 112): what makes each domain installable and recognisable. The
 * original and the mirror each answer `/favicon.ico` with their own icon and
 * `/manifest.webmanifest` with their own names and icons, for the request's (trusted) origin, as
 * robots.txt and the sitemap are (search-files.server.ts). The icons themselves are files of the
 * build (`public/icons`, made by scripts/make-icons.mjs) with a hash in their names, served as
 * immutable by scripts/serve.mjs.
 */
import { readFileSync } from 'node:fs'
import { FastResponse } from 'srvx'
import { BRAND_ICONS } from '#app/core/brand-icons.ts'
import { pageDescription } from '#app/core/meta.ts'
import { FAVICON_PATH, localizedPath, MANIFEST_PATH, productName, THEME_COLOR } from '#app/core/meta-tags.ts'
import { type Brand, type BrandId, brandForHost, loadConfig } from '#config'
import { LOCALES, type Locale } from '#machines/rules/locale.ts'
import { baseSecurityHeaders, isHttps } from './security-headers.server.ts'

/** A year: the favicon's address never changes, and a browser keeps its icon apart from this cache anyway. */
const FAVICON_CACHE = 'public, max-age=31536000'
/** A day: the manifest's names come from the configuration at run time (APP_NAME_*), not from the build. */
const MANIFEST_CACHE = 'public, max-age=86400'

export function isBrandFilePath(pathname: string): boolean {
  return pathname === FAVICON_PATH || pathname === MANIFEST_PATH
}

/** The short name under the icon on a home screen: the configured short Russian name in Russian, else the English name. */
export function shortName(brand: Brand, locale: Locale): string {
  return locale === 'ru' ? brand.names.ruShort : brand.names.en
}

export interface ManifestIcon {
  src: string
  sizes: string
  type: string
  purpose: 'any' | 'maskable'
}

/** A brand's web app manifest in a page language (the W3C Web Application Manifest's members). */
export function webManifest(brand: Brand, locale: Locale) {
  const icons = BRAND_ICONS[brand.id]
  const product = productName(brand, locale)
  const start = localizedPath('/', locale)
  const icon = (src: string, size: number, purpose: ManifestIcon['purpose']): ManifestIcon => ({ src, sizes: `${size}x${size}`, type: 'image/png', purpose })
  return {
    // One installed app per language: its start page and names are that language's.
    id: start,
    name: product,
    short_name: shortName(brand, locale),
    description: pageDescription('home', product, locale, brand.id),
    lang: locale,
    dir: 'ltr' as const,
    start_url: start,
    scope: '/',
    display: 'standalone' as const,
    // The page's own colours (--bg in app.css, the head's theme-color): the splash screen is the page's.
    theme_color: THEME_COLOR,
    background_color: THEME_COLOR,
    icons: [icon(icons.any192, 192, 'any'), icon(icons.any512, 512, 'any'), icon(icons.maskable192, 192, 'maskable'), icon(icons.maskable512, 512, 'maskable')],
  }
}

/**
 * Where the build's files are: `dist/client` next to the server bundle in production
 * (`dist/server/…` → `dist/client`), `public` when Vite's development server or the unit tests
 * run this module from `src/server`.
 */
const FILE_ROOTS = [new URL('../client/', import.meta.url), new URL('../../client/', import.meta.url), new URL('../../public/', import.meta.url)]

const favicons = new Map<BrandId, Uint8Array<ArrayBuffer>>()

/** A brand's favicon.ico, read once from the build's files. */
export function faviconBytes(brand: BrandId): Uint8Array<ArrayBuffer> {
  let bytes = favicons.get(brand)
  if (!bytes) {
    const file = BRAND_ICONS[brand].ico.slice(1)
    for (const root of FILE_ROOTS) {
      try {
        bytes = readFileSync(new URL(file, root))
        break
      } catch {}
    }
    if (!bytes) throw new Error(`${file}: not found in the build's files; run npm run build`)
    favicons.set(brand, bytes)
  }
  return bytes
}

function languageOf(url: URL): Locale {
  const lang = url.searchParams.get('lang')
  return (LOCALES as readonly string[]).includes(lang ?? '') ? (lang as Locale) : 'en'
}

/** The answer to `/favicon.ico` or `/manifest.webmanifest` for the request's own brand (GET or HEAD). */
export function brandFileResponse(request: Request, url: URL): Response {
  // The trusted request's own host (trustedRequest): the domain the visitor used.
  const brand = brandForHost(loadConfig(), url.host)
  const favicon = url.pathname === FAVICON_PATH
  const body = favicon ? faviconBytes(brand) : JSON.stringify(webManifest(loadConfig().brands[brand], languageOf(url)))
  return new FastResponse(request.method === 'HEAD' ? null : body, {
    status: 200,
    headers: {
      'content-type': favicon ? 'image/x-icon' : 'application/manifest+json; charset=utf-8',
      'cache-control': favicon ? FAVICON_CACHE : MANIFEST_CACHE,
      // Each domain its own file: a shared cache keeps them apart by host.
      vary: 'Host',
      ...baseSecurityHeaders(isHttps(request)),
    },
  })
}
