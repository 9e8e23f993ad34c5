import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { corsFor } from './cors.ts'
import { type Db, openPg, openPglite, timedDb } from './db.ts'
import { type BackendEnv, checkProductionSecrets, checkTokenLifetimes, deriveEnv, parseEnv } from './env.ts'
import { ErrorReporter } from './error-report.ts'
import { addHealthRoutes } from './health.ts'
import { ApiError, type AppEnv, type Deps, errorBody, MAX_BODY_BYTES } from './http.ts'
import { isLocale, type Locale, t } from './i18n.ts'
import { createLogger, type Logger } from './log.ts'
import { Metrics } from './metrics.ts'
import { migrate } from './migrate.ts'
import type { FetchLike } from './provider-api.ts'
import { requestLog, routeOf } from './request-log.ts'
import { MoneyReturns } from './returns.ts'
import { devRoutes } from './routes/dev.ts'
import { notificationRoutes } from './routes/notifications.ts'
import { openidSandbox } from './routes/openid-sandbox.ts'
import { paymentRoutes } from './routes/payments.ts'
import { publicRoutes } from './routes/public.ts'
import { sandboxPublic } from './routes/sandbox.ts'
import { sandboxApis } from './routes/sandbox-api.ts'
import { usersRoutes } from './routes/users.ts'
import { SandboxProvider, type SandboxProviderOptions } from './sandbox-provider.ts'

export interface BackendOptions {
  /** Settings; anything left out takes its default (see parseEnv). */
  env?: Partial<BackendEnv>
  /** An open database to use (and close on close()); otherwise one is opened from env. */
  db?: Db
  /** The clock; tests move it to check expiry rules. */
  now?: () => Date
  /** How the sandbox payment provider delivers its notifications (tests deliver without a port). */
  sandbox?: SandboxProviderOptions
  /** Where it logs; by default JSON lines on stdout at env's logLevel, in its logFormat. */
  log?: Logger
  /** How it calls the providers' APIs to give money back; `fetch` by default (tests answer in process). */
  providerFetch?: FetchLike
}

export interface Backend {
  app: Hono<AppEnv>
  db: Db
  env: BackendEnv
  /** The sandbox payment provider (tests wait for its notifications with sandbox.idle()). */
  sandbox: SandboxProvider
  /** Refused payments' money on its way back (tests wait for it with returns.idle()). */
  returns: MoneyReturns
  log: Logger
  /** Its metrics; main.ts serves them on BACKEND_METRICS_PORT. */
  metrics: Metrics
  /** Sends uncaught errors to ERROR_REPORT_URL (main.ts also gives it the process's own). */
  reporter: ErrorReporter
  /** From now on /__ready answers 503 `stopping` (main.ts calls it on SIGTERM, before closing the server). */
  markStopping(): void
  close(): Promise<void>
}

export function openDatabase(env: BackendEnv, log?: Logger): Promise<Db> {
  return env.databaseUrl ? openPg(env.databaseUrl, { log }) : openPglite(env.dataDir)
}

/** What the API's addresses answer, all told (a 405 names them). */
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'

/** SQLSTATE of a unique-index violation. */
const UNIQUE_VIOLATION = '23505'

function localeOf(path: string): Locale | null {
  const first = path.split('/')[1] ?? ''
  return isLocale(first) ? first : null
}

