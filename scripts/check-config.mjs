// The first step of `npm start`, before the build, and again in scripts/start.mjs before it
// starts anything: every setting of the site (app.config.ts), of the stand-in backend
// (backend/src/env.ts) and of the start script itself is checked, and the ports and the backend's
// data folder must be free. Each problem is one line naming the variable and what it accepts;
// any problem means exit code 1 and nothing built or started.
import { fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** A port from the environment, or the problem naming the variable (the site's parser checks it too). */
function portFrom(env, name, fallback, problems) {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!/^\d+$/.test(raw) || value < 1 || value > 65535) {
    problems.push(`${name} must be a port number from 1 to 65535 (was "${raw}")`)
    return fallback
  }
  return value
}

/** Site workers in production: WEB_CONCURRENCY, else one per core (decision 080). */
function workersFrom(env, problems) {
  const raw = env.WEB_CONCURRENCY
  if (raw === undefined || raw === '') return availableParallelism()
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 256) {
    problems.push(`WEB_CONCURRENCY must be a number of site workers from 1 to 256 (was "${raw}")`)
    return 1
  }
  return Number(raw)
}

/**
 * What `scripts/start.mjs` starts, from the environment: ports, workers, whether the stand-in
 * backend runs, the defaults it adds for the site, and the backend's environment. Pure.
 */
export function startPlan(env) {
  const problems = []
  const port = portFrom(env, 'PORT', 3000, problems)
  const backendPort = portFrom(env, 'BACKEND_PORT', 3001, problems)
  const workerCount = workersFrom(env, problems)
  const standIn = !env.API_BASE_URL
  // The live view of `npm run dev` (decision 097): read by vite.config.ts, ignored by a build.
  if (env.INSPECT && env.INSPECT !== '1' && env.INSPECT !== '0')
    problems.push(`INSPECT must be 1 (the live view of \`npm run dev\`) or 0 (was "${env.INSPECT}")`)
  if (env.INSPECT_URL && !/^https?:\/\/[^\s/]+/.test(env.INSPECT_URL))
    problems.push(`INSPECT_URL must be an http(s) address of an inspector page (was "${env.INSPECT_URL}")`)
  // Both brands are reachable locally: the mirror answers at mirror.localhost.
  const siteDefaults = { MIRROR_BASE_URL: env.MIRROR_BASE_URL ?? `http://mirror.localhost:${port}` }
  if (standIn) {
    // The demo for one machine is read by a person: readable log lines (issue 40). A deployment
    // (API_BASE_URL set) logs JSON unless it asks otherwise.
    siteDefaults.LOG_FORMAT = env.LOG_FORMAT || 'pretty'
    // The stand-in set-up names a seller that is plainly fictional (decision 076); a deployment
    // sets its own OPERATOR_* (an empty one means "not set": support sends the details on request).
    siteDefaults.OPERATOR_NAME = env.OPERATOR_NAME ?? 'Demo Operator Ltd. (fictional)'
    siteDefaults.OPERATOR_ADDRESS = env.OPERATOR_ADDRESS ?? '1 Example Street, 00000 Sample City (fictional)'
    siteDefaults.OPERATOR_REGISTRATION = env.OPERATOR_REGISTRATION ?? 'Register No. 000000 (fictional)'
    siteDefaults.OPERATOR_TAX_ID = env.OPERATOR_TAX_ID ?? '0000000000'
    // R10.20: the stand-in believes the visitors the site's server names, and nobody else on this
    // machine (the browser calls it from loopback too): one token a run, shared by the two.
    siteDefaults.SITE_PROXY_TOKEN = env.SITE_PROXY_TOKEN ?? randomBytes(24).toString('base64url')
  }
  const siteEnv = { ...env, ...siteDefaults }
  const backendEnv = standIn
    ? {
        ...siteEnv,
        BACKEND_PORT: String(backendPort),
        BACKEND_MODE: env.BACKEND_MODE ?? 'development',
        // R10.4: the site's server calls the backend for visitors without JavaScript and names them in X-Forwarded-For.
        BACKEND_TRUST_PROXY: env.BACKEND_TRUST_PROXY ?? 'loopback',
        SITE_URL: env.SITE_URL ?? `http://localhost:${port}`,
        SITE_ORIGINS: env.SITE_ORIGINS ?? `http://localhost:${port},http://127.0.0.1:${port},http://mirror.localhost:${port}`,
      }
    : null
  return { port, backendPort, workerCount, standIn, siteDefaults, siteEnv, backendEnv, problems }
}

