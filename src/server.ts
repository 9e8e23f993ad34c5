/**
 * The server entry: the way of every request the site renders, read top to bottom. Each step is a
 * module of its own under src/server/; this file only puts them in order. Static files and
 * `/__ready` never get here with GET or HEAD (scripts/serve.mjs answers them, with
 * `ASSET_SECURITY_HEADERS`); with any other method they do, and are refused as every page is.
 */
import { createServerEntry } from '@tanstack/react-start/server'
import { carriesSession } from '#app/core/cookies.ts'
import { setProcessLogger } from '#app/core/log.server.ts'
import { preferredEncoding } from '#app/core/negotiate.ts'
import { incomingRequestId, trustedRequest, unknownHostRedirect } from '#app/core/request.server.ts'
import { attachFacts, currentRequest, factsOf, newRequestFacts } from '#app/core/request-facts.server.ts'
import { refusal, withBodyWithinLimit } from '#app/server/admission.server.ts'
import { brandFileResponse, isBrandFilePath } from '#app/server/brand-files.server.ts'
import { isDownloadPath } from '#app/server/download.server.ts'
import { errorBeaconResponse, isErrorBeaconPath } from '#app/server/error-beacon.server.ts'
import { reportServerError } from '#app/server/error-report.server.ts'
import { guestPageResponse, isGuestPageRequest } from '#app/server/guest-cache.server.ts'
import { siteMetrics } from '#app/server/metrics.server.ts'
import { isPrefetchMapRequest, prefetchMapResponse } from '#app/server/prefetch.server.ts'
import { rootRedirectResponse, servedInPlace } from '#app/server/redirects.server.ts'
import { busyResponse, render, serverRouteResponse } from '#app/server/render.server.ts'
import { Overloaded } from '#app/server/render-limit.server.ts'
import { ASSET_SECURITY_HEADERS, pageResponse, secureCookies } from '#app/server/respond.server.ts'
import { loadRoutePatterns, routePattern } from '#app/server/route-pattern.server.ts'
import { isSearchFilePath, searchFileResponse } from '#app/server/search-files.server.ts'
import { createNonce, isHttps } from '#app/server/security-headers.server.ts'
import { WARM_UP_BUDGET_MS, WARM_UP_PATHS, type WarmUpReport, warmUp } from '#app/server/warm-up.server.ts'
import { loadConfig } from '#config'

// Fail at start, not on the first request, when the environment is wrong.
const config = loadConfig()

export async function handleRequest(incoming: Request): Promise<Response> {
  // Issue 40: the request is named by its route's pattern in its access line and metrics.
  const facts = factsOf(incoming)
  if (facts) facts.route ??= routePattern(new URL(incoming.url).pathname)
  // Decision 094: a method the address does not answer, or a body declared over the limit, is
  // refused before anything reads the request.
  const refused = refusal(incoming)
  if (refused) return refused
  // Decision 121: a host the site does not serve as itself is sent to the original, path and query kept.
  const moved = unknownHostRedirect(incoming)
  if (moved) return moved
  // Decision 082: only trusted hosts and proxies. R2.10: `/faq/` is `/faq`, served in place.
  const trusted = servedInPlace(trustedRequest(incoming))
  if (facts) attachFacts(trusted, facts)
  // Decision 094: a form's or server function's body, read up to the limit, or 413.
  const request = await withBodyWithinLimit(trusted)
  if (request instanceof Response) return request
  if (facts) attachFacts(request, facts)
  try {
    // R10.12: over https every cookie set on the way is Secure.
    return secureCookies(await answer(request), isHttps(request))
  } catch (error) {
    // Decision 080: past the render limit a visitor gets a quick 503 instead of a long wait.
    if (error instanceof Overloaded) return busyResponse(request)
    throw error
  }
}

async function answer(request: Request): Promise<Response> {
  const url = new URL(request.url)

  // Issue 40: the browser's error beacon, handed to the error hook.
  if (isErrorBeaconPath(url.pathname)) return errorBeaconResponse(request)

  // Decision 024: the route → code chunks map for the browser's idle prefetch.
  if (isPrefetchMapRequest(request, url)) return prefetchMapResponse(request, url)

  // R7.4: the download redirect, a server route (src/routes/download.ts). It renders no page:
  // no render limit, no page cache, and its address leaves the site.
  if (isDownloadPath(url.pathname)) return serverRouteResponse(request, url)

  // Issue 38: each domain's robots.txt and sitemap, made for its own origin.
  if (isSearchFilePath(url.pathname)) return searchFileResponse(request, url)

  // R2.22: each domain's favicon.ico and web app manifest, its own brand's.
  if (isBrandFilePath(url.pathname)) return brandFileResponse(request, url)

  // R2.10: only the root redirects, for the language.
  const redirect = rootRedirectResponse(request, url)
  if (redirect) return redirect

  // Decisions 020, 084: a guest's page from the page cache, rendered once for every guest.
  if (isGuestPageRequest(request, url)) return guestPageResponse(request, url)

  // Any other request is rendered for itself. A signed-in page has a nonce of its own; a guest
  // page none: its CSP lists its scripts' hashes (decision 084).
  const loggedIn = carriesSession(request.headers.get('cookie'))
  const nonce = loggedIn ? createNonce() : null
  return pageResponse(request, await render(request, url, nonce), nonce, { https: isHttps(request), loggedIn })
}

/**
 * Decision 093: a few guest pages rendered before the server listens (scripts/serve.mjs), so that
 * its first visitors do not wait for the code a first render loads and compiles.
 */
export async function warmUpServer(): Promise<WarmUpReport> {
  // Issue 40: the access lines name pages by their route's pattern from the first request on.
  await loadRoutePatterns()
  return warmUp({
    paths: WARM_UP_PATHS,
    origin: `${config.siteBase.protocol}://${config.siteBase.host}`,
    render: async (request, url) => (await render(request, url, null)).response.status,
    budgetMs: WARM_UP_BUDGET_MS,
    now: () => performance.now(),
  })
}

export default createServerEntry({ fetch: handleRequest })

/** The id of the request being answered, for the lines the libraries print meanwhile (scripts/site-ops.mjs). */
export function currentRequestId(): string | null {
  return currentRequest()?.id ?? null
}

/**
 * For scripts/serve.mjs: the site's one reader of Accept-Encoding and the security headers, for
 * its static files; each request's facts and id, the process's logger, the site's metrics and the
 * error hook (issue 40).
 */
export { ASSET_SECURITY_HEADERS, attachFacts, incomingRequestId, newRequestFacts, preferredEncoding, reportServerError, setProcessLogger, siteMetrics }
