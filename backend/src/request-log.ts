import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { isTrustedPeer, peerAddress, proxiesFor } from './client-address.ts'
import type { BackendEnv } from './env.ts'
import type { AppEnv, Ctx } from './http.ts'
import type { Logger } from './log.ts'
import type { Metrics } from './metrics.ts'

/** A request id taken from a trusted proxy's `X-Request-Id`: 1 to 128 of these characters. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** The routes of health probes: their access lines are debug, so probes every few seconds do not flood the log. */
const PROBE_ROUTES = new Set(['/__health', '/__ready'])

/** The route of a request that matched none (a 404, a refused preflight). */
export const NO_ROUTE = '(none)'

/**
 * The request's id: the `X-Request-Id` a trusted proxy sent (the peer is one of BACKEND_TRUST_PROXY and
 * shows SITE_PROXY_TOKEN when one is set: the rule that decides whether `X-Forwarded-For` is believed)
 * when it is well formed; otherwise a new UUID.
 * Anyone else's header is ignored: it could forge or collide with another request's id.
 */
export function requestIdOf(c: Ctx, env: Pick<BackendEnv, 'trustProxy' | 'siteProxyToken'>): string {
  const given = c.req.header('x-request-id')?.trim()
  if (given && REQUEST_ID.test(given) && isTrustedPeer(peerAddress(c), proxiesFor(c, env))) return given
  return randomUUID()
}

/**
 * The pattern of the route that answered (`/:locale/users/auth/:code`), never the path itself, which
 * holds sign-in codes and links. The API is mounted under each locale, so `/en`, `/ru` and `/de` are
 * named `/:locale`. Middleware (`use`, method ALL) is not a route: a request only middleware answered
 * (a 404, a preflight) is `(none)`.
 */
export function routeOf(c: Ctx): string {
  const routes = matchedRoutes(c)
  // The handler that answered, or the last route reached before a middleware answered (413, 405):
  // from the one reached back to the first, then from the last back to the one after it.
  const upTo = Math.min(c.req.routeIndex, routes.length - 1)
  for (let i = upTo; i >= 0; i--) if (routes[i]!.method !== 'ALL') return patternOf(routes[i]!.path)
  for (let i = routes.length - 1; i > upTo; i--) if (routes[i]!.method !== 'ALL') return patternOf(routes[i]!.path)
  return NO_ROUTE
}

/** A route's path as its pattern: `/en`, `/ru` and `/de` named `/:locale`; made once per route. */
const patterns = new Map<string, string>()
function patternOf(path: string): string {
  let pattern = patterns.get(path)
  if (pattern === undefined) {
    pattern = path.replace(/^\/(?:en|ru|de)(?=\/|$)/, '/:locale')
    patterns.set(path, pattern)
  }
  return pattern
}

/** A request as it was answered: what its access line and count say. */
export interface Answered {
  reqId: string
  /** Null when it is not one of HTTP's methods (a request the parser refused): counted as `(unknown)`. */
  method: string | null
  route: string
  status: number
  ms: number
}

/**
 * A request's access line and count (R10.16), for every request the backend answers, whether it
 * reached the app or the HTTP parser refused it. The line: `msg: "request"`, reqId, method, route,
 * status, durationMs; error level for a 5xx, debug for a health probe, info otherwise.
 */
export function recordRequest(log: Logger, metrics: Metrics, answered: Answered): void {
  const { reqId, method, route, status, ms } = answered
  metrics.request(method ?? '(unknown)', route, status, ms / 1000)
  const line = { reqId, method, route, status, durationMs: Math.round(ms * 10) / 10 }
  if (status >= 500) log.error(line, 'request')
  else if (PROBE_ROUTES.has(route)) log.debug(line, 'request')
  else log.info(line, 'request')
}

/**
 * The first middleware of the app: gives the request its id (in the `X-Request-Id` answer header, in
 * `c.var.reqId` for the lines written about it), then writes its access line and counts it in the metrics.
 */
export function requestLog(log: Logger, metrics: Metrics, trusted: Pick<BackendEnv, 'trustProxy' | 'siteProxyToken'>): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const started = performance.now()
    const reqId = requestIdOf(c, trusted)
    c.set('reqId', reqId)
    return next().then(() => {
      c.header('X-Request-Id', reqId)
      recordRequest(log, metrics, { reqId, method: c.req.method, route: routeOf(c), status: c.res.status, ms: performance.now() - started })
    })
  }
}