/**
 * What `npm start` says once everything listens: where the site, the mirror and the backend are;
 * with the stand-in in development mode (the default), its dev mailbox and sandboxes, and that it
 * is a demo for this machine, never for real money (R10.1). `standIn`: what the stand-in said when
 * it listened, or null for a configured backend (`apiBase`).
 *
 * @param {{ dev: boolean, siteLine: string, mirror: string, backendPort: number, standIn: { store: string, mailbox: string | null, mode?: string } | null, apiBase?: string }} options
 */
export function startLines({ dev, siteLine, mirror, backendPort, standIn, apiBase }) {
  const backendBase = `http://localhost:${backendPort}`
  const lines = [`Skinvault is running${dev ? ' (development server)' : ''}:`, `  site         ${siteLine}`, `  mirror       ${mirror}`]
  if (!standIn) {
    lines.push(`  backend      ${apiBase}`)
  } else {
    const mode = standIn.mode ?? 'development'
    lines.push(`  backend      ${backendBase} (stand-in, ${standIn.store}, ${mode} mode)`)
    if (standIn.mailbox) lines.push(`  dev mailbox  ${backendBase}/__dev/mail (sign-in codes and every e-mail sent)`)
    if (mode === 'development') {
      lines.push("  sandboxes    card payments and Steam sign-in are the backend's stand-ins: no money moves; card 4242 4242 4242 4242 is approved")
      lines.push('  ! The backend runs in development mode: sandbox payments, sandbox Steam and an open dev mailbox that shows')
      lines.push('    every sign-in code to anyone who can reach it. A demo on this machine only, never for real money or the internet.')
    }
  }
  lines.push('Ctrl+C stops everything.')
  return lines
}

/** The variable a problem names (its first word), so one variable is reported once. */
const variableOf = (problem) => /^[A-Z][A-Z0-9_]*\b/.exec(problem)?.[0] ?? problem

/** Whether the port can be listened on now; otherwise the error's code (EADDRINUSE, EACCES…). */
function portFree(port, host) {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', (error) => resolve(error.code ?? 'error'))
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)))
  })
}

function portProblem(port, name, outcome) {
  if (outcome === true) return null
  if (outcome === 'EADDRINUSE') return `Port ${port} (${name}) is in use: stop the program on it (another \`npm start\`?) or set ${name} to a free port.`
  return `Port ${port} (${name}) cannot be used here (${outcome}): set ${name} to another port.`
}

/**
 * TypeScript modules (the site's and the backend's parsers) loaded without a build, sharing one
 * module cache; null where tsx is not installed (a production install without dev dependencies
 * and API_BASE_URL: the built site still checks its own configuration when it starts).
 */
let tsx
async function loadTs(path) {
  tsx ??= import('tsx/esm/api').then(
    ({ register }) => register({ namespace: 'check-config' }),
    () => null,
  )
  const loader = await tsx
  return loader ? loader.import(path, import.meta.url) : null
}

/**
 * The checks that need the TypeScript parsers, run in a child process of their own: tsx's
 * loader hooks, once registered, stay for the life of their process, and every later `import()`
 * in it goes through them (Node 22: 0.022 ms instead of 0.012; Node 20, whose hooks answer from
 * a thread of their own: 0.12 instead of 0.006). With one site worker the site runs in the
 * process that checked its configuration, and a render calls `import()` for the page's modules.
 */
