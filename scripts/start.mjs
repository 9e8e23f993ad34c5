// Starts the site with its stand-in backend: `npm start` (production build) or `npm run dev`.
// With API_BASE_URL set, no stand-in is started and the site talks to that backend.
import { spawn } from 'node:child_process'
import cluster from 'node:cluster'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { Balancer } from './balancer.mjs'
import { checkStart, startLines } from './check-config.mjs'
import { HeldConnections } from './held-connections.mjs'
import { loggerFromEnv } from './log.mjs'
import { metricsText, primaryMetrics, serveMetrics } from './metrics-server.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const dev = process.argv.includes('--dev')
// Everything is checked before anything starts: one line per problem, naming its variable.
const { plan, problems } = await checkStart(process.env, { needBuild: !dev })
if (problems.length > 0) {
  for (const problem of problems) console.error(problem)
  process.exit(1)
}
const { port, backendPort, workerCount } = plan
const children = []
let stopping = false
/** How the site in this process stops gracefully (one worker), if it runs here. */
let drainSite = null
/** With workers: the primary's listening socket, which hands each connection to a worker (decision 090). */
let front = null
/** With workers: new connections while no worker takes any (R8.14). */
const held = new HeldConnections()

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
  front?.close()
  held.closeAll()
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

Object.assign(process.env, plan.siteDefaults)
/** The start process's logger (issue 40); a worker makes its own (scripts/site-ops.mjs). */
const logger = loggerFromEnv(process.env)
/** With workers: the start process's own metrics (worker restarts), beside the workers' (issue 40). */
const primary = !dev && workerCount > 1 ? primaryMetrics() : null
/** What the stand-in backend said when it listened (scripts/start.mjs is told over IPC). */
let standIn = null

if (plan.standIn) {
  const entry = `${root}backend/src/main.ts`
  if (!existsSync(entry)) {
    console.error('The stand-in backend is missing (backend/src/main.ts); set API_BASE_URL to use another backend.')
    process.exit(1)
  }
  const backend = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: plan.backendEnv,
  })
  backend.on('exit', (code) => {
    if (stopping) return
    // Before it listened, the backend has said why it could not start (one line).
    if (standIn) logger.error({ code }, `The stand-in backend stopped (exit ${code}).`)
    stopAll(code ?? 1)
  })
  children.push(backend)
  standIn = await new Promise((resolve) => {
    backend.on('message', (message) => {
      if (message?.event === 'listening') resolve(message)
    })
  })
}

/** Where everything is, once everything listens. */
function announce(siteLine) {
  // For the person who started it, as plain lines (the logs are the process's other lines).
  process.stdout.write(
    `${startLines({ dev, siteLine, mirror: process.env.MIRROR_BASE_URL, backendPort, standIn, apiBase: process.env.API_BASE_URL }).join('\n')}\n`,
  )
}

if (dev) {
  const vite = spawn(process.execPath, [`${root}node_modules/vite/bin/vite.js`, 'dev', '--port', String(port)], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  })
  children.push(vite)
  vite.on('exit', (code) => stopAll(code ?? 0))
  announce(`http://localhost:${port} (Vite prints its own lines below)`)
} else if (workerCount === 1) {
  const { startSite } = await import('./serve.mjs')
  try {
    const site = await startSite({ port, silent: true })
    drainSite = () => site.drain()
  } catch (error) {
    console.error(error?.name === 'ConfigError' ? error.message : error)
    stopAll(1)
  }
  announce(`http://localhost:${port}`)
} else {
  await startWorkers()
  announce(`http://localhost:${port} (${workerCount} workers)`)
}

// Issue 40: `GET /metrics` on a port of its own, for the operator's scraper, never for visitors.
if (!dev && process.env.METRICS_PORT) {
  const metricsPort = Number(process.env.METRICS_PORT)
  const metricsHost = process.env.METRICS_HOST || '127.0.0.1'
  try {
    await serveMetrics({ port: metricsPort, host: metricsHost, text: metricsText({ workers: workerCount > 1, primary }), logger })
    logger.info({ port: metricsPort, host: metricsHost }, `Metrics: http://${metricsHost}:${metricsPort}/metrics`)
  } catch (error) {
    console.error(`The metrics cannot listen on ${metricsHost}:${metricsPort}: ${error.message}; set METRICS_PORT to a free port.`)
    stopAll(1)
  }
}

