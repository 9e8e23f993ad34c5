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

/**
 * A metric's series by its labels, kept: prom-client otherwise sorts and joins the labels on every
 * count, and the backend counts every request and every database statement.
 */
function seriesOf<T>(labels: (...values: string[]) => T): (...values: string[]) => T {
  const kept = new Map<string, T>()
  return (...values) => {
    const key = values.join('\u0000')
    let series = kept.get(key)
    if (series === undefined) {
      series = labels(...values)
      kept.set(key, series)
    }
    return series
  }
}

export class Metrics {
  readonly registry = new Registry()
  private readonly requests = new Counter({
    name: 'backend_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  })
  private readonly requestSeconds = new Histogram({
    name: 'backend_http_request_duration_seconds',
    help: 'Time from a request reaching the app to its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  })
  private readonly querySeconds = new Histogram({
    name: 'backend_db_query_duration_seconds',
    help: 'Database statements, by kind (the first SQL keyword: select, insert, update, delete, other)',
    labelNames: ['kind'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
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

  private readonly requestSeries = seriesOf((method, route, status) => this.requests.labels(method, route, status))
  private readonly durationSeries = seriesOf((method, route) => this.requestSeconds.labels(method, route))
  private readonly querySeries = seriesOf((kind) => this.querySeconds.labels(kind))

  /** `process`: also the process's own metrics (CPU, memory, event loop, handles): for a served registry. */
  constructor(options: { process?: boolean } = {}) {
    if (options.process) collectDefaultMetrics({ register: this.registry })
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.requestSeries(method, route, String(status)).inc()
    this.durationSeries(method, route).observe(seconds)
  }

  query(kind: QueryKind, seconds: number): void {
    this.querySeries(kind).observe(seconds)
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
