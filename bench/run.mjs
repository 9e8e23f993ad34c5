// `npm run bench`: server-rendered pages against the same bytes served from memory by a plain
// Node server, at 50 connections, plus the gzip size of the JavaScript each page loads.
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'

const PAGES = (process.env.BENCH_PAGES ?? '/,/ru/faq,/de/premium').split(',')
const SITE_PORT = Number(process.env.BENCH_PORT ?? 3300)
const STATIC_PORT = SITE_PORT + 2
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

function load(url, duration = DURATION) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1 }, (err, result) => {
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
const rows = []
let staticServer
try {
  await waitFor(`http://localhost:${SITE_PORT}/en`)

  // The same bytes the site renders, served from memory.
  const bodies = {}
  for (const path of PAGES) bodies[path] = await (await fetch(`http://localhost:${SITE_PORT}${path}`)).text()
  staticServer = start(process.execPath, ['bench/static-server.mjs'], { PORT: String(STATIC_PORT), BODIES: JSON.stringify(bodies) })
  staticServer.stdout.resume()
  await waitFor(`http://localhost:${STATIC_PORT}/`)

  // JavaScript each page loads, as Chromium fetches it.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
  const jsSizes = {}
  for (const path of PAGES) {
    const page = await browser.newPage()
    const scripts = []
    let loaded = false
    page.on('load', () => {
      loaded = true
    })
    // Scripts fetched until the load event: what the page needs, not what idle prefetch adds later.
    page.on('response', (r) => {
      if (!loaded && r.request().resourceType() === 'script') scripts.push(r.body().then((b) => ({ url: r.url(), raw: b.length, gzip: gzipSync(b, { level: 9 }).length })).catch(() => null))
    })
    await page.goto(`http://localhost:${SITE_PORT}${path}`, { waitUntil: 'load' })
    const files = (await Promise.all(scripts)).filter(Boolean)
    jsSizes[path] = { files: files.length, raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) }
    await page.close()
  }
  await browser.close()

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
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s per run, ${new Date().toISOString()}`)
  console.table(rows)
} finally {
  site.kill('SIGTERM')
  staticServer?.kill('SIGTERM')
}
