// `npm run bench`: server-rendered pages against the same bytes served from memory by a plain
// Node server, at 50 connections, plus the gzip size of the JavaScript each page loads. Guests are
// measured as served (from the page cache) and rendered for every request (cache off); signed-in
// pages are rendered for every request. A minimal page of the same framework (bench/fixture) is
// measured in the same run: the site's renders are printed as a share of it. The site runs as in
// production: one worker per core (WEB_CONCURRENCY). Each rendered page's CPU time is printed by
// process (the site's workers, the stand-in backend, the load generator): the cost of one page,
// which a noisy machine changes far less than the requests per second.

import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { bannerSize } from './banner-size.mjs'
import { childrenOf, commandHas, groupCpuMs } from './cpu.mjs'
import { breakdown } from './js-breakdown.mjs'
import { launch, pageScripts } from './page-js.mjs'

const PAGES = (process.env.BENCH_PAGES ?? '/,/ru/faq,/de/premium').split(',')
/** The rendered pages: rendered for every request, signed in, and for guests with the cache off. */
const SIGNED_IN_PAGES = ['/', '/ru/premium', '/en/account']
const UNCACHED_PAGES = ['/', '/ru/faq']
/** The goals for rendered pages at 50 connections, and for the home page's JavaScript. */
const GOAL = { shareOfMemory: 0.1, p99Ms: 250, p99OverP50: 3, homeJsGzipKb: 150, bannerJsGzipKb: 3 }
const SITE_PORT = Number(process.env.BENCH_PORT ?? 3300)
const STATIC_PORT = SITE_PORT + 2
const UNCACHED_PORT = SITE_PORT + 3
const FIXTURE_PORT = SITE_PORT + 4
const DURATION = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = 50
const root = new URL('..', import.meta.url).pathname

function start(command, args, env) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
  return child
}

async function waitFor(url, timeoutMs = 90_000) {
  const t0 = Date.now()
  for (;;) {
    try {
      const r = await fetch(url)
      if (r.status < 500) return
    } catch {}
    if (Date.now() - t0 > timeoutMs) throw new Error(`${url} did not answer`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

function load(url, duration = DURATION, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1, headers }, (err, result) => {
      if (err) reject(err)
      else resolve(result)
    })
  })
}

/** The processes whose CPU a page costs: a site (its start process and workers) and the stand-in backend, read when asked (a worker may be replaced). */
const BACKEND_ENTRY = 'backend/src/main.ts'
const processes = {
  site: (child) => [child.pid, ...childrenOf(child.pid).filter((pid) => !commandHas(pid, BACKEND_ENTRY))],
  backend: () => childrenOf(site.pid).filter((pid) => commandHas(pid, BACKEND_ENTRY)),
}

/** A load run with the CPU milliseconds per answered request of the site's processes, the backend and the load generator (this process). */
async function measuredLoad(url, server, headers = {}) {
  const sitePids = processes.site(server)
  const backendPids = processes.backend()
  const before = { site: groupCpuMs(sitePids), backend: groupCpuMs(backendPids), self: process.cpuUsage() }
  const result = await load(url, DURATION, headers)
  const pages = result.requests.total || 1
  const per = (start, end) => (start === null || end === null ? null : (end - start) / pages)
  const self = process.cpuUsage(before.self)
  result.cpuMsPerPage = {
    site: per(before.site, groupCpuMs(sitePids)),
    backend: per(before.backend, groupCpuMs(backendPids)),
    load: (self.user + self.system) / 1000 / pages,
  }
  return result
}

/** A CPU figure as printed: milliseconds with one decimal, or n/a where /proc is not there. */
const ms = (value) => (value === null ? 'n/a' : value.toFixed(1))

