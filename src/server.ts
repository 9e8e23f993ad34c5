/**
 * The server entry: configuration check, the download redirect, the root-path locale
 * redirect, the per-request locale and CSP nonce every render reads, the security headers
 * (decision 021), compression of pages, and the guest page cache (decision 020).
 */
import { createServerEntry, createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server'
import { AsyncLocalStorage } from 'node:async_hooks'
import { Buffer } from 'node:buffer'
import { FastResponse } from 'srvx'
import { loadConfig } from '#config'
import { overwriteServerAsyncLocalStorage } from '#app/paraglide/runtime.js'
import { localeCookie, pageLocale, rootRedirect, splitLocalePrefix } from '#app/features/locale/locale.ts'
import type { RequestLocaleStore } from '#app/features/locale/i18n.ts'
import { runMiddleware } from '#app/site/middleware.ts'
import { isBypassedPath, withoutTrailingSlash } from '#app/site/paths.ts'
import { HttpError } from '#app/site/http-error.ts'
import { PageCache, isCacheableRequest, isCacheableResponse, pageCacheKey } from '#app/server/page-cache.server.ts'
import { compressBody, createCachedDocument, documentBody, documentGzip, negotiateEncoding, type CachedDocument, type Encoding } from '#app/server/cached-document.server.ts'
import { baseSecurityHeaders, contentSecurityPolicy, createNonce, isHttps } from '#app/server/security-headers.server.ts'
import { inlineScriptHashes } from '#app/server/script-hashes.server.ts'
import { carriesSession } from '#app/site/cookies.ts'
import { paintFirst } from '#app/site/paint-first.ts'
import { PREFETCH_MAP_PATH, localizePrefetchMap, prefetchMapFromManifest, type PrefetchMap } from '#app/site/prefetch-map.ts'
import { readLocaleAssets } from '#app/features/locale/locale-assets.ts'
import { isLocale } from '#machines/rules/locale.ts'
import { Overloaded, RenderLimit } from '#app/server/render-limit.server.ts'
import { siteAddress, type HostPolicy } from '#app/server/trusted-host.server.ts'
import { normalizeHost } from '#constants'
import { m } from '#app/paraglide/messages.js'
import type { Locale } from '#machines/rules/locale.ts'

// Fail at start, not on the first request, when the environment is wrong.
const config = loadConfig()

const localeStorage = new AsyncLocalStorage<RequestLocaleStore>()
overwriteServerAsyncLocalStorage(localeStorage as never)

const startFetch = createStartHandler(defaultStreamHandler)

/** Renders at once in this worker and the queue behind them (decision 080); cached pages never wait. */
const renderLimit = new RenderLimit(config.renderLimit)
/** The hosts the site answers as themselves and the proxies it believes (decision 082). */
const hostPolicy: HostPolicy = {
  original: config.siteBase,
  known: new Set([config.siteBase.host, ...(config.mirrorHost ? [config.mirrorHost] : []), ...Object.keys(config.localeHosts ?? {})].map(normalizeHost)),
  proxies: new Set(config.trustedProxies),
}

/**
 * The request as the site may believe it: its address is a known host, or the original's; the
 * forwarding headers are a configured proxy's, or none. Everything after reads the address from
 * the URL and `X-Forwarded-Host`/`-Proto`, which this sets.
 */
function trustedRequest(incoming: Request): Request {
  const url = new URL(incoming.url)
  const forwardedHost = incoming.headers.get('x-forwarded-host')
  const forwardedProto = incoming.headers.get('x-forwarded-proto')
  const protocol = url.protocol === 'https:' ? 'https' : 'http'
  const address = siteAddress(
    { hostHeader: incoming.headers.get('host') ?? url.host, forwardedHost, forwardedProto, protocol, ip: (incoming as { ip?: string }).ip ?? null },
    hostPolicy,
  )
  if (forwardedHost === null && forwardedProto === null && address.host === url.host && address.protocol === protocol) return incoming
  const headers = new Headers(incoming.headers)
  headers.set('x-forwarded-host', address.host)
  headers.set('x-forwarded-proto', address.protocol)
  const trusted = new URL(`${url.pathname}${url.search}`, `${address.protocol}://${address.host}`)
  return new Request(trusted, { method: incoming.method, headers, body: incoming.body, signal: incoming.signal, ...(incoming.body ? { duplex: 'half' } : {}) } as RequestInit)
}

/** Seconds a visitor turned away is asked to wait. */
const BUSY_RETRY_AFTER_SECONDS = 1

/** A new build is a new cache: documents name their assets by content hash. */
const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev'

/** A guest page as kept: its bytes, and its inline scripts' hashes for its CSP (decision 084). */
type GuestDocument = CachedDocument & { scriptSources: readonly string[] }

/** A guest page has no nonce to splice: it is kept whole. */
function guestDocument(body: Buffer, contentType: string): GuestDocument {
  return { ...createCachedDocument(body, null, contentType), scriptSources: inlineScriptHashes(body.toString('utf8')) }
}

export const pageCache = new PageCache<GuestDocument>({
  maxEntries: 500,
  maxBytes: 64 * 1024 * 1024,
  ttlMs: config.pageCacheSeconds * 1000,
  staleMs: 10 * 60_000,
})
/** Renders under way per cache key: concurrent first visitors wait for one render. */
const inflight = new Map<string, Promise<GuestDocument | null>>()

/**
 * A signed-in page varies by the cookie and is private; a guest page is the same for every guest
 * and may be kept by a proxy or a CDN (decision 084), which must pass a request carrying the
 * session cookie through (deploy/nginx.conf does). Host and path are in the URL.
 */
const PAGE_VARY = 'Cookie, Accept-Encoding'
const GUEST_VARY = 'Accept-Encoding'
/** How long a shared cache may serve a kept guest page stale while it asks again (as the site's own cache). */
const GUEST_STALE_SECONDS = 600
const GUEST_CACHE_CONTROL =
  config.pageCacheSeconds > 0 ? `public, max-age=0, s-maxage=${config.pageCacheSeconds}, stale-while-revalidate=${GUEST_STALE_SECONDS}` : 'no-cache'
const PRIVATE_CACHE_CONTROL = 'private, no-store'
const COMPRESS_MIN_BYTES = 1024

function requestHost(request: Request, url: URL): string {
  return request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? url.host
}

/** Chunk address → the same chunk of each language's browser build (decision 026); none in development. */
const localeAssets = readLocaleAssets(new URL('../client/locale-assets.json', import.meta.url))

let prefetchMap: Promise<PrefetchMap> | null = null

/** The route → code chunks map for the browser's idle prefetch (decision 024), from the build, in the `l` language's chunks. */
async function prefetchMapResponse(url: URL, https: boolean): Promise<Response> {
  prefetchMap ??= import('tanstack-start-manifest:v').then(({ tsrStartManifest }) => prefetchMapFromManifest(tsrStartManifest()))
  const versioned = url.searchParams.get('v') === BUILD_ID
  const language = url.searchParams.get('l')
  const map = localizePrefetchMap(await prefetchMap, language && isLocale(language) ? localeAssets[language] : undefined)
  return new FastResponse(JSON.stringify(map), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...baseSecurityHeaders(https),
    },
  })
}

