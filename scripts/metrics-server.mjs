// `GET /metrics` (issue 40): the site's metrics in Prometheus' text format, on a port of its own
// (METRICS_PORT, on METRICS_HOST: 127.0.0.1 unless set), never on the site's. With workers the
// start process asks each worker for its registry (prom-client's own messages, which a worker
// answers once its server runs) and adds them up (`AggregatorRegistry.aggregate`); its own
// metrics (worker restarts, its process) are added beside them. A worker that does not answer in
// time (one starting, or stopping) is left out of that scrape instead of failing it.
import cluster from 'node:cluster'
import { createServer } from 'node:http'
import client from 'prom-client'

/** How long the start process waits for a worker's registry. */
export const WORKER_METRICS_TIMEOUT_MS = 1_000
let asked = 0

/** One worker's registry as JSON, or null when it does not answer in time. */
function workerMetrics(worker) {
  const requestId = `primary-${process.pid}-${++asked}`
  return new Promise((resolve) => {
    const done = (value) => {
      clearTimeout(timer)
      worker.off('message', onMessage)
      resolve(value)
    }
    const onMessage = (message) => {
      if (message?.type === 'prom-client:getMetricsRes' && message.requestId === requestId) done(message.error ? null : message.metrics.flat())
    }
    const timer = setTimeout(() => done(null), WORKER_METRICS_TIMEOUT_MS)
    worker.on('message', onMessage)
    try {
      worker.send({ type: 'prom-client:getMetricsReq', requestId })
    } catch {
      done(null)
    }
  })
}

/** The start process's own metrics, in a registry of their own (a worker's are its own). */
export function primaryMetrics() {
  const registry = new client.Registry()
  client.collectDefaultMetrics({ register: registry, prefix: 'site_primary_' })
  const restarts = new client.Counter({
    name: 'site_worker_restarts_total',
    help: 'Site workers replaced after they stopped unasked.',
    registers: [registry],
  })
  return { registry, restarts }
}

/** The text of every metric: the workers' added up and the start process's, or this process's alone. */
export function metricsText({ workers, primary }) {
  if (!workers) return () => client.register.metrics()
  return async () => {
    const running = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected())
    const answers = (await Promise.all(running.map(workerMetrics))).filter((answer) => answer !== null)
    return `${await client.AggregatorRegistry.aggregate(answers).metrics()}\n${await primary.registry.metrics()}`
  }
}

/** Serves `GET /metrics` (and HEAD) on `port` of `host`; anything else is 404. Resolves once it listens. */
export function serveMetrics({ port, host, text, logger }) {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://metrics').pathname
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n')
      return
    }
    try {
      const body = await text()
      response.writeHead(200, { 'content-type': client.register.contentType, 'cache-control': 'no-store' })
      response.end(request.method === 'HEAD' ? undefined : body)
    } catch (error) {
      logger?.error({ err: error }, 'metrics could not be collected')
      response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n')
    }
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve(server))
  })
}
