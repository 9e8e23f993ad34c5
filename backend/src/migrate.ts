import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Db } from './db.ts'

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url))

export interface Migration {
  version: string
  name: string
  sql: string
}

/** Migration files are `NNN_name.sql`, applied in order of NNN. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => ({
      version: file.slice(0, 3),
      name: file.slice(4, -4),
      sql: readFileSync(`${dir}/${file}`, 'utf8'),
    }))
}

/** Applies every migration not yet recorded in schema_migrations; returns the versions applied. */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    text PRIMARY KEY,
    name       text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`)
  const done = new Set((await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version))
  const applied: string[] = []
  for (const m of migrations) {
    if (done.has(m.version)) continue
    await db.transaction(async (tx) => {
      // Statements are split on semicolons at line ends; migration files keep to that form.
      for (const statement of splitStatements(m.sql)) await tx.query(statement)
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name])
    })
    applied.push(m.version)
  }
  return applied
}

export function splitStatements(sql: string): string[] {
  const withoutComments = sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
  return withoutComments
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean)
}
