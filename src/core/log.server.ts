/**
 * The server's log (issue 40). The process's logger (pino, made by scripts/log.mjs) is handed in
 * at start (`setProcessLogger`); until then, and in tests and `npm run dev`, lines go to the console.
 * `serverLog()` is the logger of the request being answered: each line carries its `reqId`.
 */
import type { ApiOptions } from '#app/api/client.ts'
import { isRefusal } from '#app/api/errors.ts'
import { loadConfig } from '#config'
import { currentRequest } from './request-facts.server.ts'

type LogFn = (fields: Record<string, unknown>, message: string) => void
export interface Logger {
  error: LogFn
  warn: LogFn
  info: LogFn
  debug: LogFn
  child(bindings: Record<string, unknown>): Logger
}

const consoleLogger: Logger = {
  error: (fields, message) => console.error(message, fields),
  warn: (fields, message) => console.warn(message, fields),
  info: (fields, message) => console.info(message, fields),
  debug: () => {},
  child: () => consoleLogger,
}

let processLogger: Logger = consoleLogger
const children = new WeakMap<object, Logger>()

export function setProcessLogger(logger: Logger): void {
  processLogger = logger
}

/** The logger of the request being answered (its lines carry `reqId`), else the process's. */
export function serverLog(): Logger {
  const facts = currentRequest()
  if (!facts) return processLogger
  let child = children.get(facts)
  if (!child) {
    child = processLogger.child({ reqId: facts.id })
    children.set(facts, child)
  }
  return child
}

/** How the server's calls to the backend are counted (set at start by src/server/metrics.server.ts). */
type BackendCallObserver = NonNullable<ApiOptions['observe']>
let backendCallObserver: BackendCallObserver | undefined

export function observeBackendCalls(observer: BackendCallObserver): void {
  backendCallObserver = observer
}

/**
 * What every call the server makes to the backend on a visitor's behalf carries: the request's
 * id (`X-Request-Id`), a log of its failures on the request's logger, and its count in the
 * metrics. A failure is logged by its kind, status and words, never with the backend's body.
 */
export function backendCallOptions(): Pick<ApiOptions, 'log' | 'observe'> & { headers: Record<string, string> } {
  const facts = currentRequest()
  // R10.20: the backend believes the visitor named in X-Forwarded-For (and the request id) from the site's own servers only.
  const token = loadConfig().siteProxyToken
  return {
    headers: { ...(facts ? { 'x-request-id': facts.id } : {}), ...(token ? { 'x-site-proxy-token': token } : {}) },
    log: (message, error) => {
      const status = (error as { status?: unknown })?.status ?? null
      const kind = (error as { kind?: unknown })?.kind ?? null
      const refused = isRefusal(error)
      serverLog()[refused ? 'warn' : 'error']({ backend: { kind, status } }, message)
    },
    ...(backendCallObserver ? { observe: backendCallObserver } : {}),
  }
}
