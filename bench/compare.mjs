// `npm run bench:compare -- <before> [after]`: two builds of the site, the same pages, measured
// in alternating rounds, for a change's "no page worse by more than 5%" rule. `before` and `after`
// are git refs (`after` defaults to this checkout as it is). Each ref other than this checkout is
// checked out under .data/bench/<commit> (node_modules shared) and built there.
//
// Why not two runs of `npm run bench` one after the other: on a shared machine the speed drifts
// by more than 5% within minutes (the same fixture page cost 3.4 to 7.8 ms of CPU in one
// afternoon). Here both builds run side by side, one site process each, and every round measures
// each page on both, in alternating order (AB, BA, AB…): a drift hits both alike. Each figure is
// the median over the rounds of the after/before ratio, with the CPU time one page costs the
// site's process (read from /proc), which a busy machine changes far less than requests per second.
//
//
// Each build runs with its own stand-in backend. With BENCH_BACKEND=shared both sites call the
// `before` build's stand-in instead: the figures are then the site's alone (on this machine the
// stand-in shares the two cores with the site, so a stand-in that costs more slows the site too).
//
// BENCH_ONLY keeps the cases whose label contains it (`BENCH_ONLY='guest, rendered'`): more rounds of
// the pages a question is about, in the same time.
//
//   BENCH_ROUNDS=6  BENCH_SECONDS=4  BENCH_CONNECTIONS=20  BENCH_PORT=3500  BENCH_BACKEND=own|shared  BENCH_ONLY=
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, symlinkSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { childrenOf, commandHas, groupCpuMs } from './cpu.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3500)
const SHARED_BACKEND = process.env.BENCH_BACKEND === 'shared'
const ONLY = process.env.BENCH_ONLY ?? ''
const chosen = (label) => label.includes(ONLY)
/** Rendered for every request: guests with the page cache off, and signed-in visitors. */
const RENDERED = [
  { page: '/', signedIn: false },
  { page: '/ru/faq', signedIn: false },
  { page: '/', signedIn: true },
  { page: '/ru/premium', signedIn: true },
  { page: '/en/account', signedIn: true },
]
/** Guest pages as served from the page cache. */
const CACHED = ['/', '/de/premium']

const [beforeRef, afterRef] = process.argv.slice(2)
if (!beforeRef) {
  console.error('Name the build to compare with: npm run bench:compare -- <git ref> [git ref]')
  process.exit(1)
}

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim()

/** A folder with the ref's build: this checkout (built now), or a checkout of the ref under .data/bench. */
function buildOf(ref) {
  const here = !ref
  const dir = here ? root : `${root}.data/bench/${git('rev-parse', '--verify', `${ref}^{commit}`)}/`
  if (!here && !existsSync(dir)) {
    mkdirSync(`${root}.data/bench`, { recursive: true })
    git('worktree', 'add', '--detach', dir, ref)
  }
  if (!here && !existsSync(`${dir}node_modules`)) symlinkSync(`${root}node_modules`, `${dir}node_modules`)
  console.log(`building ${here ? 'this checkout' : ref} (${dir})`)
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] })
  return { name: here ? 'this checkout' : ref, dir }
}

/** A build's site on `port`, with its own stand-in backend on the next port or, given `backend`, calling that one. */
function startSite(build, port, env, backend = null) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: build.dir,
    // JSON logs, as a deployment writes them (the demo's readable lines cost more).
    env: {
      ...process.env,
      PORT: String(port),
      BACKEND_PORT: String(port + 1),
      BACKEND_DATA_DIR: 'memory://',
      NODE_ENV: 'production',
      WEB_CONCURRENCY: '1',
      LOG_FORMAT: 'json',
      ...(backend ? { API_BASE_URL: backend, API_BROWSER_BASE_URL: backend } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  // Read as a log collector would: the site's lines are written, and taken.
  child.stdout.resume()
  child.stderr.resume()
  return { ...build, child, base: `http://localhost:${port}`, backend: backend ?? `http://127.0.0.1:${port + 1}` }
}

async function waitFor(url, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).status === 200) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer`)
}

/** A signed-in visitor of the site's stand-in backend: its cookie header. */
async function sessionCookie(site) {
  const email = `compare-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`
  await fetch(`${site.backend}/en/users/auth?email=${encodeURIComponent(email)}`)
  let code = null
  for (let i = 0; i < 40 && !code; i++) {
    code = (await (await fetch(`${site.backend}/__dev/mail?to=${encodeURIComponent(email)}`)).json())[0]?.code ?? null
    if (!code) await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const grant = await (
    await fetch(`${site.backend}/en/users/verify`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, code }) })
  ).json()
  if (!grant.token) throw new Error(`${site.name}: could not sign in`)
  return `auth._token.local=${encodeURIComponent(`Bearer ${grant.token}`)}; auth._token_expiration.local=${Date.now() + grant.expires_in * 1000}`
}

/** The site's own processes (its start process and what it started, but the stand-in backend). */
const sitePids = (site) => [site.child.pid, ...childrenOf(site.child.pid).filter((pid) => !commandHas(pid, 'backend/src/main.ts'))]
/** The site's own stand-in backend, when it started one. */
const backendPids = (site) => childrenOf(site.child.pid).filter((pid) => commandHas(pid, 'backend/src/main.ts'))

function load(url, seconds, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (error, result) => (error ? reject(error) : resolve(result)))
  })
}

/** One measurement: requests per second, and the site's CPU milliseconds per answered request. */
async function measure(site, page, headers) {
  await load(`${site.base}${page}`, 1, headers)
  const pids = sitePids(site)
  const standIn = backendPids(site)
  const cpuBefore = groupCpuMs(pids)
  const standInBefore = standIn.length ? groupCpuMs(standIn) : null
  const result = await load(`${site.base}${page}`, SECONDS, headers)
  const cpuAfter = groupCpuMs(pids)
  const standInAfter = standIn.length ? groupCpuMs(standIn) : null
  const answered = result.requests.total || 1
  if (result.non2xx + result.errors > 0) throw new Error(`${site.name} ${page}: ${result.non2xx + result.errors} failed requests`)
  const per = (before, after) => (before === null || after === null ? null : (after - before) / answered)
  return { rate: result.requests.average, cpu: per(cpuBefore, cpuAfter), standIn: per(standInBefore, standInAfter) }
}

/** The value below which a share `q` of the values lie (linear between the two nearest). */
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (sorted.length - 1) * q
  const low = Math.floor(at)
  return sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (at - low)
}
const median = (values) => quantile(values, 0.5)
const percent = (ratio) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`

