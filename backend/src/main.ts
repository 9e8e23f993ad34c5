import type { AddressInfo } from 'node:net'
import { type Backend, createBackend } from './app.ts'
import { DataDirInUseError } from './data-lock.ts'
import { type BackendEnv, EnvError, parseEnv } from './env.ts'
import { processErrorHandlers } from './error-report.ts'
import { createLogger } from './log.ts'
import { serveMetrics } from './metrics.ts'
import { closeBackendServer, serveBackend } from './server.ts'

/**
 * Something the person starting the backend can fix: one plain line on stderr, exit code 1. It comes
 * before there is a server (or instead of one), so it is written for a person, not as a log line.
 */
function refuse(message: string): never {
  console.error(`[backend] ${message}`)
  process.exit(1)
}

let env: BackendEnv
try {
  env = parseEnv(process.env)
} catch (err) {
  if (err instanceof EnvError) refuse(err.message)
  throw err
}

const log = createLogger({ level: env.logLevel, format: env.logFormat })

let backend: Backend
try {
  backend = await createBackend({ env, log })
} catch (err) {
  if (err instanceof DataDirInUseError) refuse(err.message)
  throw err
}

const onError = processErrorHandlers(backend.reporter, log, (code) => process.exit(code))
process.on('uncaughtException', onError.uncaughtException)
process.on('unhandledRejection', onError.unhandledRejection)

/** A port in use once the database is open: the same one line, after closing it. */
function refuseAfterClose(message: string): void {
  console.error(`[backend] ${message}`)
  void backend.close().finally(() => process.exit(1))
}

const origin = (info: AddressInfo) => `http://${info.family === 'IPv6' ? `[${info.address}]` : info.address}:${info.port}`

const server = serveBackend(backend, { port: env.port, hostname: env.host }, (info) => {
  const where = origin(info)
  const store = env.databaseUrl ? 'PostgreSQL server' : `PGlite in ${env.dataDir}`
  const mailbox = env.mode === 'development' ? `${where}/__dev/mail` : null
  // Money a previous run left on its way back (decision 117): once listening, since in development
  // mode the provider's API is this process's own sandbox.
  void backend.returns.kick()
  // Started by scripts/start.mjs (over an IPC channel): it says once where everything is.
  if (process.send) {
    process.send({ event: 'listening', address: where, store, mailbox, mode: env.mode })
    return
  }
  log.info({ address: where, store, mode: env.mode }, `${env.mode} backend listening on ${where} (${store})`)
  if (mailbox) log.info({ mailbox }, `mailbox: ${mailbox}`)
})
server.once('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EADDRINUSE') throw err
  refuseAfterClose(`Port ${env.port} is in use: stop the program on it (another \`npm start\`?) or set BACKEND_PORT to a free port.`)
})

const metricsServer =
  env.metricsPort === null
    ? null
    : serveMetrics(backend.metrics.registry, { port: env.metricsPort, host: env.metricsHost }, (info) => {
        log.info({ address: origin(info) }, `metrics on ${origin(info)}/metrics`)
      })
metricsServer?.once('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EADDRINUSE') throw err
  refuseAfterClose(`Port ${env.metricsPort} (BACKEND_METRICS_PORT) is in use: stop the program on it or set BACKEND_METRICS_PORT to a free port.`)
})

let stopping = false
function stop(signal: string) {
  if (stopping) return
  stopping = true
  log.info({ signal }, 'shutting down')
  // /__ready answers 503 from now on; requests under way finish.
  backend.markStopping()
  metricsServer?.close()
  closeBackendServer(server, () => {
    backend.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'error while closing the database')
        process.exit(1)
      },
    )
  })
  setTimeout(() => process.exit(1), 5000).unref()
}
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
