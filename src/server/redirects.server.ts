/**
 * The site's own addresses (R2.10): only the root redirects, for the language (R2.9), and the
 * language it decided is remembered (R9.7); a path with a trailing slash is that page, served in
 * place; and no redirect the site answers leaves it, but for the download (R7.4).
 */
import { FastResponse } from 'srvx'
import { localeCookie, rootRedirect } from '#app/core/locale.ts'
import { acceptedLanguages } from '#app/core/negotiate.ts'
import { withoutTrailingSlash } from '#app/core/paths.ts'
import { requestHost } from '#app/core/request.server.ts'
import { loadConfig } from '#config'
import type { Locale } from '#machines/rules/locale.ts'
import { baseSecurityHeaders, isHttps } from './security-headers.server.ts'

const config = loadConfig()

/** `/faq/` is the `/faq` page, answered at the address the visitor asked for (R2.10: no redirect). */
export function servedInPlace(request: Request): Request {
  if (request.method !== 'GET' && request.method !== 'HEAD') return request
  const url = new URL(request.url)
  const trimmed = withoutTrailingSlash(url.pathname)
  if (trimmed === null) return request
  url.pathname = trimmed
  return new Request(url, request)
}

/** R2.10: `/` answers 302 to `/ru` or `/de` (query kept) when R2.9 picks Russian or German; null otherwise. */
export function rootRedirectResponse(request: Request, url: URL): Response | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  const target = rootRedirect({
    pathname: url.pathname,
    host: requestHost(request, url),
    cookieHeader: request.headers.get('cookie'),
    browserLanguages: acceptedLanguages(request.headers.get('accept-language')),
    localeHosts: config.localeHosts,
  })
  if (!target) return null
  return new FastResponse(null, {
    status: 302,
    headers: {
      location: localTarget(`${target}${url.search}`),
      vary: 'Cookie, Accept-Language',
      'cache-control': 'no-store',
      // R2.10, R9.7: the language the root decided is remembered.
      'set-cookie': localeCookie(target.slice(1) as Locale, config.cookiesCrossOrigin),
      ...baseSecurityHeaders(isHttps(request)),
    },
  })
}

/**
 * Redirects stay on the site: an absolute address of this site is kept, anything that a browser
 * would read as another host (`//host`, `/\host`, another origin) becomes `/`. The one exception
 * is an address the site sends visitors to on purpose (`offSite`: the configured Steam sign-in,
 * R10.6), taken only with its exact origin and path.
 */
export function localTarget(location: string, host?: string, offSite: readonly URL[] = []): string {
  if (location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\')) return location
  if (offSite.length > 0 && /^https?:\/\//i.test(location)) {
    try {
      const target = new URL(location)
      if (
        offSite.some((allowed) => allowed.origin === target.origin && allowed.pathname === target.pathname && target.username === '' && target.password === '')
      )
        return target.href
    } catch {}
  }
  if (host && /^https?:\/\//i.test(location)) {
    try {
      const target = new URL(location)
      if (target.host.toLowerCase() === host.toLowerCase()) return `${target.pathname}${target.search}${target.hash}`
    } catch {}
  }
  return '/'
}
