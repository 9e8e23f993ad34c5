// `npm run bench`: server-rendered pages against the same bytes served from memory by a plain
// Node server, at 50 connections, plus the gzip size of the JavaScript each page loads. Guests are
// measured as served (from the page cache) and rendered for every request (cache off).
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { breakdown } from './js-breakdown.mjs'
import { launch, pageScripts } from './page-js.mjs'

const PAGES = (process.env.BENCH_PAGES ?? '/,/ru/faq,/de/premium').split(',')
const SITE_PORT = Number(process.env.BENCH_PORT ?? 3300)
const STATIC_PORT = SITE_PORT + 2
const UNCACHED_PORT = SITE_PORT + 3
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
try {
  await waitFor(`http://localhost:${SITE_PORT}/en`)
  await waitFor(`http://localhost:${UNCACHED_PORT}/en`)

  // The same bytes the site renders, served from memory.
  const bodies = {}
  for (const path of PAGES) bodies[path] = await (await fetch(`http://localhost:${SITE_PORT}${path}`)).text()
  const bodiesFile = join(mkdtempSync(join(tmpdir(), 'bench-')), 'bodies.json')
  writeFileSync(bodiesFile, JSON.stringify(bodies))
  staticServer = start(process.execPath, ['bench/static-server.mjs'], { PORT: String(STATIC_PORT), BODIES_FILE: bodiesFile })
  staticServer.stdout.resume()
  await waitFor(`http://localhost:${STATIC_PORT}/`)

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
  const grant = await (await fetch(`${backend}/en/users/verify`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, code }) })).json()
  if (!grant.token) throw new Error('bench: could not sign in through the backend')
  const sessionCookie = `auth._token.local=${encodeURIComponent(`Bearer ${grant.token}`)}; auth._token_expiration.local=${Date.now() + grant.expires_in * 1000}`

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
  const memoryRate = Object.fromEntries(rows.map((r) => [r.page, r['memory req/s']]))
  const share = (rate, path) => `${((rate / memoryRate[path]) * 100).toFixed(1)}%`
  // Guests with the page cache off: the cost of one server render.
  const rendered = []
  for (const path of PAGES) {
    await load(`http://localhost:${UNCACHED_PORT}${path}`, 2)
    const ssr = await load(`http://localhost:${UNCACHED_PORT}${path}`)
    rendered.push({ page: path, 'rendered req/s': Math.round(ssr.requests.average), 'p99 ms': ssr.latency.p99, errors: ssr.errors + ssr.non2xx, 'memory req/s': memoryRate[path], 'rendered / memory': share(ssr.requests.average, path) })
  }
  // Signed-in pages are rendered for every request (never cached): measured on their own.
  const signedIn = []
  for (const path of PAGES) {
    const headers = { cookie: sessionCookie }
    await load(`http://localhost:${SITE_PORT}${path}`, 2, headers)
    const ssr = await load(`http://localhost:${SITE_PORT}${path}`, DURATION, headers)
    signedIn.push({ page: path, 'signed-in req/s': Math.round(ssr.requests.average), 'p99 ms': ssr.latency.p99, errors: ssr.errors + ssr.non2xx, 'memory req/s': memoryRate[path], 'signed-in / memory': share(ssr.requests.average, path) })
  }
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s per run, ${new Date().toISOString()}`)
  console.log('Guests (cached pages):')
  console.table(rows)
  console.log('Guests, page cache off (rendered per request):')
  console.table(rendered)
  console.log('Signed in (rendered per request):')
  console.table(signedIn)
  const { perChunk, packages } = breakdown(homeScripts)
  console.log(`JavaScript of ${PAGES[0]} by chunk (gzip):`)
  console.table(perChunk)
  console.log(`JavaScript of ${PAGES[0]} by package (gzip, estimated from each module's share of its chunk):`)
  console.table(packages.slice(0, 20))
} finally {
  site.kill('SIGTERM')
  uncached.kill('SIGTERM')
  staticServer?.kill('SIGTERM')
}
