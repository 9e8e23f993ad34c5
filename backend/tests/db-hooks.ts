import type { Db, Queryable } from '../src/db.ts'

/** A statement held until the test releases it. */
export interface Hold {
  /** Resolves when a request reached the statement (and is now waiting). */
  reached: Promise<void>
  release(): void
}

interface Pending extends Hold {
  pattern: RegExp
  arrive(): void
  released: Promise<void>
}

export interface DbHooks {
  db: Db
  /** Holds the next statement matching pattern (each call holds one more, in order) until release(). */
  holdAt(pattern: RegExp): Hold
  /**
   * Makes the next statement matching pattern return no rows without running it: a read that does not
   * yet see a concurrent transaction's row, as on PostgreSQL under READ COMMITTED.
   */
  blindOnce(pattern: RegExp): void
  /** Drops holds and blinds that were never reached (a failed test must not leak them). */
  reset(): void
}

/**
 * Wraps a database so tests can interleave two requests deterministically: one request is held at a
 * statement inside its transaction while the other runs. Everything else passes straight through.
 */
export function hookDb(inner: Db): DbHooks {
  let holds: Pending[] = []
  let blinds: RegExp[] = []

  async function run<T>(q: Queryable, sql: string, params?: unknown[]): Promise<T[]> {
    const blind = blinds.findIndex((p) => p.test(sql))
    if (blind >= 0) {
      blinds.splice(blind, 1)
      return []
    }
    const hold = holds.findIndex((h) => h.pattern.test(sql))
    if (hold >= 0) {
      const [h] = holds.splice(hold, 1)
      h!.arrive()
      await h!.released
    }
    return q.query<T>(sql, params)
  }

  const db: Db = {
    kind: inner.kind,
    query: (sql, params) => run(inner, sql, params),
    exec: (sql) => inner.exec(sql),
    transaction: (fn) => inner.transaction((tx) => fn({ query: (sql, params) => run(tx, sql, params) })),
    close: () => inner.close(),
  }

  return {
    db,
    holdAt(pattern) {
      let arrive!: () => void
      let release!: () => void
      const reached = new Promise<void>((resolve) => (arrive = resolve))
      const released = new Promise<void>((resolve) => (release = resolve))
      const h: Pending = { pattern, reached, released, arrive, release }
      holds.push(h)
      return { reached, release }
    },
    blindOnce(pattern) {
      blinds.push(pattern)
    },
    reset() {
      for (const h of holds) h.release()
      holds = []
      blinds = []
    },
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Waits until a second request cannot get further while the first is held: on PostgreSQL, until it
 * waits for a row lock or reaches a hold of its own (or finishes); PGlite runs one transaction at a
 * time, so there the second request simply queues behind the first.
 */
export async function secondIsStuck(db: Db, second: Promise<unknown>, ownHold?: Hold): Promise<void> {
  if (db.kind !== 'pg') {
    await sleep(50)
    return
  }
  let done = false
  void second.finally(() => (done = true))
  void ownHold?.reached.then(() => (done = true))
  for (let i = 0; i < 500 && !done; i++) {
    const [row] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    )
    if (row!.n > 0) return
    await sleep(20)
  }
  if (!done) throw new Error('The second request neither waited for a lock nor finished')
}
