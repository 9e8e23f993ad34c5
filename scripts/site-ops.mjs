// What an operator sees of a site process (issue 40): its logger, an access line and a count for
// every request, its errors with their stack and request id, and the process metrics. Used by
// scripts/serve.mjs for each process that serves the site (a worker, or the only process).
import cluster from 'node:cluster'
import { format } from 'node:util'
import client from 'prom-client'
import { accessLineWriter, loggerFromEnv } from './log.mjs'

/**
 * The default process metrics of this process, made once. The site's own (requests, renders, the
 * page cache, the backend calls) are the server entry's (`siteMetrics`, src/server/metrics.server.ts).
 */
function processMetrics() {
  if (client.register.getSingleMetric('process_cpu_seconds_total')) return
  client.collectDefaultMetrics()
  // A worker answers the start process's requests for its registry (prom-client listens for
  // them once an aggregator exists in the process).
  if (cluster.isWorker) new client.AggregatorRegistry()
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
  processMetrics()
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
  const accessLine = accessLineWriter(logger)
  const logFailure = (facts, error) => logger.error({ reqId: facts.id, err: error }, 'request failed')
  const answered = (request, facts, started, response) => {
    const route = facts.route ?? fallbackRoute(new URL(request.url).pathname, files)
    const { res } = request.runtime.node
    // A page's answer carries its id already (idForAnswer, src/core/request-facts.server.ts).
    // Any other answer gets it on Node's answer, which srvx writes once this returns (decision 116).
    if (!facts.idInAnswer) res.setHeader('x-request-id', facts.id)
    const status = response.status
    entry.siteMetrics.answered(request.method, route, status, (performance.now() - started) / 1000)
    // The access line once the answer is over: its last byte written, or the visitor gone. A
    // page's body is streamed after this returns, so `durationMs` is the whole answer, as a
    // proxy's request time is; the metric above is the time to the first byte.
    res.on('close', () => {
      accessLine({
        reqId: facts.id,
        method: request.method,
        route,
        status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        cache: facts.cache,
        queueMs: facts.queueMs,
      })
    })
    return response
  }
  // No async function and no await: one promise per request (`then`) where an async middleware
  // made three, each paying the request scope's hooks.
  const middleware = (request, next) => {
    const started = performance.now()
    const facts = entry.newRequestFacts(entry.incomingRequestId(request))
    let answer
    try {
      entry.attachFacts(request, facts)
      answer = next()
    } catch (error) {
      logFailure(facts, error)
      throw error
    }
    if (answer instanceof Promise)
      return answer.then(
        (response) => answered(request, facts, started, response),
        (error) => {
          logFailure(facts, error)
          throw error
        },
      )
    return answered(request, facts, started, answer)
  }
  return { logger, middleware, worker: cluster.worker?.id ?? 0 }
}