/**
 * One site process per core; each keeps its own guest page cache. The primary holds the port and
 * hands each new connection to the worker with the fewest open connections (decision 090). A
 * worker that stops is replaced; one that stops before it ever served (a bad configuration: it
 * has printed why) stops the whole site. SIGHUP replaces the workers one by one, each new one
 * taking connections before the old one drains: a restart that loses no request (decision 083).
 */
function startWorkers() {
  cluster.setupPrimary({ exec: fileURLToPath(new URL('./serve.mjs', import.meta.url)) })
  const served = new Set()
  /** Workers stopped on purpose (a rolling restart): not replaced when they exit. */
  const retired = new Set()
  const balancer = new Balancer()
  const fork = () => {
    const worker = cluster.fork({ PORT: String(port) })
    worker.on('message', (message) => {
      if (message?.site === 'closed') balancer.closed(worker.id)
      else if (message?.site === 'ready') worker.emit('ready')
      else if (message?.site === 'draining') {
        // No new connection for it. The answer comes after every connection already sent.
        balancer.remove(worker.id)
        worker.send({ site: 'draining' })
      }
    })
    // A worker that stops draining or has gone takes no new connection.
    worker.once('disconnect', () => balancer.remove(worker.id))
    return worker
  }
  /** Hands a connection to the least busy worker that is still there; false when none takes it. */
  const handOver = (socket) => {
    for (let id = balancer.take(); id !== null; id = balancer.take()) {
      const worker = cluster.workers?.[id]
      if (worker?.isConnected()) {
        worker.send({ site: 'connection' }, socket, (error) => {
          if (!error) return
          balancer.closed(worker.id)
          socket.destroy()
        })
        return true
      }
      balancer.remove(id)
    }
    return false
  }
  // While no worker takes connections (the only ready one stopped, its replacement is starting),
  // a new one waits for the next worker that is ready rather than being reset (R8.14).
  front = createServer({ pauseOnConnect: true }, (socket) => {
    if (held.size > 0 || !handOver(socket)) held.hold(socket)
  })
  /** A new worker that listens, or none: a worker that could not take the port is tried again, three times. */
  async function freshWorker() {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const worker = fork()
      const ok = await new Promise((resolve) => {
        worker.once('ready', () => resolve(true))
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
    logger.warn(`Restarting the site workers one by one (${workerCount}).`)
    for (const old of Object.values(cluster.workers ?? {}).filter(Boolean)) {
      if (!(await freshWorker())) {
        logger.error('A new site worker could not start: the running workers stay.')
        break
      }
      retired.add(old.id)
      balancer.remove(old.id)
      const gone = new Promise((resolve) => old.once('exit', resolve))
      old.process.kill('SIGTERM')
      await gone
    }
    logger.warn(`Site workers restarted (${workerCount}).`)
    restarting = false
  })
  return new Promise((resolve) => {
    let ready = 0
    // The port opens once the first worker can take connections.
    let opening = null
    front.on('error', (error) => {
      console.error(`The site cannot listen on port ${port}: ${error.message}`)
      stopAll(1)
    })
    cluster.on('fork', (worker) =>
      worker.once('ready', async () => {
        served.add(worker.id)
        balancer.add(worker.id)
        held.release(handOver)
        opening ??= new Promise((listening) => front.listen(port, '0.0.0.0', listening))
        await opening
        if (++ready === workerCount) resolve()
      }),
    )
    cluster.on('exit', (worker, code, signal) => {
      balancer.remove(worker.id)
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
      primary?.restarts.inc()
      logger.error({ code, signal }, `Site worker ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another.`)
      setTimeout(fork, served.has(worker.id) ? 0 : 1000)
    })
    for (let i = 0; i < workerCount; i++) fork()
  })
}
