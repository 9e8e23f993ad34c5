/**
 * Guest pages from the site's own cache (decision 020, amended by 080, 082 and 084): a guest page
 * is rendered once for every guest and kept whole with its scripts' hashes; a stale one is served
 * while it is rendered again in the background, and visitors who ask for a page being rendered
 * wait for that one render.
 */
import { consentOf, readCookie } from '#app/core/cookies.ts'
import { serverLog } from '#app/core/log.server.ts'
import { requestHost } from '#app/core/request.server.ts'
import { noteCache } from '#app/core/request-facts.server.ts'
import { loadConfig } from '#config'
import { CONSENT_COOKIE, consentVariant, readConsent, sendsGpc } from '#machines/rules/consent.ts'
import { BUILD_ID } from './build.server.ts'
import { createCachedDocument } from './cached-document.server.ts'
import { siteMetrics } from './metrics.server.ts'
import { GUEST_PAGE_CACHE, isCacheableRequest, isCacheableResponse, PageCache, pageCacheKey } from './page-cache.server.ts'
import { type Rendered, render } from './render.server.ts'
import { Overloaded } from './render-limit.server.ts'
import { type KeptPage, keptPageResponse, pageResponse } from './respond.server.ts'
import { routePattern } from './route-pattern.server.ts'
import { inlineScriptHashes } from './script-hashes.server.ts'
import { isHttps } from './security-headers.server.ts'

const config = loadConfig()

const pageCache = new PageCache<KeptPage, Rendered>({
  ...GUEST_PAGE_CACHE,
  ttlMs: config.pageCacheSeconds * 1000,
  sizeOf: (doc) => doc.size,
  // A busy worker keeps serving the stale page; the next stale hit tries again.
  keepsStale: (error) => error instanceof Overloaded,
})

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
  const found = await pageCache.get(key, {
    render: async () => {
      const rendered = await render(request, url, null)
      // A HEAD reads a kept page but keeps none.
      return { answer: rendered, kept: request.method === 'GET' ? keepable(rendered) : undefined }
    },
    refresh: () => refresh(request, url),
  })
  const result = found.status
  noteCache(result)
  siteMetrics.cache(result)
  if (found.kept) return keptPageResponse(request, found.kept, found.status, https)
  return pageResponse(request, found.answer, null, { https, loggedIn: false, cacheStatus: 'MISS' })
}

/** R9.24: the cookie banner's variant of a request (the page shows the banner, its GPC note, or a choice). */
function bannerVariant(request: Request): string {
  return consentVariant(readConsent(readCookie(request.headers.get('cookie'), CONSENT_COOKIE)), sendsGpc(request.headers.get('sec-gpc')))
}

/** The page to keep from a render, when it is one to keep: it is kept whole with its scripts' hashes. */
function keepable({ response, page }: Rendered): KeptPage | undefined {
  if (!page || !isCacheableResponse(response)) return undefined
  const doc = createCachedDocument(page, response.headers.get('content-type') ?? 'text/html; charset=utf-8')
  return { ...doc, scriptSources: inlineScriptHashes(page) }
}

/** A stale page rendered again in the background; undefined when it is no longer one to keep (an error, a redirect). */
async function refresh(request: Request, url: URL): Promise<KeptPage | undefined> {
  // Only what a guest page depends on: the host, the scheme and the cookie banner's variant (the
  // choice's cookie alone, and Global Privacy Control). No other cookie, no credentials.
  const headers = new Headers()
  for (const name of ['host', 'x-forwarded-host', 'x-forwarded-proto', 'sec-gpc']) {
    const value = request.headers.get(name)
    if (value) headers.set(name, value)
  }
  const choice = readCookie(request.headers.get('cookie'), CONSENT_COOKIE)
  if (consentOf(request.headers.get('cookie')) && choice) headers.set('cookie', `${CONSENT_COOKIE}=${choice}`)
  try {
    const rendered = await render(new Request(url.href, { headers }), url, null)
    const kept = keepable(rendered)
    if (!kept) await rendered.response.body?.cancel()
    return kept
  } catch (error) {
    if (!(error instanceof Overloaded)) serverLog().error({ err: error, route: routePattern(url.pathname) }, 'page revalidation failed')
    throw error
  }
}