/** Rounds of every case on both sites, alternating which goes first; a row per case. */
async function rounds(cases, sites) {
  const runs = cases.map(() => ({ before: [], after: [] }))
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, { label, page, headers }] of cases.entries()) {
      const order = (round + index) % 2 === 0 ? ['before', 'after'] : ['after', 'before']
      for (const side of order) runs[index][side].push(await measure(sites[side], page, headers[side]))
      process.stdout.write(`\rround ${round + 1}/${ROUNDS}: ${label}          `)
    }
  }
  process.stdout.write('\n')
  return cases.map(({ label }, index) => {
    const { before, after } = runs[index]
    const rateRatios = before.map((b, i) => after[i].rate / b.rate)
    const cpuRatios = before.every((b) => b.cpu) && after.every((a) => a.cpu) ? before.map((b, i) => after[i].cpu / b.cpu) : null
    return {
      page: label,
      'req/s before': Math.round(median(before.map((m) => m.rate))),
      'req/s after': Math.round(median(after.map((m) => m.rate))),
      'req/s change (median of rounds)': percent(median(rateRatios)),
      'rounds (worst, best)': `${percent(Math.min(...rateRatios))}, ${percent(Math.max(...rateRatios))}`,
      // The middle half of the rounds: how far one run's median can be trusted.
      'middle half of rounds': `${percent(quantile(rateRatios, 0.25))}, ${percent(quantile(rateRatios, 0.75))}`,
      'CPU ms before': cpuRatios ? median(before.map((m) => m.cpu)).toFixed(2) : 'n/a',
      'CPU ms after': cpuRatios ? median(after.map((m) => m.cpu)).toFixed(2) : 'n/a',
      'CPU change (median of rounds)': cpuRatios ? percent(median(cpuRatios)) : 'n/a',
      // What the site's calls cost its stand-in, per page (not with a shared stand-in).
      'stand-in CPU ms before, after': SHARED_BACKEND
        ? 'shared'
        : `${median(before.map((m) => m.standIn ?? 0)).toFixed(2)}, ${median(after.map((m) => m.standIn ?? 0)).toFixed(2)}`,
    }
  })
}

const builds = { before: buildOf(beforeRef), after: buildOf(afterRef) }
console.log(`\n${ROUNDS} rounds, ${SECONDS} s per measurement, ${CONNECTIONS} connections, one site process each, ${new Date().toISOString()}`)
console.log(
  `before: ${builds.before.name}; after: ${builds.after.name}; ${SHARED_BACKEND ? "both calling the before build's stand-in" : 'each with its own stand-in'}`,
)

/** Both builds' sites, from `port` and `port + 5`; the second calls the first's stand-in when it is shared. */
function startPair(port, env) {
  const before = startSite(builds.before, port, env)
  return { before, after: startSite(builds.after, port + 5, env, SHARED_BACKEND ? before.backend : null) }
}

const started = []
const stopAll = () => {
  for (const site of started) site.child.kill('SIGTERM')
}
process.on('SIGINT', () => {
  stopAll()
  process.exit(130)
})
/** Rounds of the chosen cases on a fresh pair of sites, stopped after; none started for no case. */
async function phase(cases, port, env) {
  const kept = cases.filter(({ label }) => chosen(label))
  if (!kept.length) return []
  const sites = startPair(port, env)
  started.push(sites.before, sites.after)
  try {
    await Promise.all([waitFor(`${sites.before.base}/en`), waitFor(`${sites.after.base}/en`)])
    const cookies = kept.some(({ signedIn }) => signedIn) ? { before: await sessionCookie(sites.before), after: await sessionCookie(sites.after) } : null
    const headers = (signedIn) => ({ before: signedIn ? { cookie: cookies.before } : {}, after: signedIn ? { cookie: cookies.after } : {} })
    return await rounds(
      kept.map(({ label, page, signedIn }) => ({ label, page, headers: headers(signedIn) })),
      sites,
    )
  } finally {
    stopAll()
    started.length = 0
    await new Promise((resolve) => setTimeout(resolve, 2000))
  }
}

try {
  // Rendered pages: the page cache off.
  const rendered = await phase(
    RENDERED.map(({ page, signedIn }) => ({ label: `${signedIn ? 'signed in' : 'guest, rendered'} ${page}`, page, signedIn })),
    BASE_PORT,
    { PAGE_CACHE_SECONDS: '0' },
  )
  // Cached guest pages: the page cache on, as in production.
  const cached = await phase(
    CACHED.map((page) => ({ label: `guest, cached ${page}`, page, signedIn: false })),
    BASE_PORT + 10,
    {},
  )
  if (rendered.length) {
    console.log("Rendered pages (after against before; CPU ms: the site's processes per answered request):")
    console.table(rendered)
  }
  if (cached.length) {
    console.log('Cached guest pages:')
    console.table(cached)
  }
} finally {
  stopAll()
}
