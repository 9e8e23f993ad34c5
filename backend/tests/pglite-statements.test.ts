import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PreparedStatements } from '../src/pglite-statements.ts'

let lite: PGlite

beforeAll(async () => {
  lite = await PGlite.create('memory://')
  await lite.exec(`CREATE TABLE things (
    id serial PRIMARY KEY,
    name text UNIQUE NOT NULL,
    amount integer NOT NULL,
    paid boolean NOT NULL,
    at timestamptz,
    extra jsonb
  )`)
  await lite.query(`INSERT INTO things (name, amount, paid, at, extra) VALUES ('first', 100, true, '2026-11-25T09:00:00.000Z', '{"a":[1,2]}')`)
})

afterAll(async () => {
  await lite.close()
})

/** The statements the session keeps, by their SQL text. */
async function kept(): Promise<string[]> {
  const rows = await lite.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY statement')
  return rows.rows.map((row) => row.statement)
}

/** The name the session keeps a statement under. */
async function nameOf(sql: string): Promise<string | undefined> {
  const rows = await lite.query<{ name: string }>('SELECT name FROM pg_prepared_statements WHERE statement = $1', [sql])
  return rows.rows[0]?.name
}

describe('statements kept prepared on PGlite (decision 105)', () => {
  it('gives the same rows as PGlite’s own query: numbers, text, booleans, dates, JSON and null', async () => {
    const statements = new PreparedStatements(lite)
    const sql = 'SELECT id, name, amount, paid, at, extra, NULL::text AS none FROM things WHERE name = $1 AND at < $2'
    const params = ['first', '2026-11-26T00:00:00.000Z']
    const rows = await statements.query(sql, params)
    expect(rows).toEqual([{ id: 1, name: 'first', amount: 100, paid: true, at: new Date('2026-11-25T09:00:00.000Z'), extra: { a: [1, 2] }, none: null }])
    expect(rows).toEqual((await lite.query(sql, params)).rows)
    await statements.clear()
  })

  it('serialises parameters by their type: a Date, a boolean, an object for jsonb, null', async () => {
    const statements = new PreparedStatements(lite)
    const [row] = await statements.query<{ id: number }>('INSERT INTO things (name, amount, paid, at, extra) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
      'second',
      250,
      false,
      new Date('2026-01-02T03:04:05.000Z'),
      { b: 'x' },
    ])
    const [none] = await statements.query<{ id: number }>('INSERT INTO things (name, amount, paid, at, extra) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
      'third',
      0,
      true,
      null,
      undefined,
    ])
    const stored = await lite.query('SELECT name, amount, paid, at, extra FROM things WHERE id = ANY($1) ORDER BY id', [[row!.id, none!.id]])
    expect(stored.rows).toEqual([
      { name: 'second', amount: 250, paid: false, at: new Date('2026-01-02T03:04:05.000Z'), extra: { b: 'x' } },
      { name: 'third', amount: 0, paid: true, at: null, extra: null },
    ])
    await lite.query("DELETE FROM things WHERE name IN ('second', 'third')")
    await statements.clear()
  })

  it('parses a statement once and runs it again by its name', async () => {
    const statements = new PreparedStatements(lite)
    const sql = 'SELECT amount FROM things WHERE name = $1'
    expect(await statements.query(sql, ['first'])).toEqual([{ amount: 100 }])
    expect(await statements.query(sql, ['nobody'])).toEqual([])
    expect(await statements.query('SELECT count(*)::int AS n FROM things')).toEqual([{ n: 1 }])
    expect(await kept()).toEqual(['SELECT amount FROM things WHERE name = $1', 'SELECT count(*)::int AS n FROM things'].sort())
    await statements.clear()
    expect(await kept()).toEqual([])
    // After clear the same text is parsed again, not run under a name the session no longer has.
    expect(await statements.query(sql, ['first'])).toEqual([{ amount: 100 }])
    expect(await kept()).toEqual([sql])
    await statements.clear()
  })

  it('keeps no more than its limit; a statement past it still runs, unprepared', async () => {
    const statements = new PreparedStatements(lite, 2)
    expect(await statements.query('SELECT 1 AS n')).toEqual([{ n: 1 }])
    expect(await statements.query('SELECT 2 AS n')).toEqual([{ n: 2 }])
    expect(await statements.query('SELECT 3 AS n')).toEqual([{ n: 3 }])
    expect(await statements.query('SELECT 1 AS n')).toEqual([{ n: 1 }])
    expect(await kept()).toEqual(['SELECT 1 AS n', 'SELECT 2 AS n'])
    await statements.clear()
  })

  it('an error keeps its SQLSTATE, and the session goes on', async () => {
    const statements = new PreparedStatements(lite)
    const insert = 'INSERT INTO things (name, amount, paid) VALUES ($1, $2, $3)'
    await expect(statements.query(insert, ['first', 1, true])).rejects.toMatchObject({ code: '23505' })
    const name = await nameOf(insert)
    expect(name).toMatch(/^s\d+$/)
    // A kept statement that fails is kept as it is, not parsed again.
    await expect(statements.query(insert, ['first', 2, false])).rejects.toMatchObject({ code: '23505' })
    expect(await nameOf(insert)).toBe(name)
    await expect(statements.query('SELEC amount FROM things')).rejects.toMatchObject({ code: '42601' })
    // A statement that did not parse is not kept: the same text fails the same way again.
    await expect(statements.query('SELEC amount FROM things')).rejects.toMatchObject({ code: '42601' })
    expect(await kept()).toEqual([insert])
    expect(await statements.query('SELECT amount FROM things WHERE name = $1', ['first'])).toEqual([{ amount: 100 }])
    await statements.clear()
  })

  it('waits for a transaction under way instead of running inside it', async () => {
    const statements = new PreparedStatements(lite)
    let inside: () => void = () => {}
    let letGo: () => void = () => {}
    const entered = new Promise<void>((resolve) => (inside = resolve))
    const held = new Promise<void>((resolve) => (letGo = resolve))
    const transaction = lite
      .transaction(async (tx) => {
        await tx.query("INSERT INTO things (name, amount, paid) VALUES ('uncommitted', 1, true)")
        inside()
        await held
        throw new Error('rolled back')
      })
      .catch((error: Error) => error.message)
    await entered
    const count = statements.query<{ n: number }>("SELECT count(*)::int AS n FROM things WHERE name = 'uncommitted'")
    letGo()
    expect(await transaction).toBe('rolled back')
    expect(await count).toEqual([{ n: 0 }])
    await statements.clear()
  })

  it('parses a kept statement again when its table changed under it', async () => {
    const statements = new PreparedStatements(lite)
    const sql = 'SELECT * FROM things WHERE name = $1'
    expect(Object.keys((await statements.query<object>(sql, ['first']))[0]!)).toEqual(['id', 'name', 'amount', 'paid', 'at', 'extra'])
    const before = await nameOf(sql)
    await lite.transaction(async (tx) => {
      await tx.query('ALTER TABLE things ADD COLUMN note text')
    })
    expect(Object.keys((await statements.query<object>(sql, ['first']))[0]!)).toEqual(['id', 'name', 'amount', 'paid', 'at', 'extra', 'note'])
    expect(await kept()).toEqual([sql])
    expect(await nameOf(sql)).not.toBe(before)
    await lite.exec('ALTER TABLE things DROP COLUMN note')
    await statements.clear()
  })
})
