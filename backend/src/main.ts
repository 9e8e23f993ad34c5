import { type Backend, createBackend } from './app.ts'
import { DataDirInUseError } from './data-lock.ts'
import { type BackendEnv, EnvError, parseEnv } from './env.ts'
import { serveBackend } from './server.ts'

/** Something the person starting the backend can fix: one line, exit code 1. */
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

let backend: Backend
try {
  backend = await createBackend({ env })
} catch (err) {
  if (err instanceof DataDirInUseError) refuse(err.message)
  throw err
}

const server = serveBackend(backend, { port: env.port, hostname: env.host }, (info) => {
  const where = `http://${info.family === 'IPv6' ? `[${info.address}]` : info.address}:${info.port}`
  const store = env.databaseUrl ? 'PostgreSQL server' : `PGlite in ${env.dataDir}`
  const mailbox = env.mode === 'development' ? `${where}/__dev/mail` : null
  // Started by scripts/start.mjs (over an IPC channel): it says once where everything is.
  if (process.send) {
    process.send({ event: 'listening', address: where, store, mailbox, mode: env.mode })
    return
  }
  console.log(`[backend] ${env.mode} backend listening on ${where} (${store})`)
  if (mailbox) console.log(`[backend] mailbox: ${mailbox}`)
})
server.once('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EADDRINUSE') throw err
  console.error(`[backend] Port ${env.port} is in use: stop the program on it (another \`npm start\`?) or set BACKEND_PORT to a free port.`)
  void backend.close().finally(() => process.exit(1))
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
