/**
 * What the site counts (issue 40), in the process's prom-client registry: every request answered
 * (scripts/site-ops.mjs reports each one through the server entry), renders, the render limit,
 * the page cache and the calls to the backend. scripts/start.mjs adds the workers and the
 * aggregation (README "Operating" lists every metric). prom-client is one module for the whole
 * process, so these and the process's own land in one registry.
 */
import client from 'prom-client'
import { observeBackendCalls } from '#app/core/log.server.ts'
import type { CacheResult } from '#app/core/request-facts.server.ts'

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const REQUEST_SECONDS = [0.001, ...SECONDS]

/**
 * Counts waiting to be handed to prom-client. A count costs a request an array push; prom-client
 * gets them all in one go when the metrics are read (every metric below flushes them first, so a
 * scrape sees every count made before it), or once 1,024 are waiting. prom-client's own `inc` and
 * `observe` check and join the labels each time, and a rendered page made five of them between
 * its renders, each in code the render had pushed out of the processor's caches.
 */
const WAITING_AT_MOST = 1024
const waitingSeries: Array<{ add(value: number): void }> = []
const waitingValues: number[] = []

function later(series: { add(value: number): void }, value: number): void {
  waitingSeries.push(series)
  waitingValues.push(value)
  if (waitingValues.length >= WAITING_AT_MOST) handOver()
}

/** How many counts are waiting (never more than 1,024). */
export function countsWaiting(): number {
  return waitingValues.length
}

function handOver(): void {
  for (let i = 0; i < waitingValues.length; i++) waitingSeries[i]!.add(waitingValues[i]!)
  waitingSeries.length = 0
  waitingValues.length = 0
}

type Labelled = { labels(...values: string[]): { inc(value: number): void } | { observe(value: number): void } }

/** Each label set's series of a metric, made once, as something a waiting count can be added to. */
function seriesOf(metric: Labelled): (...values: string[]) => { add(value: number): void } {
  const kept = new Map<string, { add(value: number): void }>()
  return (...values) => {
    const key = values.join('\u0000')
    let series = kept.get(key)
    if (!series) {
      const labelled = metric.labels(...values)
      series = 'inc' in labelled ? { add: (value) => labelled.inc(value) } : { add: (value) => labelled.observe(value) }
      kept.set(key, series)
    }
    return series
  }
}

function once<T>(name: string, make: () => T): T {
  return (client.register.getSingleMetric(name) as T | undefined) ?? make()
}

const requests = once(
  'site_http_requests_total',
  () =>
    new client.Counter({
      name: 'site_http_requests_total',
      help: 'Requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'] as const,
      collect: handOver,
    }),
)
const requestSeconds = once(
  'site_http_request_duration_seconds',
  () =>
    new client.Histogram({
      name: 'site_http_request_duration_seconds',
      help: 'Time to answer a request (to its first byte), by route pattern.',
      labelNames: ['route'] as const,
      buckets: REQUEST_SECONDS,
      collect: handOver,
    }),
)
const renderSeconds = once(
  'site_render_duration_seconds',
  () =>
    new client.Histogram({
      name: 'site_render_duration_seconds',
      help: 'Time to render a page, from its place in the render limit to its last byte.',
      buckets: SECONDS,
      collect: handOver,
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
  () =>
    new client.Counter({
      name: 'site_page_cache_total',
      help: 'Guest page cache answers: HIT, MISS or STALE.',
      labelNames: ['result'] as const,
      collect: handOver,
    }),
)
const backendSeconds = once(
  'site_backend_call_duration_seconds',
  () =>
    new client.Histogram({
      name: 'site_backend_call_duration_seconds',
      help: "The server's calls to the backend, by method and endpoint pattern.",
      labelNames: ['method', 'endpoint'] as const,
      buckets: SECONDS,
      collect: handOver,
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

const requestCount = seriesOf(requests)
const requestTime = seriesOf(requestSeconds)
const renderTime = { add: (value: number) => renderSeconds.observe(value) }
const cacheCount = seriesOf(pageCache)
const callTime = seriesOf(backendSeconds)

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

export const siteMetrics = {
  /** A request answered: its method, route pattern, status, and the time to its first byte. */
  answered(method: string, route: string, status: number, seconds: number): void {
    later(requestCount(method, route, String(status)), 1)
    later(requestTime(route), seconds)
  },
  rendered(seconds: number): void {
    later(renderTime, seconds)
  },
  refused(reason: 'queue-full' | 'waited-too-long'): void {
    refusedRenders.inc({ reason })
  },
  cache(result: CacheResult): void {
    later(cacheCount(result), 1)
  },
  backendCall(call: { method: string; endpoint: string; seconds: number; failure: string | null }): void {
    later(callTime(call.method, call.endpoint), call.seconds)
    if (call.failure) backendErrors.inc({ method: call.method, endpoint: call.endpoint, kind: call.failure })
  },
}

observeBackendCalls(siteMetrics.backendCall)