export async function handleRequest(incoming: Request): Promise<Response> {
  try {
    return await answer(incoming)
  } catch (error) {
    if (!(error instanceof Overloaded)) throw error
    const url = new URL(incoming.url)
    return new FastResponse(m.page_busy({}, { locale: renderLocale(incoming, url) }), {
      status: 503,
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
        'cache-control': 'no-store',
        ...baseSecurityHeaders(isHttps(incoming)),
      },
    })
  }
}

async function answer(incoming: Request): Promise<Response> {
  const request = servedInPlace(trustedRequest(incoming))
  const url = new URL(request.url)
  const https = isHttps(request)
  if (url.pathname === PREFETCH_MAP_PATH && (request.method === 'GET' || request.method === 'HEAD')) return prefetchMapResponse(url, https)
  const host = requestHost(request, url)
  const split = splitLocalePrefix(url.pathname)
  const locale = renderLocale(request, url)
  const cookieHeader = request.headers.get('cookie')

  if (split.rest === '/download') {
    const result = runMiddleware(['download-proxy'], {
      locale,
      pathname: split.rest,
      search: Object.fromEntries(url.searchParams),
      cookieHeader,
      config,
    })
    return new FastResponse(null, {
      status: 302,
      headers: { location: result.redirect ?? '/', 'cache-control': 'no-store', ...baseSecurityHeaders(https) },
    })
  }

  if (request.method === 'GET' || request.method === 'HEAD') {
    const target = rootRedirect({
      pathname: url.pathname,
      host,
      cookieHeader,
      acceptLanguage: request.headers.get('accept-language'),
      localeHosts: config.localeHosts,
    })
    if (target) {
      return new FastResponse(null, {
        status: 302,
        headers: {
          location: localTarget(`${target}${url.search}`),
          vary: 'Cookie, Accept-Language',
          'cache-control': 'no-store',
          // R2, R9: the language the root decided is remembered.
          'set-cookie': localeCookie(target.slice(1) as Locale, config.cookiesCrossOrigin),
          ...baseSecurityHeaders(https),
        },
      })
    }
  }

  const loggedIn = carriesSession(cookieHeader)
  if (config.pageCacheSeconds === 0 || !isCacheableRequest({ method: request.method, pathname: url.pathname, cookieHeader })) {
    // A signed-in page has a nonce of its own; a guest page none: its CSP lists its scripts' hashes.
    const nonce = loggedIn ? createNonce() : null
    return finishResponse(request, await render(request, url, nonce), nonce, { https, loggedIn })
  }

  const key = pageCacheKey({ buildId: BUILD_ID, protocol: https ? 'https' : 'http', host, pathname: url.pathname, search: url.search })
  const hit = pageCache.get(key, Date.now())
  if (hit) {
    if (hit.freshness === 'stale') revalidate(key, request, url)
    return cachedResponse(request, hit.value, hit.freshness === 'fresh' ? 'HIT' : 'STALE', https)
  }
  const pending = inflight.get(key)
  if (pending) {
    const doc = await pending
    if (doc) return cachedResponse(request, doc, 'HIT', https)
  }

  let settle: (doc: GuestDocument | null) => void = () => {}
  if (!pending && request.method === 'GET') {
    inflight.set(key, new Promise((resolve) => (settle = resolve)))
  }
  try {
    const rendered = await render(request, url, null)
    const { response, page } = rendered
    if (request.method === 'GET' && page && isCacheableResponse(response)) {
      const doc = guestDocument(page, response.headers.get('content-type') ?? 'text/html; charset=utf-8')
      pageCache.set(key, doc, doc.size, Date.now())
      settle(doc)
      return cachedResponse(request, doc, 'MISS', https)
    }
    settle(null)
    return finishResponse(request, rendered, null, { https, loggedIn: false, cacheStatus: 'MISS' })
  } catch (error) {
    settle(null)
    throw error
  } finally {
    if (!pending) inflight.delete(key)
  }
}

