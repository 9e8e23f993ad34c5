/**
 * Statements kept prepared on PGlite (decision 105). PGlite's own `query` parses and plans its SQL
 * anew on every call and talks to the database in six round trips; planning alone took 1.1–1.4 ms of
 * the 2 ms of the user's query that every signed-in request makes. Here a statement is parsed once
 * under a name and then run with one message (bind, describe, execute, sync) in one round trip,
 * the way a PostgreSQL driver's named statement runs on a server.
 */
import { Buffer } from 'node:buffer'
import { type PGlite, parse, protocol } from '@electric-sql/pglite'

const { serialize } = protocol

/** At most this many statements are kept; past it a new statement runs as PGlite's own query. */
const MAX_PREPARED = 256

interface Statement {
  name: string
  /** The type of each parameter, as the database inferred it when the statement was parsed. */
  paramTypes: number[]
}

/**
 * PostgreSQL's answer (`feature_not_supported`, "cached plan must not change result type") when
 * the columns of a kept statement changed since it was parsed. Parsing again is harmless for any
 * other error of that code: the statement then fails the same way once more.
 */
function isStalePlan(error: unknown): boolean {
  return (error as { code?: unknown }).code === '0A000'
}

export class PreparedStatements {
  readonly #lite: PGlite
  readonly #max: number
  /** By SQL text. A statement is kept once its text parsed. */
  readonly #statements = new Map<string, Statement>()
  /** Names are never reused, so a statement forgotten by `clear` cannot be confused with a new one. */
  #named = 0

  constructor(lite: PGlite, max = MAX_PREPARED) {
    this.#lite = lite
    this.#max = max
  }

  /**
   * Runs one statement outside a transaction, with the same parameters, rows and errors as PGlite's
   * `query`. It waits for a transaction under way, as PGlite's `query` does: PGlite has one session,
   * and a statement run in the middle of another request's transaction would belong to it.
   */
  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    if (!this.#statements.has(sql) && this.#statements.size >= this.#max) {
      return (await this.#lite.query<T>(sql, params)).rows
    }
    return this.#lite._runExclusiveTransaction(() => this.#lite._runExclusiveQuery(() => this.#run<T>(sql, params)))
  }

  /** Forgets every statement: after the schema changed, a kept plan could give the wrong columns. */
  async clear(): Promise<void> {
    await this.#lite.exec('DEALLOCATE ALL')
    this.#statements.clear()
  }

  async #run<T>(sql: string, params: unknown[]): Promise<T[]> {
    const kept = this.#statements.get(sql)
    if (!kept) return this.#execute<T>(await this.#prepare(sql), params)
    try {
      return await this.#execute<T>(kept, params)
    } catch (error) {
      if (!isStalePlan(error)) throw error
      // The schema changed under a kept statement (a migration in a transaction): parse it again.
      await this.#lite.execProtocol(Buffer.concat([serialize.close({ type: 'S', name: kept.name }), serialize.sync()]))
      this.#statements.delete(sql)
      return this.#run<T>(sql, params)
    }
  }

  async #execute<T>(statement: Statement, params: unknown[]): Promise<T[]> {
    // A parameter past the statement's own has no type; the database refuses it at bind.
    const values = params.map((param, i) => this.#serialize(param, statement.paramTypes[i]!))
    const { messages } = await this.#lite.execProtocol(
      Buffer.concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
    )
    return parse.parseResults(messages, this.#lite.parsers)[0]!.rows as T[]
  }

  /** Parses the statement under a new name; one that does not parse is not kept and throws. */
  async #prepare(sql: string): Promise<Statement> {
    this.#named += 1
    const name = `s${this.#named}`
    const { messages } = await this.#lite.execProtocol(
      Buffer.concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    )
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) }
    this.#statements.set(sql, statement)
    return statement
  }

  /** As PGlite's `query` does: null stays null, a type with a serializer uses it, the rest is text. */
  #serialize(param: unknown, type: number): string | null {
    if (param === null || param === undefined) return null
    const serializer = this.#lite.serializers[type]
    return serializer ? serializer(param) : String(param)
  }
}
