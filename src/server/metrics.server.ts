/**
 * What the site's rendering counts (issue 40), in the process's prom-client registry: the
 * scripts/serve.mjs server adds the requests, scripts/start.mjs the workers and the aggregation
 * (README "Operating" lists every metric). prom-client is one module for the whole process, so
 * these and the server's own land in one registry.
 */
import client from 'prom-client'
import { observeBackendCalls } from '#app/core/log.server.ts'
import type { CacheResult } from '#app/core/request-facts.server.ts'

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

function once<T>(name: string, make: () => T): T {
  return (client.register.getSingleMetric(name) as T | undefined) ?? make()
}

const renderSeconds = once(
  'site_render_duration_seconds',
  () =>
    new client.Histogram({
      name: 'site_render_duration_seconds',
      help: 'Time to render a page, from its place in the render limit to its last byte.',
      buckets: SECONDS,
    }),
)
const refusedRenders = once(
  'site_render_refused_total',
  () =>
    new client.Counter({
      name: 'site_render_refused_total',
      help: 'Visitors the render limit turned away with 503, by reason.',
      labelNames: ['reason'] as const,
    }),
)
const pageCache = once(
  'site_page_cache_total',
  () => new client.Counter({ name: 'site_page_cache_total', help: 'Guest page cache answers: HIT, MISS or STALE.', labelNames: ['result'] as const }),
)
const backendSeconds = once(
  'site_backend_call_duration_seconds',
  () =>
    new client.Histogram({
      name: 'site_backend_call_duration_seconds',
      help: "The server's calls to the backend, by method and endpoint pattern.",
      labelNames: ['method', 'endpoint'] as const,
      buckets: SECONDS,
    }),
)
const backendErrors = once(
  'site_backend_call_errors_total',
  () =>
    new client.Counter({
      name: 'site_backend_call_errors_total',
      help: "The server's failed calls to the backend: http (an error status), network (no answer), shape (an unexpected body).",
      labelNames: ['method', 'endpoint', 'kind'] as const,
    }),
)

/** The render limit's state, read when the metrics are: renders running and visitors waiting. */
export function watchRenderLimit(load: () => { running: number; waiting: number }): void {
  once(
    'site_render_queue_length',
    () =>
      new client.Gauge({
        name: 'site_render_queue_length',
        help: 'Visitors waiting for a place to render (decision 080).',
        collect() {
          this.set(load().waiting)
        },
      }),
  )
  once(
    'site_renders_running',
    () =>
      new client.Gauge({
        name: 'site_renders_running',
        help: 'Renders running now.',
        collect() {
          this.set(load().running)
        },
      }),
  )
}

/**
 * Each label set's series, made once: prom-client otherwise sorts and joins the labels on every
 * count, and a guest page counts its cache answer, a signed-in page each of its backend calls.
 */
const cacheSeries: Record<CacheResult, client.Counter.Internal> = {
  HIT: pageCache.labels('HIT'),
  MISS: pageCache.labels('MISS'),
  STALE: pageCache.labels('STALE'),
}
const callSeries = new Map<string, client.Histogram.Internal<'method' | 'endpoint'>>()
function callSeconds(method: string, endpoint: string): client.Histogram.Internal<'method' | 'endpoint'> {
  const key = `${method} ${endpoint}`
  let series = callSeries.get(key)
  if (!series) {
    series = backendSeconds.labels(method, endpoint)
    callSeries.set(key, series)
  }
  return series
}

export const siteMetrics = {
  rendered(seconds: number): void {
    renderSeconds.observe(seconds)
  },
  refused(reason: 'queue-full' | 'waited-too-long'): void {
    refusedRenders.inc({ reason })
  },
  cache(result: CacheResult): void {
    cacheSeries[result].inc()
  },
  backendCall(call: { method: string; endpoint: string; seconds: number; failure: string | null }): void {
    callSeconds(call.method, call.endpoint).observe(call.seconds)
    if (call.failure) backendErrors.inc({ method: call.method, endpoint: call.endpoint, kind: call.failure })
  },
}

observeBackendCalls(siteMetrics.backendCall)