export async function createBackend(options: BackendOptions = {}): Promise<Backend> {
  // Settings derived from others (the provider URLs from the public URL) follow the given ones.
  // The defaults are the sandbox's; the mode is production unless given, and production refuses them.
  const {
    backendPublicUrl: _u,
    openidProviderUrl: _o,
    payselectionNotificationUrl: _p,
    cloudpaymentsApiUrl: _c,
    payselectionApiUrl: _s,
    ...defaults
  } = parseEnv({ BACKEND_MODE: 'development' })
  const env: BackendEnv = deriveEnv({ ...defaults, ...options.env, mode: options.env?.mode ?? 'production' })
  checkTokenLifetimes(env)
  checkProductionSecrets(env)
  const log = options.log ?? createLogger({ level: env.logLevel, format: env.logFormat })
  // The process's own metrics only where they are served: tests make many backends in one process.
  const metrics = new Metrics({ process: env.metricsPort !== null })
  const reporter = new ErrorReporter(env.errorReportUrl, env.buildId, log)
  const db = timedDb(options.db ?? (await openDatabase(env, log)), (kind, seconds) => metrics.query(kind, seconds))
  try {
    await migrate(db)
  } catch (err) {
    await db.close()
    throw err
  }
  const now = options.now ?? (() => new Date())
  const sandbox = new SandboxProvider(env, db, now, { log, ...options.sandbox })
  // The sandbox provider's notifications a previous backend left unsent (development mode only: in
  // production nothing charges through the sandbox).
  if (env.mode === 'development') await sandbox.resume()
  const returns = new MoneyReturns(env, db, now, { log, ...(options.providerFetch ? { fetch: options.providerFetch } : {}) })
  const deps: Deps = { db, env, now, sandbox, returns, log, metrics }
  let stopping = false

  const app = new Hono<AppEnv>()

  // First: every answer carries the request's id, every request has its access line.
  app.use('*', requestLog(log, metrics, env))

  app.use('*', async (c, next) => {
    c.set('deps', deps)
    c.set('locale', localeOf(c.req.path) ?? 'en')
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
  })
  // The probes: before the TRACE refusal, the sandboxes, CORS and the body limit.
  addHealthRoutes(app, db, () => stopping)
  // R10.10: methods that echo the request back (its cookies and authorisation) are answered nowhere.
  app.use('*', async (c, next) => {
    if (c.req.method !== 'TRACE' && c.req.method !== 'TRACK') return next()
    return c.json({ message: t(c.var.locale, 'method_not_allowed') }, 405, { Allow: ALLOWED_METHODS, 'Cache-Control': 'no-store' })
  })

  // The sandbox widgets, their card page and their provider: development mode only (in production the
  // real providers' widgets are used, and /sandbox is an unknown path). Before the site's CORS: the
  // scripts load from any page; the provider takes requests from the widget's own page only.
  if (env.mode === 'development') {
    app.route('/sandbox', sandboxPublic)
    app.route('/sandbox', sandboxApis)
  }
  // Server-to-server notifications from the payment providers: no CORS at all.
  app.route('/notifications', notificationRoutes)

  app.use('*', corsFor(env.siteOrigins))
  app.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ message: t(c.var.locale, 'body_too_large') }, 413) }))
  app.use('*', async (c, next) => {
    await next()
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store')
  })

  if (env.mode === 'development') {
    app.route('/sandbox/openid', openidSandbox)
    app.route('/__dev', devRoutes)
  }

  const api = new Hono<AppEnv>()
  api.route('/users', usersRoutes)
  api.route('/payments', paymentRoutes)
  api.route('/', publicRoutes)
  for (const locale of ['en', 'ru', 'de'] as const) app.route(`/${locale}`, api)

  app.notFound((c) => {
    const locale = localeOf(c.req.path)
    const first = c.req.path.split('/')[1] ?? ''
    const key = locale !== null || ['sandbox', '__dev', 'notifications'].includes(first) ? 'not_found' : 'unknown_locale'
    return c.json({ message: t(locale ?? 'en', key) }, 404)
  })

  app.onError((err, c) => {
    const locale = c.var.locale ?? 'en'
    if (err instanceof ApiError) return c.json(errorBody(locale, err), err.status, err.headers)
    if (err instanceof HTTPException && err.status < 500)
      return c.json({ message: t(locale, err.status === 413 ? 'body_too_large' : 'invalid_input') }, err.status)
    // A value the database refused (SQLSTATE class 22, data exception) is bad input, not a crash.
    const { code: sqlState, constraint } = err as unknown as { code?: unknown; constraint?: unknown }
    if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) return c.json({ message: t(locale, 'invalid_input') }, 422)
    // A unique key taken by a concurrent transaction after the handler's own check (PostgreSQL
    // checks the index at write time): the same 409 the check gives when it sees the row.
    if (sqlState === UNIQUE_VIOLATION) return c.json({ message: t(locale, constraint === 'users_email_key' ? 'email_taken' : 'conflict') }, 409)
    // Named by its route pattern: the path may hold a code of a sign-in, confirmation or referral link (R10.8).
    const route = routeOf(c)
    const reqId = c.var.reqId ?? null
    log.error({ err, reqId, method: c.req.method, route }, 'unexpected error')
    void reporter.report(err, { requestId: reqId, route })
    return c.json({ message: t(locale, 'server_error') }, 500)
  })

  return {
    app,
    db,
    env,
    sandbox,
    returns,
    log,
    metrics,
    reporter,
    markStopping() {
      stopping = true
    },
    async close() {
      await sandbox.close()
      await returns.close()
      await db.close()
    },
  }
}