/** As in production: one site worker per core unless WEB_CONCURRENCY says otherwise. */
const WORKERS = Number(process.env.WEB_CONCURRENCY || availableParallelism())
const site = start(process.execPath, ['scripts/start.mjs'], {
  PORT: String(SITE_PORT),
  BACKEND_PORT: String(SITE_PORT + 1),
  BACKEND_DATA_DIR: 'memory://',
  NODE_ENV: 'production',
})
site.stdout.resume()
// The same site with the guest page cache off: every guest request is rendered.
const uncached = start(process.execPath, ['scripts/start.mjs'], {
  PORT: String(UNCACHED_PORT),
  API_BASE_URL: `http://127.0.0.1:${SITE_PORT + 1}`,
  API_BROWSER_BASE_URL: `http://localhost:${SITE_PORT + 1}`,
  PAGE_CACHE_SECONDS: '0',
  NODE_ENV: 'production',
})
uncached.stdout.resume()
const rows = []
let staticServer
let fixture
try {
  // The framework's minimal page, built on its own.
  await new Promise((resolve, reject) => {
    const build = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'bench/fixture/vite.config.ts'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    build.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench fixture build failed (exit ${code})`))))
  })
  fixture = start(process.execPath, ['bench/fixture/serve.mjs'], { PORT: String(FIXTURE_PORT) })
  fixture.stdout.resume()
  await waitFor(`http://localhost:${SITE_PORT}/en`)
  await waitFor(`http://localhost:${UNCACHED_PORT}/en`)

  // JavaScript each page loads, as Chromium fetches it.
  const browser = await launch()
  const jsSizes = {}
  const homeScripts = []
  for (const path of PAGES) {
    const files = await pageScripts(browser, `http://localhost:${SITE_PORT}${path}`)
    if (path === PAGES[0]) homeScripts.push(...files.map((f) => f.url))
    jsSizes[path] = { files: files.length, raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) }
  }
  await browser.close()

  // A signed-in visitor: a real session from the stand-in backend (code from the dev mailbox).
  const backend = `http://127.0.0.1:${SITE_PORT + 1}`
  const email = `bench-${Date.now().toString(36)}@example.com`
  await fetch(`${backend}/en/users/auth?email=${encodeURIComponent(email)}`)
  let code = null
  for (let i = 0; i < 40 && !code; i++) {
    const mail = await (await fetch(`${backend}/__dev/mail?to=${encodeURIComponent(email)}`)).json()
    code = mail[0]?.code ?? null
    if (!code) await new Promise((r) => setTimeout(r, 250))
  }
  const grant = await (
    await fetch(`${backend}/en/users/verify`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, code }) })
  ).json()
  if (!grant.token) throw new Error('bench: could not sign in through the backend')
  const sessionCookie = `auth._token.local=${encodeURIComponent(`Bearer ${grant.token}`)}; auth._token_expiration.local=${Date.now() + grant.expires_in * 1000}`

  // The same bytes the site renders, served from memory: guest pages by their path, signed-in
  // pages under /__signed-in/<path>.
  const bodies = {}
  for (const path of new Set([...PAGES, ...UNCACHED_PAGES])) bodies[path] = await (await fetch(`http://localhost:${SITE_PORT}${path}`)).text()
  for (const path of SIGNED_IN_PAGES)
    bodies[`/__signed-in${path}`] = await (await fetch(`http://localhost:${SITE_PORT}${path}`, { headers: { cookie: sessionCookie } })).text()
  const bodiesFile = join(mkdtempSync(join(tmpdir(), 'bench-')), 'bodies.json')
  writeFileSync(bodiesFile, JSON.stringify(bodies))
  staticServer = start(process.execPath, ['bench/static-server.mjs'], { PORT: String(STATIC_PORT), BODIES_FILE: bodiesFile })
  staticServer.stdout.resume()
  await waitFor(`http://localhost:${STATIC_PORT}/`)
  await waitFor(`http://127.0.0.1:${FIXTURE_PORT}/`)
  await load(`http://127.0.0.1:${FIXTURE_PORT}/`, 2)
  const framework = await measuredLoad(`http://127.0.0.1:${FIXTURE_PORT}/`, fixture)
  const frameworkRate = framework.requests.average
  const memoryOf = async (path) => (await load(`http://localhost:${STATIC_PORT}${path}`)).requests.average
  /** A rendered page's row: its rate against the same bytes from memory and the framework's minimal page, and the goals. */
  const renderedRow = (path, ssr, memory) => {
    const share = ssr.requests.average / memory
    const p50 = ssr.latency.p50
    const p99 = ssr.latency.p99
    const met = share >= GOAL.shareOfMemory && p99 <= GOAL.p99Ms && p99 <= GOAL.p99OverP50 * p50 && ssr.errors + ssr.non2xx === 0
    return {
      page: path,
      'req/s': Math.round(ssr.requests.average),
      'p50 ms': p50,
      'p99 ms': p99,
      'max ms': ssr.latency.max,
      'errors/503': ssr.errors + ssr.non2xx,
      'memory req/s': Math.round(memory),
      'share of memory': `${(share * 100).toFixed(1)}%`,
      'share of framework page': `${((ssr.requests.average / frameworkRate) * 100).toFixed(1)}%`,
      'site CPU ms': ms(ssr.cpuMsPerPage.site),
      'backend CPU ms': ms(ssr.cpuMsPerPage.backend),
      'load CPU ms': ms(ssr.cpuMsPerPage.load),
      goal: met ? 'met' : 'not met',
    }
  }

  for (const path of PAGES) {
    await load(`http://localhost:${SITE_PORT}${path}`, 2) // warm-up
    const ssr = await load(`http://localhost:${SITE_PORT}${path}`)
    const mem = await load(`http://localhost:${STATIC_PORT}${path}`)
    rows.push({
      page: path,
      'ssr req/s': Math.round(ssr.requests.average),
      'ssr p99 ms': ssr.latency.p99,
      'ssr errors': ssr.errors + ssr.non2xx,
      'memory req/s': Math.round(mem.requests.average),
      'memory p99 ms': mem.latency.p99,
      'ssr / memory': `${((ssr.requests.average / mem.requests.average) * 100).toFixed(1)}%`,
      'JS files': jsSizes[path].files,
      'JS gzip KB': (jsSizes[path].gzip / 1024).toFixed(1),
    })
  }
  // Guests with the page cache off: the cost of one server render.
  const rendered = []
  for (const path of UNCACHED_PAGES) {
    await load(`http://localhost:${UNCACHED_PORT}${path}`, 2)
    const ssr = await measuredLoad(`http://localhost:${UNCACHED_PORT}${path}`, uncached)
    rendered.push(renderedRow(path, ssr, await memoryOf(path)))
  }
  // Signed-in pages are rendered for every request (never cached).
  const signedIn = []
  for (const path of SIGNED_IN_PAGES) {
    const headers = { cookie: sessionCookie }
    await load(`http://localhost:${SITE_PORT}${path}`, 2, headers)
    const ssr = await measuredLoad(`http://localhost:${SITE_PORT}${path}`, site, headers)
    signedIn.push(renderedRow(path, ssr, await memoryOf(`/__signed-in${path}`)))
  }
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s per run, ${WORKERS} site workers, ${new Date().toISOString()}`)
  console.log(
    `The framework's minimal page (bench/fixture, one process): ${Math.round(frameworkRate)} req/s, p50 ${framework.latency.p50} ms, p99 ${framework.latency.p99} ms, ` +
      `CPU per page: ${ms(framework.cpuMsPerPage.site)} ms its process, ${ms(framework.cpuMsPerPage.load)} ms the load generator`,
  )
  console.log('Guests (cached pages):')
  console.table(rows)
  console.log(
    `Guests, page cache off (rendered per request); goal: >= ${GOAL.shareOfMemory * 100}% of memory, p99 <= ${GOAL.p99Ms} ms and <= ${GOAL.p99OverP50} x p50:`,
  )
  console.table(rendered)
  console.log('Signed in (rendered per request), same goal:')
  console.table(signedIn)
  console.log(
    'CPU ms: CPU time per answered request of the site (start process and workers), the stand-in backend and the load generator, all on the same cores.',
  )
  const homeKb = jsSizes[PAGES[0]].gzip / 1024
  console.log(`JavaScript of ${PAGES[0]}: ${homeKb.toFixed(1)} KB gzip (goal <= ${GOAL.homeJsGzipKb} KB: ${homeKb <= GOAL.homeJsGzipKb ? 'met' : 'not met'})`)
  const { perChunk, packages, banner } = breakdown(homeScripts)
  console.log(`The cookie banner's share of ${PAGES[0]}'s JavaScript: ${(banner / 1024).toFixed(2)} KB gzip (estimated from its modules' share of their chunk)`)
  for (const locale of ['en', 'ru', 'de']) {
    const size = (await bannerSize(locale)).gzip / 1024
    console.log(
      `What the cookie banner adds (${locale}, its modules minified and gzipped alone): ${size.toFixed(2)} KB gzip (goal <= ${GOAL.bannerJsGzipKb} KB: ${size <= GOAL.bannerJsGzipKb ? 'met' : 'not met'})`,
    )
  }
  console.log(`JavaScript of ${PAGES[0]} by chunk (gzip):`)
  console.table(perChunk)
  console.log(`JavaScript of ${PAGES[0]} by package (gzip, estimated from each module's share of its chunk):`)
  console.table(packages.slice(0, 20))
} finally {
  site.kill('SIGTERM')
  uncached.kill('SIGTERM')
  staticServer?.kill('SIGTERM')
  fixture?.kill('SIGTERM')
}
