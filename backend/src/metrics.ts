import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client'

/**
 * The backend's Prometheus metrics, in a registry of its own (never prom-client's global one, so two
 * backends in one process never mix their numbers). Labels stay few: route patterns, never raw paths.
 */

export type QueryKind = 'select' | 'insert' | 'update' | 'delete' | 'other'

/** A statement's kind: its first SQL keyword, lower-cased; `WITH`, `BEGIN` and the rest are `other`. */
export function queryKind(sql: string): QueryKind {
  const word = /^\s*([A-Za-z]+)/.exec(sql)?.[1]?.toLowerCase()
  return word === 'select' || word === 'insert' || word === 'update' || word === 'delete' ? word : 'other'
}

export type NotifyingProvider = 'cloudpayments' | 'payselection'

/** Something a count waiting to be handed over is added to: one label set of one metric. */
interface Series {
  add(value: number): void
}

/** Each label set's series of a metric, made once (prom-client otherwise joins the labels on every count). */
function seriesOf(make: (...values: string[]) => Series): (...values: string[]) => Series {
  const kept = new Map<string, Series>()
  return (...values) => {
    const key = values.join('\u0000')
    let series = kept.get(key)
    if (series === undefined) {
      series = make(...values)
      kept.set(key, series)
    }
    return series
  }
}

/**
 * Counts waiting to be handed to prom-client: a request or a statement costs an array push, and
 * prom-client gets them in one go when the metrics are read (each metric that has some flushes them
 * first, so a scrape sees every count made before it), or once 1,024 are waiting. prom-client's own
 * `inc` and `observe` check and join the labels each time, and every request made three of them.
 */
class Waiting {
  private static readonly AT_MOST = 1024
  private readonly series: Series[] = []
  private readonly values: number[] = []

  /** How many counts are waiting (never more than 1,024). */
  get size(): number {
    return this.values.length
  }

  add(series: Series, value: number): void {
    this.series.push(series)
    this.values.push(value)
    if (this.values.length >= Waiting.AT_MOST) this.handOver()
  }

  readonly handOver = (): void => {
    for (let i = 0; i < this.values.length; i++) this.series[i]!.add(this.values[i]!)
    this.series.length = 0
    this.values.length = 0
  }
}

export class Metrics {
  readonly registry = new Registry()
  private readonly waiting = new Waiting()
  private readonly requests = new Counter({
    name: 'backend_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
    collect: this.waiting.handOver,
  })
  private readonly requestSeconds = new Histogram({
    name: 'backend_http_request_duration_seconds',
    help: 'Time from a request reaching the app to its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
    collect: this.waiting.handOver,
  })
  private readonly querySeconds = new Histogram({
    name: 'backend_db_query_duration_seconds',
    help: 'Database statements, by kind (the first SQL keyword: select, insert, update, delete, other)',
    labelNames: ['kind'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
    collect: this.waiting.handOver,
  })
  private readonly payments = new Counter({
    name: 'backend_payments_total',
    help: 'Payments stored (pending) and payment status changes, by the new status',
    labelNames: ['status'] as const,
    registers: [this.registry],
  })
  private readonly notifications = new Counter({
    name: 'backend_provider_notifications_total',
    help: 'Payment provider notifications, by provider and result (accepted: answered as the provider takes it)',
    labelNames: ['provider', 'result'] as const,
    registers: [this.registry],
  })

  private readonly requestSeries = seriesOf((method, route, status) => {
    const series = this.requests.labels(method, route, status)
    return { add: (value) => series.inc(value) }
  })
  private readonly durationSeries = seriesOf((method, route) => {
    const series = this.requestSeconds.labels(method, route)
    return { add: (value) => series.observe(value) }
  })
  private readonly querySeries = seriesOf((kind) => {
    const series = this.querySeconds.labels(kind)
    return { add: (value) => series.observe(value) }
  })

  /** How many counts wait to be handed to prom-client (never more than 1,024). */
  get countsWaiting(): number {
    return this.waiting.size
  }

  /** `process`: also the process's own metrics (CPU, memory, event loop, handles): for a served registry. */
  constructor(options: { process?: boolean } = {}) {
    if (options.process) collectDefaultMetrics({ register: this.registry })
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.waiting.add(this.requestSeries(method, route, String(status)), 1)
    this.waiting.add(this.durationSeries(method, route), seconds)
  }

  query(kind: QueryKind, seconds: number): void {
    this.waiting.add(this.querySeries(kind), seconds)
  }

  payment(status: string): void {
    this.payments.inc({ status })
  }

  notification(provider: NotifyingProvider, accepted: boolean): void {
    this.notifications.inc({ provider, result: accepted ? 'accepted' : 'refused' })
  }
}

/**
 * The metrics server, on a port of its own (BACKEND_METRICS_PORT, on BACKEND_METRICS_HOST): `GET /metrics`
 * answers the registry in Prometheus' text format; anything else is a 404. Kept off the API's port, so
 * the public never reaches it.
 */
export function serveMetrics(registry: Registry, options: { port: number; host: string }, onListening?: (info: AddressInfo) => void): Server {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('Not found\n')
      return
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' })
        res.end(req.method === 'HEAD' ? undefined : text)
      },
      () => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics unavailable\n'),
    )
  })
  server.listen(options.port, options.host, () => onListening?.(server.address() as AddressInfo))
  return server
}
