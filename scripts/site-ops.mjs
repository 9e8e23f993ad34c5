// What an operator sees of a site process (issue 40): its logger, an access line and a count for
// every request, its errors with their stack and request id, and the process metrics. Used by
// scripts/serve.mjs for each process that serves the site (a worker, or the only process).
import cluster from 'node:cluster'
import { format } from 'node:util'
import client from 'prom-client'
import { loggerFromEnv } from './log.mjs'

const SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

function once(name, make) {
  return client.register.getSingleMetric(name) ?? make()
}

/**
 * A metric's series by its labels, kept: prom-client hashes the labels on every count otherwise,
 * which was a tenth of what the access line cost on a cached page.
 */
function series(metric) {
  const kept = new Map()
  return (...labels) => {
    const key = labels.join('\u0000')
    let child = kept.get(key)
    if (!child) {
      child = metric.labels(...labels)
      kept.set(key, child)
    }
    return child
  }
}

/** The request metrics of this process, and the default process metrics (made once). */
function requestMetrics() {
  if (!client.register.getSingleMetric('process_cpu_seconds_total')) {
    client.collectDefaultMetrics()
    // A worker answers the start process's requests for its registry (prom-client listens for
    // them once an aggregator exists in the process).
    if (cluster.isWorker) new client.AggregatorRegistry()
  }
  return {
    requests: once(
      'site_http_requests_total',
      () =>
        new client.Counter({
          name: 'site_http_requests_total',
          help: 'Requests answered, by method, route pattern and status.',
          labelNames: ['method', 'route', 'status'],
        }),
    ),
    seconds: once(
      'site_http_request_duration_seconds',
      () =>
        new client.Histogram({
          name: 'site_http_request_duration_seconds',
          help: 'Time to answer a request (to its first byte), by route pattern.',
          labelNames: ['route'],
          buckets: SECONDS,
        }),
    ),
  }
}

/**
 * Every `console` line of the process goes through the logger: what the libraries print is one
 * JSON line too, with the id of the request it was printed for, if any. An error among the
 * arguments is logged as `err` (its kind, message and stack).
 */
export function routeConsole(logger, requestId) {
  const write =
    (level) =>
    (first, ...rest) => {
      const args = [first, ...rest]
      const err = args.find((arg) => arg instanceof Error)
      const words = format(...args.filter((arg) => arg !== err))
      const reqId = requestId()
      logger[level]({ ...(reqId ? { reqId } : {}), ...(err ? { err } : {}) }, words || err?.message || '')
    }
  console.log = write('info')
  console.info = write('info')
  console.warn = write('warn')
  console.error = write('error')
  console.debug = write('debug')
}

/** The name of a request the entry did not name: a static file, the readiness address, or none. */
function fallbackRoute(pathname, files) {
  if (files.has(pathname)) return 'static'
  return pathname === '/__ready' ? '/__ready' : '(none)'
}

/**
 * The operations of a site process: its logger (handed to the server entry), the stray errors
 * it logs and reports, and `middleware`, which gives each request its id (`X-Request-Id`), runs
 * it inside its facts and writes its access line and counts.
 */
export function siteOps(entry, files, env = process.env) {
  const logger = loggerFromEnv(env)
  routeConsole(logger, () => entry.currentRequestId?.() ?? null)
  entry.setProcessLogger?.(logger)
  const metrics = requestMetrics()
  const requests = series(metrics.requests)
  const durations = series(metrics.seconds)
  const report = (error) => entry.reportServerError?.(error, { requestId: null, route: null })
  // A promise nobody awaited must not stop the server for every visitor (Node's default is to
  // exit): it is logged with its stack and the server goes on. The failure tests assert that none
  // happens (decision 031).
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled rejection (the server keeps running)')
    report(reason)
  })
  process.on('uncaughtExceptionMonitor', (error) => {
    logger.fatal({ err: error }, 'uncaught exception')
    report(error)
  })
  const middleware = async (request, next) => {
    const started = performance.now()
    const facts = entry.newRequestFacts(entry.incomingRequestId(request))
    let response
    try {
      entry.attachFacts(request, facts)
      response = await next()
    } catch (error) {
      logger.error({ reqId: facts.id, err: error }, 'request failed')
      throw error
    }
    const seconds = (performance.now() - started) / 1000
    const route = facts.route ?? fallbackRoute(new URL(request.url).pathname, files)
    const { res } = request.runtime.node
    // Set on Node's own answer, which srvx writes once this returns: a Response's `headers` is
    // made on first use, and making it was a tenth of what a cached page costs.
    res.setHeader('x-request-id', facts.id)
    const status = response.status
    requests(request.method, route, String(status)).inc()
    durations(route).observe(seconds)
    // The access line once the answer is over: its last byte written, or the visitor gone. A
    // page's body is streamed after this returns, so `durationMs` is the whole answer, as a
    // proxy's request time is; the histogram above is the time to the first byte.
    res.once('close', () => {
      logger[status >= 500 ? 'error' : 'info'](
        {
          reqId: facts.id,
          method: request.method,
          route,
          status,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
          cache: facts.cache,
          queueMs: facts.queueMs,
        },
        'request',
      )
    })
    return response
  }
  return { logger, middleware, worker: cluster.worker?.id ?? 0 }
}