/** `/faq/` is the `/faq` page, answered at the address the visitor asked for (R2: no redirect). */
function servedInPlace(request: Request): Request {
  if (request.method !== 'GET' && request.method !== 'HEAD') return request
  const url = new URL(request.url)
  const trimmed = withoutTrailingSlash(url.pathname)
  if (trimmed === null) return request
  url.pathname = trimmed
  return new Request(url, request)
}

/** The language a request's page is rendered in. */
function renderLocale(request: Request, url: URL): Locale {
  if (isBypassedPath(url.pathname)) return 'en'
  return pageLocale({ pathname: url.pathname, host: requestHost(request, url), localeHosts: config.localeHosts })
}

/** What a render produced: the response, and for a page its bytes (paint first applied; the body is read). */
interface Rendered {
  response: Response
  page: Buffer | null
}

/** Runs the router for one request inside its locale and nonce context, when the render limit lets it. */
function render(request: Request, url: URL, nonce: string | null): Promise<Rendered> {
  return renderLimit.run(async () => {
    const response = await renderNow(request, url, nonce)
    if (!response.headers.get('content-type')?.startsWith('text/html')) return { response, page: null }
    // A page streams as it renders: its place is held until the whole page is written. The page
    // is read and rewritten once (paint first), and handed on as bytes.
    return { response, page: Buffer.from(paintFirst(await response.text(), localeAssets[renderLocale(request, url)])) }
  })
}

async function renderNow(request: Request, url: URL, nonce: string | null): Promise<Response> {
  const split = splitLocalePrefix(url.pathname)
  const store: RequestLocaleStore = {
    locale: renderLocale(request, url),
    origin: url.origin,
    messageCalls: new Set(),
    prefix: split.prefix,
    ...(nonce ? { nonce } : {}),
  }
  try {
    return await localeStorage.run(store, () => startFetch(request))
  } catch (error) {
    // The visitor went away (navigated on, closed the tab): nothing to report.
    if (request.signal.aborted) return new Response(null, { status: 499 })
    console.error('request failed', request.method, url.pathname, error)
    const status = error instanceof HttpError ? error.status : 500
    return new Response(status === 500 ? 'Internal Server Error' : error instanceof Error ? error.message : 'Error', {
      status,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    })
  }
}

