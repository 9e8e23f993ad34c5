// `npm run fleet`: the production shape on one machine (decision 085). nginx (Debian's package)
// as the front proxy with its cache, FLEET_INSTANCES site instances (default 2) behind it, and the
// stand-in backend on a real PostgreSQL server (Debian's package), each installed when missing and
// this runs as root. The backend runs in production mode with secrets generated for the run: no
// sandbox, no dev mailbox (R10.1). Everything lives under .data/fleet; Ctrl+C stops it all.
//
//   npm run fleet                 start, and keep running
//   FLEET_PORT=8080               where nginx listens (default 8080)
//   FLEET_INSTANCES=2             site instances, on ports FLEET_PORT+1 … (one worker each)
//
// SIGHUP to this process restarts the site instances one by one behind nginx (a deploy).
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { get as httpGet } from 'node:http'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const home = `${root}.data/fleet`
const PORT = Number(process.env.FLEET_PORT ?? 8080)
const INSTANCES = Number(process.env.FLEET_INSTANCES ?? 2)
const PG_PORT = Number(process.env.FLEET_PG_PORT ?? PORT + 100)
const BACKEND_PORT = PORT + 99
/** The backend's Prometheus metrics, on loopback only. */
const BACKEND_METRICS_PORT = BACKEND_PORT + 50
const instancePorts = Array.from({ length: INSTANCES }, (_, i) => PORT + 1 + i)
const asRoot = process.getuid?.() === 0
const children = new Set()
let stopping = false

/** A secret for this run only: 32 random bytes, base64url. */
const secret = () => randomBytes(32).toString('base64url')

function log(line) {
  console.log(`[fleet] ${line}`)
}

/** Debian's packages, installed when missing (as .ci/run does), or the one command to run. */
function ensurePackages() {
  const missing = []
  if (!existsSync('/usr/sbin/nginx')) missing.push('nginx')
  if (!pgBin()) missing.push('postgresql')
  if (!missing.length) return
  if (!asRoot) {
    console.error(`The fleet needs ${missing.join(' and ')}: sudo apt-get install -y ${missing.join(' ')}`)
    process.exit(1)
  }
  log(`installing ${missing.join(' ')}`)
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
}

function pgBin() {
  if (!existsSync('/usr/lib/postgresql')) return null
  const versions = readdirSync('/usr/lib/postgresql').filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))
  versions.sort((a, b) => Number(a) - Number(b))
  return versions.length ? `/usr/lib/postgresql/${versions.at(-1)}/bin` : null
}

/** Runs a PostgreSQL tool as the postgres user when this runs as root (PostgreSQL refuses root). */
function asPostgres(tool, args) {
  const command = `${pgBin()}/${tool}`
  const result = asRoot
    ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', [command, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ')], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`)
}

function startPostgres() {
  const data = `${home}/pg`
  mkdirSync(home, { recursive: true })
  if (asRoot) chownSync(home, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()))
  if (!existsSync(`${data}/PG_VERSION`)) {
    log('creating the PostgreSQL data folder')
    asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres'])
  }
  asPostgres('pg_ctl', ['-D', data, '-o', `-p ${PG_PORT} -k ${home} -c listen_addresses=127.0.0.1`, '-l', `${home}/pg.log`, '-w', 'start'])
  log(`PostgreSQL: 127.0.0.1:${PG_PORT}`)
  return () => {
    try {
      asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
    } catch {}
  }
}

function run(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] })
  children.add(child)
  child.on('exit', (code, signal) => {
    children.delete(child)
    if (!stopping && !child.expected) log(`${name} stopped (${signal ?? `exit ${code}`})`)
  })
  return child
}

async function ready(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).status === 200) return
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not become ready`)
}