async function typedChecks({ siteEnv, backendEnv }) {
  const result = { siteProblems: [], backendProblems: [], backend: null, dataDirBusy: null }
  const site = await loadTs('../app.config.ts')
  try {
    site?.parseConfig(siteEnv)
  } catch (error) {
    if (error?.name !== 'ConfigError') throw error
    result.siteProblems.push(...error.problems)
  }
  if (!backendEnv) return result
  // The stand-in backend runs through tsx: without it there is nothing to start.
  const backendModule = await loadTs('../backend/src/env.ts')
  if (!backendModule) {
    result.backendProblems.push('The stand-in backend needs the dev dependencies (tsx): run `npm ci`, or set API_BASE_URL to use another backend.')
    return result
  }
  let backend
  try {
    backend = backendModule.parseEnv(backendEnv)
  } catch (error) {
    if (error?.name !== 'EnvError') throw error
    result.backendProblems.push(`${error.variable} ${error.detail}`)
    return result
  }
  // What the port check needs of it.
  result.backend = { host: backend.host }
  if (!backend.databaseUrl && !backend.dataDir.startsWith('memory://')) {
    const { dataDirHolder, dataDirInUseMessage } = await loadTs('../backend/src/data-lock.ts')
    const holder = dataDirHolder(backend.dataDir)
    if (holder !== null) result.dataDirBusy = dataDirInUseMessage(backend.dataDir, holder)
  }
  return result
}

/**
 * `typedChecks` in a process of its own, which ends with it. Not a worker thread: tsx's loader
 * hooks run in a thread of their own and start esbuild's service, a child process; started from
 * a thread of the site's process, it was never reaped when the thread ended and stayed a zombie
 * child of the site for its whole life (a primary with two workers had three children). A child
 * process takes its own children with it.
 */
function typedChecksApart(plan) {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, CHECK_CONFIG_CHILD: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    })
    let answered = false
    child.once('message', (result) => {
      answered = true
      resolve(result)
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`The configuration check stopped before it answered (exit code ${code}).`))
    })
    child.send({ siteEnv: plan.siteEnv, backendEnv: plan.backendEnv })
  })
}

/**
 * Every problem that would stop the start, each one line. `needBuild`: the production site
 * needs dist/ (scripts/start.mjs without --dev). Resolves to the plan and the problems.
 */
export async function checkStart(env = process.env, { needBuild = false } = {}) {
  const plan = startPlan(env)
  const typed = await typedChecksApart(plan)
  const problems = [...plan.problems, ...typed.siteProblems, ...typed.backendProblems]
  const { backend } = typed

  const seen = new Set()
  const config = problems.filter((problem) => !seen.has(variableOf(problem)) && seen.add(variableOf(problem)))
  if (config.length > 0) return { plan, problems: config }

  // The configuration is sound: is everything it names free?
  const busy = []
  busy.push(typed.dataDirBusy)
  busy.push(portProblem(plan.port, 'PORT', await portFree(plan.port, '0.0.0.0')))
  if (backend) busy.push(portProblem(plan.backendPort, 'BACKEND_PORT', await portFree(plan.backendPort, backend.host)))
  if (needBuild && !existsSync(`${root}dist/server/server.js`)) {
    busy.push('The site is not built (dist/server/server.js is missing): `npm start` builds it first.')
  }
  return { plan, problems: busy.filter(Boolean) }
}

if (process.env.CHECK_CONFIG_CHILD === '1' && process.send) {
  process.once('message', async (input) => {
    const result = await typedChecks(input)
    process.send(result, () => process.exit(0))
  })
} else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { problems } = await checkStart(process.env)
  for (const problem of problems) console.error(problem)
  process.exit(problems.length > 0 ? 1 : 0)
}
