/**
 * How a page leaves the server: the security headers (decision 021) with its
 * Content-Security-Policy (a nonce for a signed-in page, its inline scripts' hashes for a guest
 * page, decision 084), its caching headers (public for guests, private for a signed-in visitor
 * and for a page with a code in its address), redirects kept on the site, and compression; and
 * for every answer of the server entry, Secure cookies over https (R10.12, decision 095).
 */
import { FastResponse } from 'srvx'
import { cookieForPage } from '#app/core/cookies.ts'
import { requestHost } from '#app/core/request.server.ts'
import { idForAnswer } from '#app/core/request-facts.server.ts'
import { loadConfig } from '#config'
import { type CachedDocument, compressBody, type Encoding, negotiateEncoding } from './cached-document.server.ts'
import { carriesCode } from './page-cache.server.ts'
import { localTarget } from './redirects.server.ts'
import type { Rendered } from './render.server.ts'
import { inlineScriptHashes } from './script-hashes.server.ts'
import { baseSecurityHeaders, contentSecurityPolicy } from './security-headers.server.ts'

const config = loadConfig()
/** R10.6: the only address off the site a response may send a visitor to, the configured Steam sign-in. */
const OFF_SITE_TARGETS: readonly URL[] = [new URL(config.steamOpenIdUrl)]

/** A guest page as kept (by the site, a proxy or a CDN): its bytes, and its inline scripts' hashes for its CSP (decision 084). */
export type KeptPage = CachedDocument & { scriptSources: readonly string[] }

/**
 * A signed-in page varies by the cookie and is private; a guest page is the same for every guest
 * and may be kept by a proxy or a CDN (decision 084), which must pass a request carrying the
 * session cookie through (deploy/nginx.conf does). Host and path are in the URL.
 */
const PAGE_VARY = 'Cookie, Accept-Encoding'
// R9.25: the cookie banner says when the browser sends Global Privacy Control. A request carrying the
// choice's cookie is passed through by a proxy (deploy/nginx.conf), as one carrying a session.
const GUEST_VARY = 'Accept-Encoding, Sec-GPC'
/** How long a shared cache may serve a kept guest page stale while it asks again (as the site's own cache). */
const GUEST_STALE_SECONDS = 600
const GUEST_CACHE_CONTROL =
  config.pageCacheSeconds > 0 ? `public, max-age=0, s-maxage=${config.pageCacheSeconds}, stale-while-revalidate=${GUEST_STALE_SECONDS}` : 'no-cache'
const PRIVATE_CACHE_CONTROL = 'private, no-store'
const COMPRESS_MIN_BYTES = 1024

// The policy is the same for every response but for its script sources (a nonce, or a page's
// hashes): built once per scheme.
const SOURCES_MARK = '\u0000sources\u0000'
const cspParts = {
  http: contentSecurityPolicy({ scriptSources: [SOURCES_MARK], config, https: false }).split(` ${SOURCES_MARK}`),
  https: contentSecurityPolicy({ scriptSources: [SOURCES_MARK], config, https: true }).split(` ${SOURCES_MARK}`),
}
const securityByScheme = { http: baseSecurityHeaders(false), https: baseSecurityHeaders(true) }
/** The policy with a nonce (a signed-in page) or a guest page's script hashes. */
function csp(sources: { nonce: string } | readonly string[], https: boolean): string {
  const list = 'nonce' in sources ? [`'nonce-${sources.nonce}'`] : sources
  return cspParts[https ? 'https' : 'http'].join(list.map((source) => ` ${source}`).join(''))
}

/** Headers the production server adds to the static files it serves (scripts/serve.mjs). */
export const ASSET_SECURITY_HEADERS = baseSecurityHeaders(false)

/** A kept guest page, in the encoding the client takes, with its scripts' hashes as its CSP. */
export function keptPageResponse(request: Request, doc: KeptPage, status: 'HIT' | 'STALE' | 'MISS', https: boolean): Response {
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'), 'gzip')
  const body = encoding === 'gzip' ? doc.gzip : compressBody(doc.body, encoding)
  const headers: Record<string, string> = {
    'content-type': doc.contentType,
    'content-security-policy': csp(doc.scriptSources, https),
    ...securityByScheme[https ? 'https' : 'http'],
    vary: GUEST_VARY,
    'cache-control': GUEST_CACHE_CONTROL,
  }
  headers['x-cache'] = status
  const id = idForAnswer(request)
  if (id !== null) headers['x-request-id'] = id
  headers['content-length'] = String(body.length)
  if (encoding !== 'identity') headers['content-encoding'] = encoding
  return new FastResponse(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers })
}

/** A rendered response that is not kept: security headers, and pages compressed. */
export function pageResponse(
  request: Request,
  { response, page }: Rendered,
  nonce: string | null,
  options: { https: boolean; loggedIn: boolean; cacheStatus?: 'MISS' },
): Response {
  const headers = new Headers(response.headers)
  for (const [name, value] of Object.entries(baseSecurityHeaders(options.https))) headers.set(name, value)
  const id = idForAnswer(request)
  if (id !== null) headers.set('x-request-id', id)
  const location = headers.get('location')
  if (location !== null) headers.set('location', localTarget(location, requestHost(request), OFF_SITE_TARGETS))
  // R10.8: every answer for an address with a code in it (a sign-in link, decision 094) is one
  // visitor's, its redirects included.
  const codePage = carriesCode(new URL(request.url).pathname)
  if (page === null) {
    if (codePage) headers.set('cache-control', PRIVATE_CACHE_CONTROL)
    return new FastResponse(response.body, { status: response.status, statusText: response.statusText, headers })
  }
  const plain = page
  headers.set('content-security-policy', csp(nonce !== null ? { nonce } : inlineScriptHashes(plain), options.https))
  headers.set('vary', options.loggedIn ? PAGE_VARY : GUEST_VARY)
  if (options.loggedIn || headers.has('set-cookie') || codePage) headers.set('cache-control', PRIVATE_CACHE_CONTROL)
  else if (!headers.has('cache-control')) headers.set('cache-control', GUEST_CACHE_CONTROL)
  if (options.cacheStatus) headers.set('x-cache', options.cacheStatus)
  const encoding: Encoding = plain.length >= COMPRESS_MIN_BYTES ? negotiateEncoding(request.headers.get('accept-encoding'), 'br') : 'identity'
  const body = compressBody(plain, encoding)
  if (encoding !== 'identity') headers.set('content-encoding', encoding)
  headers.set('content-length', String(body.length))
  return new FastResponse(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

/**
 * R10.12: over https every cookie the server sets is `Secure`, whichever step set it (a page, a form,
 * a server function, the root redirect, the download). The server entry passes every answer here.
 */
export function secureCookies(response: Response, https: boolean): Response {
  if (!https) return response
  const cookies = response.headers.getSetCookie()
  if (!cookies.some((cookie) => cookieForPage(cookie, 'https:') !== cookie)) return response
  const headers = new Headers(response.headers)
  headers.delete('set-cookie')
  for (const cookie of cookies) headers.append('set-cookie', cookieForPage(cookie, 'https:'))
  return new FastResponse(response.body, { status: response.status, statusText: response.statusText, headers })
}
