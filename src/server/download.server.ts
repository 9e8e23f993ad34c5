/**
 * The launcher download (R2.3, R7.4, decision 004): `/download` and `/{locale}/download` render no
 * page; they answer 302 to the backend's launcher file in the request's language, with the
 * referral code the referrer cookie holds (R5.10). The answer of the server route
 * `src/routes/download.ts`; the server entry hands it the request before the root redirect, the
 * render limit and the page cache, and its address, the one redirect off the site, is left as is.
 */
import { FastResponse } from 'srvx'
import { splitLocalePrefix } from '#app/core/locale.ts'
import { runMiddleware } from '#app/core/middleware.ts'
import { requestLocale } from '#app/core/request.server.ts'
import { loadConfig } from '#config'
import { baseSecurityHeaders, isHttps } from './security-headers.server.ts'

const DOWNLOAD_PATH = '/download'

/** `/download`, `/en/download`, `/ru/download`, `/de/download`, whatever the method. */
export function isDownloadPath(pathname: string): boolean {
  return splitLocalePrefix(pathname).rest === DOWNLOAD_PATH
}

export function downloadRedirect(request: Request): Response {
  const url = new URL(request.url)
  // The router reads `/download/` as this route too. The server entry serves a GET or HEAD
  // without its trailing slash and hands over only the download path itself; any other method
  // with a trailing slash reaches the route as a page request and gets what every page answers
  // it: 307 to the address without the slash.
  if (!isDownloadPath(url.pathname)) return new Response(null, { status: 307, headers: { location: `${url.pathname.replace(/\/+$/, '')}${url.search}` } })
  const result = runMiddleware(['download-proxy'], {
    locale: requestLocale(request, url),
    pathname: DOWNLOAD_PATH,
    search: Object.fromEntries(url.searchParams),
    cookieHeader: request.headers.get('cookie'),
    config: loadConfig(),
  })
  return new FastResponse(null, {
    status: 302,
    headers: { location: result.redirect ?? '/', 'cache-control': 'no-store', ...baseSecurityHeaders(isHttps(request)) },
  })
}