const site = `http://localhost:${PORT}`
const siteEnv = {
  NODE_ENV: 'production',
  WEB_CONCURRENCY: '1',
  API_BASE_URL: `http://127.0.0.1:${BACKEND_PORT}`,
  API_BROWSER_BASE_URL: `http://localhost:${BACKEND_PORT}`,
  SITE_BASE_URL: site,
  MIRROR_BASE_URL: `http://mirror.localhost:${PORT}`,
  TRUST_PROXY: 'loopback',
  // R10.20: the token the instances show the backend, so that it believes the visitors they name and
  // nobody else on this machine (a browser calls the backend from loopback too).
  SITE_PROXY_TOKEN: randomBytes(24).toString('base64url'),
  // One JSON line per event, as a log collector takes them (issue 40).
  LOG_FORMAT: 'json',
  // Production mode (R10.1): the card widgets and Steam are the providers' own, as on the internet;
  // the stand-in backend has no sandbox to stand in for them here.
  OPERATOR_NAME: process.env.OPERATOR_NAME ?? 'Demo Operator Ltd. (fictional)',
}
const instances = new Map()

/**
 * The pages a new instance does not warm itself (it renders its guest pages before it says it is
 * ready, decision 093): the premium page asks the backend. A fresh instance's first render of it
 * loads its code and the plans: on a busy machine its render limit turned the requests queued
 * behind it away with 503, which nginx counts as the instance failing. As a deploy does, each
 * instance is asked for it before nginx takes it.
 */
const WARM_PATHS = ['/de/premium']

/** Asks each instance for WARM_PATHS under the site's own host (an unknown host is sent elsewhere, decision 121). */
async function warm(port) {
  const headers = { host: new URL(site).host }
  for (const path of WARM_PATHS)
    await new Promise((done) => {
      const req = httpGet({ host: '127.0.0.1', port, path, agent: false, headers, timeout: 15_000 }, (res) => res.resume().on('end', done))
      req.on('timeout', () => req.destroy()).on('error', done)
    })
}

async function startInstance(port) {
  // Its metrics on a port of its own, on loopback (issue 40).
  const child = run(`site instance :${port}`, process.execPath, ['scripts/start.mjs'], { ...siteEnv, PORT: String(port), METRICS_PORT: String(port + 50) })
  instances.set(port, child)
  await ready(`http://127.0.0.1:${port}/__ready`)
  await warm(port)
}

/**
 * A deploy, one instance at a time: nginx is told to leave it out (a reload with it marked
 * `down`: requests under way finish, new ones go to the others), the instance stops gracefully
 * (its own requests answered), starts again, answers `/__ready`, and nginx takes it back.
 */
async function restartInstances() {
  restarting = true
  for (const port of instancePorts) {
    await reloadNginx(port)
    const old = instances.get(port)
    old.expected = true
    const gone = new Promise((resolve) => old.once('exit', resolve))
    old.kill('SIGTERM')
    await gone
    await startInstance(port)
    await reloadNginx(null)
    log(`site instance :${port} restarted`)
  }
  restarting = false
  log('every site instance restarted')
}

/** A deploy is under way: the health watch leaves nginx to it. */
let restarting = false
/** Instances nginx leaves out because they stopped answering `/__ready` (issue 40). */
const unready = new Set()
let backendHealthy = true

async function answers200(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).status === 200
  } catch {
    return false
  }
}

/**
 * nginx's upstreams follow the health of what is behind them (open-source nginx only learns from
 * failed requests): every 2 s each site instance's `/__ready` is asked, and one that stops
 * answering 200 is left out (a graceful reload with it `down`) until it answers again; the
 * backend's `/__health` (its database) is asked too, and its turning is logged.
 */
function watchHealth() {
  const timer = setInterval(async () => {
    if (restarting || stopping) return
    const changed = []
    for (const port of instancePorts) {
      const ok = await answers200(`http://127.0.0.1:${port}/__ready`)
      if (ok === unready.has(port)) {
        changed.push(port)
        if (ok) unready.delete(port)
        else unready.add(port)
        log(`site instance :${port} ${ok ? 'is ready again: nginx sends it visitors' : 'is not ready: nginx leaves it out'}`)
      }
    }
    if (changed.length && !restarting) await reloadNginx(null)
    const healthy = await answers200(`http://127.0.0.1:${BACKEND_PORT}/__health`)
    if (healthy !== backendHealthy) log(`stand-in backend ${healthy ? 'is healthy again' : 'is unhealthy: its database does not answer'}`)
    backendHealthy = healthy
  }, 2_000)
  timer.unref()
}

const nginxArgs = () => ['-c', `${home}/nginx/nginx.conf`, '-p', `${home}/nginx`]

