/**
 * Rendering: the router runs for one request inside its language and nonce context (the store
 * Paraglide and the router read, R2.9, decision 021), when the render limit lets it (decision
 * 080); a page is read whole and painted first (decision 025). Past the limit the visitor gets a
 * quick 503.
 */

import { AsyncLocalStorage } from 'node:async_hooks'
import type { Buffer } from 'node:buffer'
import { createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server'
import { FastResponse } from 'srvx'
import { HttpError } from '#app/core/http-error.ts'
import type { RequestLocaleStore } from '#app/core/i18n.ts'
import { splitLocalePrefix } from '#app/core/locale.ts'
import { serverLog } from '#app/core/log.server.ts'
import { requestLocale } from '#app/core/request.server.ts'
import { currentRequest, noteQueueWait } from '#app/core/request-facts.server.ts'
import { m } from '#app/paraglide/messages.js'
import { overwriteServerAsyncLocalStorage } from '#app/paraglide/runtime.js'
import { loadConfig } from '#config'
import { localeAssets } from './build.server.ts'
import { reportServerError } from './error-report.server.ts'
import { siteMetrics, watchRenderLimit } from './metrics.server.ts'
import { paintFirstBytes } from './paint-first.server.ts'
import { RenderLimit } from './render-limit.server.ts'
import { routePattern } from './route-pattern.server.ts'
import { baseSecurityHeaders, isHttps } from './security-headers.server.ts'

const localeStorage = new AsyncLocalStorage<RequestLocaleStore>()
overwriteServerAsyncLocalStorage(localeStorage as never)

const startFetch = createStartHandler(defaultStreamHandler)

/** Renders at once in this worker and the queue behind them (decision 080); cached pages never wait. */
const renderLimit = new RenderLimit({ ...loadConfig().renderLimit, onRefused: siteMetrics.refused })
watchRenderLimit(() => renderLimit.load)

/** Seconds a visitor turned away is asked to wait. */
const BUSY_RETRY_AFTER_SECONDS = 1

/** What a render produced: the response, and for a page its bytes (paint first applied; the body is read). */
export interface Rendered {
  response: Response
  page: Buffer | null
}

/** Renders one request when the render limit lets it; rejects with `Overloaded` when it does not in time. */
export function render(request: Request, url: URL, nonce: string | null): Promise<Rendered> {
  const asked = performance.now()
  return renderLimit.run(async () => {
    const started = performance.now()
    noteQueueWait(started - asked)
    const response = await runRouter(request, url, nonce)
    if (!response.headers.get('content-type')?.startsWith('text/html')) return { response, page: null }
    // A page streams as it renders: its place is held until the whole page is written. The page
    // is read as bytes and rewritten once (paint first), and handed on as bytes.
    const page = paintFirstBytes(await response.arrayBuffer(), localeAssets[requestLocale(request, url)])
    siteMetrics.rendered((performance.now() - started) / 1000)
    return { response, page }
  })
}

/**
 * A server route's own answer (the download redirect, `src/routes/download.ts`): it renders no
 * page, so it does not wait for the render limit, and it leaves as the route made it.
 */
export function serverRouteResponse(request: Request, url: URL): Promise<Response> {
  return runRouter(request, url, null)
}

/** Decision 080: the quick refusal when the render limit turned a visitor away. */
export function busyResponse(incoming: Request): Response {
  return new FastResponse(m.page_busy({}, { locale: requestLocale(incoming) }), {
    status: 503,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
      'cache-control': 'no-store',
      ...baseSecurityHeaders(isHttps(incoming)),
    },
  })
}

async function runRouter(request: Request, url: URL, nonce: string | null): Promise<Response> {
  const store: RequestLocaleStore = {
    locale: requestLocale(request, url),
    origin: url.origin,
    messageCalls: new Set(),
    prefix: splitLocalePrefix(url.pathname).prefix,
    ...(nonce ? { nonce } : {}),
  }
  try {
    return await localeStorage.run(store, () => startFetch(request))
  } catch (error) {
    // The visitor went away (navigated on, closed the tab): nothing to report.
    if (request.signal.aborted) return new Response(null, { status: 499 })
    const status = error instanceof HttpError ? error.status : 500
    const route = routePattern(url.pathname)
    serverLog().error({ err: error, route, status }, 'render failed')
    if (status === 500) reportServerError(error, { requestId: currentRequest()?.id ?? null, route })
    return new Response(status === 500 ? 'Internal Server Error' : error instanceof Error ? error.message : 'Error', {
      status,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    })
  }
}
