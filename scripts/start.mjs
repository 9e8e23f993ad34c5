// Starts the site with its stand-in backend: `npm start` (production build) or `npm run dev`.
// With API_BASE_URL set, no stand-in is started and the site talks to that backend.
import { spawn } from 'node:child_process'
import cluster from 'node:cluster'
import { existsSync } from 'node:fs'
import { createConnection } from 'node:net'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const dev = process.argv.includes('--dev')
/** A port from the environment, or a clear message naming the variable (the site checks the rest). */
function portFrom(name, fallback) {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!/^\d+$/.test(raw) || value < 1 || value > 65535) {
    console.error(`${name} must be a port number from 1 to 65535 (was "${raw}")`)
    process.exit(1)
  }
  return value
}
const port = portFrom('PORT', 3000)
const backendPort = portFrom('BACKEND_PORT', 3001)
/** Site workers in production: WEB_CONCURRENCY, else one per core (decision 080). */
const workerCount = (() => {
  const raw = process.env.WEB_CONCURRENCY
  if (raw === undefined || raw === '') return availableParallelism()
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 256) {
    console.error(`WEB_CONCURRENCY must be a number of site workers from 1 to 256 (was "${raw}")`)
    process.exit(1)
  }
  return Number(raw)
})()
const children = []
let stopping = false
/** How the site in this process stops gracefully (one worker), if it runs here. */
let drainSite = null

function stopAll(code = 0) {
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
  process.exit(code)
}

/**
 * SIGTERM, Ctrl+C: the site finishes the requests under way (each worker drains, decision 083),
 * then the stand-in backend stops; all within 10 s.
 */
async function stopGracefully() {
  if (stopping) return
  stopping = true
  const workers = Object.values(cluster.workers ?? {}).filter(Boolean)
  const exited = workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve)))
  for (const worker of workers) worker.process.kill('SIGTERM')
  const deadline = new Promise((resolve) => setTimeout(resolve, 9_500))
  await Promise.race([Promise.all([...exited, drainSite?.() ?? Promise.resolve()]), deadline])
  for (const child of children) child.kill('SIGTERM')
  process.exit(0)
}
process.on('SIGINT', () => (dev ? stopAll(0) : stopGracefully()))
process.on('SIGTERM', () => (dev ? stopAll(0) : stopGracefully()))

function waitForPort(p, timeoutMs = 60_000) {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = createConnection({ port: p, host: '127.0.0.1' })
      socket.once('connect', () => {
        socket.end()
        resolve()
      })
      socket.once('error', () => {
        socket.destroy()
        if (Date.now() - started > timeoutMs) reject(new Error(`nothing answered on port ${p}`))
        else setTimeout(attempt, 200)
      })
    }
    attempt()
  })
}

// Both brands are reachable locally: the mirror answers at mirror.localhost.
process.env.MIRROR_BASE_URL ??= `http://mirror.localhost:${port}`

if (!process.env.API_BASE_URL) {
  // The stand-in set-up names a seller that is plainly fictional (decision 076); a deployment
  // sets its own OPERATOR_* (an empty one means "not set": support sends the details on request).
  process.env.OPERATOR_NAME ??= 'Demo Operator Ltd. (fictional)'
  process.env.OPERATOR_ADDRESS ??= '1 Example Street, 00000 Sample City (fictional)'
  process.env.OPERATOR_REGISTRATION ??= 'Register No. 000000 (fictional)'
  process.env.OPERATOR_TAX_ID ??= '0000000000'
  const entry = `${root}backend/src/main.ts`
  if (!existsSync(entry)) {
    console.error('The stand-in backend is missing (backend/src/main.ts); set API_BASE_URL to use another backend.')
    process.exit(1)
  }
  const backend = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      BACKEND_PORT: String(backendPort),
      BACKEND_MODE: process.env.BACKEND_MODE ?? 'development',
      SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}`,
      SITE_ORIGINS: process.env.SITE_ORIGINS ?? `http://localhost:${port},http://127.0.0.1:${port},http://mirror.localhost:${port}`,
    },
  })
  backend.on('exit', (code) => {
    if (stopping) return
    console.error(`The stand-in backend stopped (exit ${code}).`)
    stopAll(code ?? 1)
  })
  children.push(backend)
  await waitForPort(backendPort)
  console.log(`Stand-in backend: http://localhost:${backendPort}`)
}

if (dev) {
  const vite = spawn(process.execPath, [`${root}node_modules/vite/bin/vite.js`, 'dev', '--port', String(port)], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  })
  children.push(vite)
  vite.on('exit', (code) => stopAll(code ?? 0))
} else if (workerCount === 1) {
  const { startSite } = await import('./serve.mjs')
  try {
    const site = await startSite({ port })
    drainSite = () => site.drain()
  } catch (error) {
    console.error(error?.name === 'ConfigError' ? error.message : error)
    stopAll(1)
  }
  console.log(`Site: http://localhost:${port}`)
} else {
  await startWorkers()
  console.log(`Site: http://localhost:${port} (${workerCount} workers)`)
}

/**
 * One site process per core, sharing the port (Node's cluster module); each keeps its own guest
 * page cache. A worker that stops is replaced; one that stops before it ever served (a bad
 * configuration: it has printed why) stops the whole site. SIGHUP replaces the workers one by
 * one, each new one listening before the old one drains: a restart that loses no request
 * (decision 083).
 */
function startWorkers() {
  cluster.setupPrimary({ exec: fileURLToPath(new URL('./serve.mjs', import.meta.url)) })
  const served = new Set()
  /** Workers stopped on purpose (a rolling restart): not replaced when they exit. */
  const retired = new Set()
  const fork = () => cluster.fork({ PORT: String(port) })
  /** A new worker that listens, or none: a worker that could not take the port is tried again, three times. */
  async function freshWorker() {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const worker = fork()
      const ok = await new Promise((resolve) => {
        worker.once('listening', () => resolve(true))
        worker.once('exit', () => resolve(false))
      })
      if (ok) return worker
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt))
    }
    return null
  }
  let restarting = false
  process.on('SIGHUP', async () => {
    if (restarting || stopping) return
    restarting = true
    console.error(`Restarting the site workers one by one (${workerCount}).`)
    for (const old of Object.values(cluster.workers ?? {}).filter(Boolean)) {
      if (!(await freshWorker())) {
        console.error('A new site worker could not start: the running workers stay.')
        break
      }
      retired.add(old.id)
      const gone = new Promise((resolve) => old.once('exit', resolve))
      old.process.kill('SIGTERM')
      await gone
    }
    console.error(`Site workers restarted (${workerCount}).`)
    restarting = false
  })
  return new Promise((resolve) => {
    let ready = 0
    cluster.on('listening', (worker) => {
      served.add(worker.id)
      if (++ready === workerCount) resolve()
    })
    cluster.on('exit', (worker, code, signal) => {
      if (stopping || retired.delete(worker.id)) return
      if (!served.has(worker.id)) {
        // Before the site ever served, a worker that cannot start means a bad configuration (it
        // has said which); later it is a passing failure, tried again by the restart or below.
        if (served.size === 0) {
          console.error('A site worker could not start; stopping.')
          stopAll(1)
        }
        if (restarting) return
      }
      console.error(`Site worker ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another.`)
      setTimeout(fork, served.has(worker.id) ? 0 : 1000)
    })
    for (let i = 0; i < workerCount; i++) fork()
  })
}