/** Renders a stale page again after the current response, once per key at a time. */
function revalidate(key: string, request: Request, url: URL): void {
  if (!pageCache.beginRevalidation(key)) return
  // Only what a guest page depends on: the host and the scheme. No cookie, no credentials.
  const headers = new Headers()
  for (const name of ['host', 'x-forwarded-host', 'x-forwarded-proto']) {
    const value = request.headers.get(name)
    if (value) headers.set(name, value)
  }
  setImmediate(async () => {
    try {
      const { response, page } = await render(new Request(url.href, { headers }), url, null)
      if (page && isCacheableResponse(response)) {
        const doc = guestDocument(page, response.headers.get('content-type') ?? 'text/html; charset=utf-8')
        pageCache.set(key, doc, doc.size, Date.now())
      } else {
        // The page is no longer one to keep (an error, a redirect): the next visitor renders it.
        await response.body?.cancel()
        pageCache.delete(key)
      }
    } catch (error) {
      // A busy worker keeps serving the stale page; the next stale hit tries again.
      if (!(error instanceof Overloaded)) {
        console.error('page revalidation failed', url.pathname, error)
        pageCache.delete(key)
      }
    } finally {
      pageCache.endRevalidation(key)
    }
  })
}

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

/** A kept guest page, in the encoding the client takes, with its scripts' hashes as its CSP. */
function cachedResponse(request: Request, doc: GuestDocument, status: 'HIT' | 'STALE' | 'MISS', https: boolean): Response {
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'), 'gzip')
  let body: Buffer
  if (encoding === 'gzip') body = documentGzip(doc)
  else {
    const plain = documentBody(doc)
    body = encoding === 'br' ? compressBody(plain, 'br') : plain
  }
  const headers: Record<string, string> = {
    'content-type': doc.contentType,
    'content-security-policy': csp(doc.scriptSources, https),
    ...securityByScheme[https ? 'https' : 'http'],
    vary: GUEST_VARY,
    'cache-control': GUEST_CACHE_CONTROL,
  }
  headers['x-cache'] = status
  headers['content-length'] = String(body.length)
  if (encoding !== 'identity') headers['content-encoding'] = encoding
  return new FastResponse(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers })
}

/** A response that is not kept: security headers, and pages compressed. */
function finishResponse(
  request: Request,
  { response, page }: Rendered,
  nonce: string | null,
  options: { https: boolean; loggedIn: boolean; cacheStatus?: 'MISS' },
): Response {
  const headers = new Headers(response.headers)
  for (const [name, value] of Object.entries(baseSecurityHeaders(options.https))) headers.set(name, value)
  // Cookies the server sets travel only over https when the visit is https.
  if (options.https) {
    const cookies = headers.getSetCookie()
    if (cookies.length) {
      headers.delete('set-cookie')
      for (const cookie of cookies) headers.append('set-cookie', /;\s*secure\b/i.test(cookie) ? cookie : `${cookie}; Secure`)
    }
  }
  const location = headers.get('location')
  if (location !== null) headers.set('location', localTarget(location, requestHost(request, new URL(request.url))))
  if (page === null) {
    return new FastResponse(response.body, { status: response.status, statusText: response.statusText, headers })
  }
  const plain = page
  headers.set('content-security-policy', csp(nonce !== null ? { nonce } : inlineScriptHashes(plain.toString('utf8')), options.https))
  headers.set('vary', options.loggedIn ? PAGE_VARY : GUEST_VARY)
  if (options.loggedIn || headers.has('set-cookie')) headers.set('cache-control', PRIVATE_CACHE_CONTROL)
  else if (!headers.has('cache-control')) headers.set('cache-control', GUEST_CACHE_CONTROL)
  if (options.cacheStatus) headers.set('x-cache', options.cacheStatus)
  const encoding: Encoding = plain.length >= COMPRESS_MIN_BYTES ? negotiateEncoding(request.headers.get('accept-encoding'), 'br') : 'identity'
  const body = compressBody(plain, encoding)
  if (encoding !== 'identity') headers.set('content-encoding', encoding)
  headers.set('content-length', String(body.length))
  return new FastResponse(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: response.status, statusText: response.statusText, headers })
}

/**
 * Redirects stay on the site: an absolute address of this site is kept, anything that a browser
 * would read as another host (`//host`, `/\host`, another origin) becomes `/`.
 */
export function localTarget(location: string, host?: string): string {
  if (location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\')) return location
  if (host && /^https?:\/\//i.test(location)) {
    try {
      const target = new URL(location)
      if (target.host.toLowerCase() === host.toLowerCase()) return `${target.pathname}${target.search}${target.hash}`
    } catch {}
  }
  return '/'
}

export default createServerEntry({ fetch: handleRequest })

/** Headers the production server adds to the static files it serves (scripts/serve.mjs). */
export const ASSET_SECURITY_HEADERS = baseSecurityHeaders(false)
