import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { lockDataDir } from './data-lock.ts'
import type { Logger } from './log.ts'
import { type QueryKind, queryKind } from './metrics.ts'
import { PreparedStatements } from './pglite-statements.ts'

/** The part of a database every handler uses: one parameterised statement at a time. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
}

/** A small interface over PGlite and a PostgreSQL server: the same SQL runs on both. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg'
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
  /** Runs fn in one transaction; it is rolled back when fn throws. */
  transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R>
  close(): Promise<void>
}

/**
 * PGlite in a data directory (kept across restarts) or in memory (`memory://`). A directory is
 * used by one backend at a time: another one's gets DataDirInUseError (see data-lock.ts).
 * A statement outside a transaction is kept prepared (pglite-statements.ts).
 */
export async function openPglite(dataDir: string): Promise<Db> {
  const inMemory = dataDir.startsWith('memory://')
  if (!inMemory) mkdirSync(dataDir, { recursive: true })
  const unlock = inMemory ? () => {} : lockDataDir(dataDir)
  let lite: PGlite
  try {
    lite = await PGlite.create(dataDir)
  } catch (err) {
    unlock()
    throw err
  }
  const statements = new PreparedStatements(lite)
  return {
    kind: 'pglite',
    query<T>(sql: string, params: unknown[] = []) {
      return statements.query<T>(sql, params)
    },
    async exec(sql: string) {
      await lite.exec(sql)
      await statements.clear()
    },
    transaction<R>(fn: (tx: Queryable) => Promise<R>) {
      return lite.transaction((tx) =>
        fn({
          async query<T>(sql: string, params: unknown[] = []) {
            return (await tx.query<T>(sql, params)).rows
          },
        }),
      )
    },
    async close() {
      if (!lite.closed) await lite.close()
      unlock()
    },
  }
}

export interface PgOptions {
  /**
   * Use this schema (created when missing) instead of the default one. Tests give every
   * backend its own schema so suites on one server never see each other's rows.
   */
  schema?: string
  /** Drop the schema when the database is closed (tests). */
  dropSchemaOnClose?: boolean
  /** Where an idle connection's error (the server went away) is logged; nowhere when not given. */
  log?: Logger
}

/** A PostgreSQL server reached through `pg`. */
export async function openPg(url: string, options: PgOptions = {}): Promise<Db> {
  const { schema } = options
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Bad schema name ${schema}`)
  if (schema) {
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
    } finally {
      await admin.end()
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  })
  pool.on('error', (err) => options.log?.error({ err }, 'idle PostgreSQL connection failed'))
  let closed = false
  return {
    kind: 'pg',
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await pool.query(sql, params)
      return res.rows as T[]
    },
    async exec(sql: string) {
      await pool.query(sql)
    },
    async transaction<R>(fn: (tx: Queryable) => Promise<R>) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn({
          async query<T>(sql: string, params: unknown[] = []) {
            return (await client.query(sql, params)).rows as T[]
          },
        })
        await client.query('COMMIT')
        return result
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw err
      } finally {
        client.release()
      }
    },
    async close() {
      if (closed) return
      closed = true
      if (schema && options.dropSchemaOnClose) await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await pool.end()
    },
  }
}

/** A fresh, empty schema on the server named by url: for tests. */
export function openPgIsolated(url: string): Promise<Db> {
  return openPg(url, { schema: `test_${randomBytes(6).toString('hex')}`, dropSchemaOnClose: true })
}

/**
 * The same database, with each statement's duration handed to observe (the metrics' histogram), by
 * kind: every query, inside transactions too. Migrations (exec) are not statements of the API.
 */
export function timedDb(db: Db, observe: (kind: QueryKind, seconds: number) => void): Db {
  const timed = (q: Queryable): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const started = process.hrtime.bigint()
      try {
        return await q.query<T>(sql, params)
      } finally {
        observe(queryKind(sql), Number(process.hrtime.bigint() - started) / 1e9)
      }
    },
  })
  const top = timed(db)
  return {
    kind: db.kind,
    query<T>(sql: string, params?: unknown[]) {
      return top.query<T>(sql, params)
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction((tx) => fn(timed(tx))),
    close: () => db.close(),
  }
}
