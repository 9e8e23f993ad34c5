/**
 * Issue 38: what search engines read of each domain. `/robots.txt` names the domain's own sitemap
 * and keeps crawlers out of the visitor's own pages; `/sitemap.xml` lists every indexable page in
 * every language with its alternates (`xhtml:link` hreflang, x-default included) and the build's
 * time as `lastmod`. The original and the mirror each list their own addresses: the answer is made
 * from the request's (trusted) origin, so nothing here is shared between domains.
 */
import { FastResponse } from 'srvx'
import { localizedPath, pageAlternates } from '#app/core/meta-tags.ts'
import { LOCALES, type Locale } from '#machines/rules/locale.ts'
import { BUILD_TIME } from './build.server.ts'
import { baseSecurityHeaders, isHttps } from './security-headers.server.ts'

export const ROBOTS_PATH = '/robots.txt'
export const SITEMAP_PATH = '/sitemap.xml'

/**
 * The indexable pages, without their language prefix, and the languages each is written in. The
 * legal documents exist in English and Russian (a German visitor reads the English one, decision
 * 003); the requisites are Russian only (R2.18). Everything else is in three languages. The pages
 * of NOINDEX_PAGES (meta-tags.ts) are none of these.
 */
export const INDEXED_PAGES: readonly { path: string; locales: readonly Locale[] }[] = [
  { path: '/', locales: LOCALES },
  { path: '/premium', locales: LOCALES },
  { path: '/promo', locales: LOCALES },
  { path: '/wiki', locales: LOCALES },
  { path: '/faq', locales: LOCALES },
  { path: '/cs-go', locales: LOCALES },
  { path: '/impressum', locales: LOCALES },
  { path: '/oferta', locales: ['en', 'ru'] },
  { path: '/user-license', locales: ['en', 'ru'] },
  { path: '/policy', locales: ['en', 'ru'] },
  { path: '/cookies-policy', locales: ['en', 'ru'] },
  { path: '/requisites', locales: ['ru'] },
]

/** The addresses crawlers are kept out of: the visitor's own pages and the ways in (also `noindex`). */
const DISALLOWED = ['/account', '/login', '/confirm-email', '/join']

export function isSearchFilePath(pathname: string): boolean {
  return pathname === ROBOTS_PATH || pathname === SITEMAP_PATH
}

export function robotsText(origin: string): string {
  const lines = ['User-agent: *', 'Allow: /']
  for (const path of DISALLOWED) {
    lines.push(`Disallow: ${path}`)
    for (const locale of LOCALES) lines.push(`Disallow: /${locale}${path}`)
  }
  return `${lines.join('\n')}\n\nSitemap: ${origin}${SITEMAP_PATH}\n`
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

/** One `<url>` per address a page has (a German legal page is the English one: listed once). */
export function sitemapXml(origin: string, lastmod: string = BUILD_TIME): string {
  const urls: string[] = []
  for (const page of INDEXED_PAGES) {
    // A page in some languages only names those; without English, its first language is the x-default.
    const own = pageAlternates(page.path, origin).filter((a) => a.hrefLang !== 'x-default' && page.locales.includes(a.hrefLang))
    const fallback = page.locales.includes('en')
      ? pageAlternates(page.path, origin).find((a) => a.hrefLang === 'x-default')!
      : { ...own[0]!, hrefLang: 'x-default' as const }
    const alternates = [...own, fallback]
    const seen = new Set<string>()
    for (const locale of page.locales) {
      const loc = `${origin}${localizedPath(page.path, locale)}`
      if (seen.has(loc)) continue
      seen.add(loc)
      const links = alternates.map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hrefLang}" href="${escapeXml(a.href)}"/>`)
      urls.push(`  <url>\n    <loc>${escapeXml(loc)}</loc>\n    <lastmod>${lastmod}</lastmod>\n${links.join('\n')}\n  </url>`)
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`
}

/** The answer to `/robots.txt` or `/sitemap.xml` for the request's own origin (GET or HEAD). */
export function searchFileResponse(request: Request, url: URL): Response {
  const https = isHttps(request)
  // The trusted request's own origin (trustedRequest): the domain and scheme the visitor used.
  const origin = url.origin
  const sitemap = url.pathname === SITEMAP_PATH
  const body = sitemap ? sitemapXml(origin) : robotsText(origin)
  return new FastResponse(request.method === 'HEAD' ? null : body, {
    status: 200,
    headers: {
      'content-type': sitemap ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8',
      // Each domain its own file: a shared cache keeps them apart by host.
      'cache-control': 'public, max-age=3600',
      vary: 'Host',
      ...baseSecurityHeaders(https),
    },
  })
}
