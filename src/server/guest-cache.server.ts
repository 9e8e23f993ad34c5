/**
 * Guest pages from the site's own cache (decision 020, amended by 080, 082 and 084): a guest page
 * is rendered once for every guest and kept whole with its scripts' hashes; a stale one is served
 * while it is rendered again in the background, and visitors who ask for a page being rendered
 * wait for that one render.
 */
import type { Buffer } from 'node:buffer'
import { consentOf, readCookie } from '#app/core/cookies.ts'
import { requestHost } from '#app/core/request.server.ts'
import { loadConfig } from '#config'
import { CONSENT_COOKIE, consentVariant, readConsent, sendsGpc } from '#machines/rules/consent.ts'
import { BUILD_ID } from './build.server.ts'
import { createCachedDocument } from './cached-document.server.ts'
import { isCacheableRequest, isCacheableResponse, PageCache, pageCacheKey } from './page-cache.server.ts'
import { render } from './render.server.ts'
import { Overloaded } from './render-limit.server.ts'
import { type KeptPage, keptPageResponse, pageResponse } from './respond.server.ts'
import { inlineScriptHashes } from './script-hashes.server.ts'
import { isHttps } from './security-headers.server.ts'

const config = loadConfig()

export const pageCache = new PageCache<KeptPage>({
  maxEntries: 500,
  maxBytes: 64 * 1024 * 1024,
  ttlMs: config.pageCacheSeconds * 1000,
  staleMs: 10 * 60_000,
})
/** Renders under way per cache key: concurrent first visitors wait for one render. */
const inflight = new Map<string, Promise<KeptPage | null>>()

/** Whether the page cache answers this request: it is on, and the request is a guest's GET or HEAD of a page. */
export function isGuestPageRequest(request: Request, url: URL): boolean {
  return config.pageCacheSeconds !== 0 && isCacheableRequest({ method: request.method, pathname: url.pathname, cookieHeader: request.headers.get('cookie') })
}

/** A guest page from the cache (fresh, or stale while it is rendered again), or rendered and kept. */
export async function guestPageResponse(request: Request, url: URL): Promise<Response> {
  const https = isHttps(request)
  const key = pageCacheKey({
    buildId: BUILD_ID,
    protocol: https ? 'https' : 'http',
    host: requestHost(request, url),
    pathname: url.pathname,
    search: url.search,
    consent: bannerVariant(request),
  })
  const hit = pageCache.get(key, Date.now())
  if (hit) {
    if (hit.freshness === 'stale') revalidate(key, request, url)
    return keptPageResponse(request, hit.value, hit.freshness === 'fresh' ? 'HIT' : 'STALE', https)
  }
  const pending = inflight.get(key)
  if (pending) {
    const doc = await pending
    if (doc) return keptPageResponse(request, doc, 'HIT', https)
  }

  let settle: (doc: KeptPage | null) => void = () => {}
  if (!pending && request.method === 'GET') {
    inflight.set(key, new Promise((resolve) => (settle = resolve)))
  }
  try {
    const rendered = await render(request, url, null)
    const { response, page } = rendered
    if (request.method === 'GET' && page && isCacheableResponse(response)) {
      const doc = keptPage(page, response.headers.get('content-type') ?? 'text/html; charset=utf-8')
      pageCache.set(key, doc, doc.size, Date.now())
      settle(doc)
      return keptPageResponse(request, doc, 'MISS', https)
    }
    settle(null)
    return pageResponse(request, rendered, null, { https, loggedIn: false, cacheStatus: 'MISS' })
  } catch (error) {
    settle(null)
    throw error
  } finally {
    if (!pending) inflight.delete(key)
  }
}

/** R9.24: the cookie banner's variant of a request (the page shows the banner, its GPC note, or a choice). */
function bannerVariant(request: Request): string {
  return consentVariant(readConsent(readCookie(request.headers.get('cookie'), CONSENT_COOKIE)), sendsGpc(request.headers.get('sec-gpc')))
}

/** A guest page is kept whole, with its gzip and its scripts' hashes. */
function keptPage(body: Buffer, contentType: string): KeptPage {
  return { ...createCachedDocument(body, contentType), scriptSources: inlineScriptHashes(body) }
}

/** Renders a stale page again after the current response, once per key at a time. */
function revalidate(key: string, request: Request, url: URL): void {
  if (!pageCache.beginRevalidation(key)) return
  // Only what a guest page depends on: the host, the scheme and the cookie banner's variant (the
  // choice's cookie alone, and Global Privacy Control). No other cookie, no credentials.
  const headers = new Headers()
  for (const name of ['host', 'x-forwarded-host', 'x-forwarded-proto', 'sec-gpc']) {
    const value = request.headers.get(name)
    if (value) headers.set(name, value)
  }
  const choice = readCookie(request.headers.get('cookie'), CONSENT_COOKIE)
  if (consentOf(request.headers.get('cookie')) && choice) headers.set('cookie', `${CONSENT_COOKIE}=${choice}`)
  setImmediate(async () => {
    try {
      const { response, page } = await render(new Request(url.href, { headers }), url, null)
      if (page && isCacheableResponse(response)) {
        const doc = keptPage(page, response.headers.get('content-type') ?? 'text/html; charset=utf-8')
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
