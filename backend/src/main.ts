import { createBackend } from './app'
import { EnvError, parseEnv, type BackendEnv } from './env'
import { serveBackend } from './server'

let env: BackendEnv
try {
  env = parseEnv(process.env)
} catch (err) {
  if (err instanceof EnvError) {
    console.error(`[backend] ${err.message}`)
    process.exit(1)
  }
  throw err
}

const backend = await createBackend({ env })
const server = serveBackend(backend, { port: env.port, hostname: env.host }, (info) => {
  const where = `http://${info.family === 'IPv6' ? `[${info.address}]` : info.address}:${info.port}`
  const store = env.databaseUrl ? 'PostgreSQL server' : `PGlite in ${env.dataDir}`
  console.log(`[backend] ${env.mode} backend listening on ${where} (${store})`)
  if (env.mode === 'development') console.log(`[backend] mailbox: ${where}/__dev/mail`)
})

let stopping = false
function stop(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`[backend] ${signal}: shutting down`)
  server.close(() => {
    backend.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('[backend] error while closing the database', err)
        process.exit(1)
      },
    )
  })
  setTimeout(() => process.exit(1), 5000).unref()
}
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