/** The configuration again, with one instance left out or none, and nginx's graceful reload. */
async function reloadNginx(downPort) {
  writeNginxConf(downPort)
  execFileSync('/usr/sbin/nginx', [...nginxArgs(), '-s', 'reload'])
  // The new nginx workers take over; the old ones finish what they have.
  await new Promise((resolve) => setTimeout(resolve, 1000))
}

function writeNginxConf(downPort = null) {
  for (const dir of ['cache', 'tmp']) mkdirSync(`${home}/nginx/${dir}`, { recursive: true })
  const conf = readFileSync(`${root}deploy/nginx.conf.template`, 'utf8')
    .replaceAll('{{USER}}', asRoot ? 'user root;' : '')
    .replaceAll('{{PREFIX}}', `${home}/nginx`)
    .replaceAll('{{PORT}}', String(PORT))
    .replaceAll(
      '{{SERVERS}}',
      instancePorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s${p === downPort || unready.has(p) ? ' down' : ''};`).join('\n'),
    )
  writeFileSync(`${home}/nginx/nginx.conf`, conf)
  return `${home}/nginx/nginx.conf`
}

async function stopAll(code = 0) {
  if (stopping) return
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  await Promise.all([...children].map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)))))
  stopPostgres?.()
  process.exit(code)
}

if (!existsSync(`${root}dist/server/server.js`)) {
  console.error('Build the site first: npm run build (npm run fleet does).')
  process.exit(1)
}
ensurePackages()
let stopPostgres = null
process.on('SIGINT', () => stopAll(0))
process.on('SIGTERM', () => stopAll(0))
try {
  stopPostgres = startPostgres()
  run('stand-in backend', process.execPath, ['--import', 'tsx', 'backend/src/main.ts'], {
    BACKEND_PORT: String(BACKEND_PORT),
    BACKEND_METRICS_PORT: String(BACKEND_METRICS_PORT),
    LOG_FORMAT: 'json',
    // R10.1: production mode, which refuses the published sandbox secrets: each run has secrets of its own.
    BACKEND_MODE: 'production',
    CLOUDPAYMENTS_API_SECRET: secret(),
    PAYSELECTION_SITE_ID: `fleet-${randomBytes(6).toString('hex')}`,
    PAYSELECTION_SECRET_KEY: secret(),
    CLOUDPAYMENTS_PUBLIC_ID: `pk_fleet_${randomBytes(12).toString('hex')}`,
    // R10.4, R10.20: the site instances call the backend for visitors and name them in X-Forwarded-For,
    // showing the token only they have.
    BACKEND_TRUST_PROXY: 'loopback',
    SITE_PROXY_TOKEN: siteEnv.SITE_PROXY_TOKEN,
    DATABASE_URL: `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`,
    SITE_URL: site,
    SITE_ORIGINS: `${site},http://mirror.localhost:${PORT}`,
    // E-mails speak for the brand of the domain the visitor used (R9.21): the backend knows the mirror's.
    MIRROR_BASE_URL: siteEnv.MIRROR_BASE_URL,
  })
  // Ready: migrations ran and its database answers (the site instances ask it for plans at once).
  await ready(`http://127.0.0.1:${BACKEND_PORT}/__ready`)
  log(`stand-in backend: http://localhost:${BACKEND_PORT} (PostgreSQL), metrics: http://127.0.0.1:${BACKEND_METRICS_PORT}/metrics`)
  await Promise.all(instancePorts.map(startInstance))
  log(`site instances: ${instancePorts.map((p) => `:${p} (metrics :${p + 50})`).join(' ')}`)
  // A fleet starts with the build it was given: pages kept from an earlier one name other assets.
  rmSync(`${home}/nginx/cache`, { recursive: true, force: true })
  writeNginxConf()
  run('nginx', '/usr/sbin/nginx', nginxArgs())
  await ready(`${site}/__ready`)
  log(`site through nginx: ${site} (mirror: http://mirror.localhost:${PORT}); SIGHUP to pid ${process.pid} restarts the instances one by one`)
  process.on('SIGHUP', () => restartInstances().catch((error) => log(`restart failed: ${error.message}`)))
  watchHealth()
} catch (error) {
  console.error(error.message ?? error)
  await stopAll(1)
}
