import type { Hono } from 'hono'
import type { Queryable } from './db.ts'
import type { AppEnv } from './http.ts'

/** How long the database has to answer `SELECT 1` before it counts as unreachable. */
export const HEALTH_TIMEOUT_MS = 1_000

/** Whether the database answers `SELECT 1` within timeoutMs. Never throws. */
export async function databaseAnswers(db: Queryable, timeoutMs = HEALTH_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  try {
    return await Promise.race([
      db.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      late,
    ])
  } finally {
    clearTimeout(timer)
  }
}

const NO_STORE = { 'Cache-Control': 'no-store' }

/**
 * The probes of a load balancer or orchestrator, without locale, CORS or limits (registered before
 * them). Their access lines are debug (request-log.ts).
 *
 * - `GET /__health`: is the process alive and its database reachable? 200 `{"status":"ok","database":"ok"}`,
 *   else 503 `{"status":"unavailable","database":"unreachable"}`.
 * - `GET /__ready`: should it get traffic? 200 `{"status":"ready"}` while it is not stopping and the
 *   database answers, else 503 `{"status":"stopping"}` or `{"status":"unavailable"}`. The app exists only
 *   once the migrations ran, so a backend that answers has run them.
 */
export function addHealthRoutes(app: Hono<AppEnv>, db: Queryable, stopping: () => boolean): void {
  app.get('/__health', async (c) => {
    if (await databaseAnswers(db)) return c.json({ status: 'ok', database: 'ok' }, 200, NO_STORE)
    return c.json({ status: 'unavailable', database: 'unreachable' }, 503, NO_STORE)
  })
  app.get('/__ready', async (c) => {
    if (stopping()) return c.json({ status: 'stopping' }, 503, NO_STORE)
    if (await databaseAnswers(db)) return c.json({ status: 'ready' }, 200, NO_STORE)
    return c.json({ status: 'unavailable' }, 503, NO_STORE)
  })
}
