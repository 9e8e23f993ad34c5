import { createServer } from 'node:net'
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
