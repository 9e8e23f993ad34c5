import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { Db, Queryable } from '../src/db.ts'
import { createLogger, type Logger, type LogLevel } from '../src/log.ts'

/** A UUID as crypto.randomUUID() writes it (version 4). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

/** A logger whose JSON lines are kept: `lines` parsed, `text` as written. */
export function captureLog(level: LogLevel = 'debug'): { log: Logger; lines: Record<string, any>[]; text: () => string } {
  const raw: string[] = []
  const lines: Record<string, any>[] = []
  const log = createLogger(
    { level, format: 'json' },
    {
      write(chunk: string) {
        raw.push(chunk)
        for (const line of chunk.split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      },
    },
  )
  return { log, lines, text: () => raw.join('') }
}

/**
 * A database that fails on demand: once broken, every statement matching the pattern throws, as a
 * database that went away does. The error carries a `detail` with a row's values, as PostgreSQL's do.
 */
export function breakableDb(inner: Db): { db: Db; breakOn(pattern: RegExp | null): void } {
  let broken: RegExp | null = null
  const guard = (q: Queryable): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      if (broken?.test(sql)) throw Object.assign(new Error('the database fell over'), { detail: 'Failing row contains (secret-row-value)' })
      return q.query<T>(sql, params)
    },
  })
  const top = guard(inner)
  return {
    db: {
      kind: inner.kind,
      query: <T>(sql: string, params?: unknown[]) => top.query<T>(sql, params),
      exec: (sql) => inner.exec(sql),
      transaction: (fn) => inner.transaction((tx) => fn(guard(tx))),
      close: () => inner.close(),
    },
    breakOn(pattern) {
      broken = pattern
    },
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port
      srv.close(() => resolve(port))
    })
  })
}

/**
 * Prometheus' text format, read here without prom-client: each sample line `name{labels} value` as
 * `name{labels}` (labels as written, in order) to its value.
 */
export function parseMetrics(text: string): Map<string, number> {
  const samples = new Map<string, number>()
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{.*\})?) (\S+)$/.exec(line)
    if (!match) throw new Error(`Not a sample line: ${line}`)
    samples.set(match[1]!, Number(match[2]))
  }
  return samples
}

/** A backend process and what it has written so far. */
export interface BackendProcess {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>
}

/**
 * The backend as `npm run backend` starts it (`tsx backend/src/main.ts`), in development mode on an
 * in-memory database, JSON lines at info, with `env` on top and `imports` preloaded; resolves once
 * `ready` holds of everything it has written (by default: it says it is listening), or throws after 45 s.
 */
export async function startBackendProcess(
  env: Record<string, string>,
  options: { imports?: string[]; ready?: (written: string) => boolean } = {},
): Promise<BackendProcess> {
  const { imports = [], ready = (written) => written.includes('listening on') } = options
  const child = spawn(process.execPath, ['--import', 'tsx', ...imports.flatMap((url) => ['--import', url]), 'backend/src/main.ts'], {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    env: { ...process.env, DATABASE_URL: '', BACKEND_DATA_DIR: 'memory://', BACKEND_MODE: 'development', LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (d) => (stdout += d))
  child.stderr!.on('data', (d) => (stderr += d))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const until = Date.now() + 45_000
  while (!ready(stdout + stderr) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50))
  if (!ready(stdout + stderr)) throw new Error(`The backend did not start:\n${stdout}${stderr}`)
  return { child, stdout: () => stdout, stderr: () => stderr, exited }
}
