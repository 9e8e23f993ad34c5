import type { Db, Queryable } from './db.ts'
import type { BackendEnv } from './env.ts'
import { ApiError } from './http.ts'
import type { MessageKey } from './i18n.ts'
import { asDate } from './users.ts'

/**
 * Limits on guessing 6-digit codes (R10.4, decision 118), across every code an account was sent
 * (sign-in, confirmation, e-mail change), in sliding windows: the wrong codes of the last window count.
 * - per account and client address: codeAccountMaxWrong in codeAccountWindowSeconds. A guesser from
 *   one address closes the account to that address only.
 * - per account, from the addresses it has not signed in from within KNOWN_ADDRESS_DAYS:
 *   codeStrangerMaxWrong in codeAccountWindowSeconds. Guessers from many addresses are bounded too,
 *   and the owner's own addresses are never closed by them.
 * - per client address, across accounts: codeClientMaxWrong in codeClientWindowSeconds.
 * The e-mailed link is no guess (256 bits): no count applies to it.
 */

/** How long an address the account signed in from counts as its owner's own. */
export const KNOWN_ADDRESS_DAYS = 180

interface Subject {
  scope: 'account' | 'stranger' | 'client'
  subject: string
  max: number
  windowMs: number
  key: MessageKey
}

/** An attempt counted as wrong until the code turns out right (or is not checked at all). */
export interface CodeAttempt {
  /** Takes the attempt back: the code was right, or it was never compared (closed, expired, absent). */
  undo(): Promise<void>
}

const NOTHING: CodeAttempt = { undo: async () => {} }

/**
 * Counts a code attempt for the account (when one is known) and the client address (when known) before
 * the code is checked. Over either limit it answers 429 with `Retry-After`, and the code is not checked.
 * The count lives in the database, so it holds across restarts and across backend processes.
 */
export async function countCodeAttempt(
  db: Db,
  env: Pick<BackendEnv, 'codeAccountMaxWrong' | 'codeAccountWindowSeconds' | 'codeStrangerMaxWrong' | 'codeClientMaxWrong' | 'codeClientWindowSeconds'>,
  who: { userId: number | null; client: string | null },
  now: Date,
): Promise<CodeAttempt> {
  // Always the account's subjects first, then the client's: every attempt locks in the same order.
  const subjects: Subject[] = []
  if (who.userId !== null) {
    subjects.push({
      scope: 'account',
      subject: `${who.userId}@${who.client ?? ''}`,
      max: env.codeAccountMaxWrong,
      windowMs: env.codeAccountWindowSeconds * 1000,
      key: 'code_attempts_account',
    })
    if (!(await isOwnAddress(db, who.userId, who.client, now)))
      subjects.push({
        scope: 'stranger',
        subject: String(who.userId),
        max: env.codeStrangerMaxWrong,
        windowMs: env.codeAccountWindowSeconds * 1000,
        key: 'code_attempts_strangers',
      })
  }
  if (who.client !== null)
    subjects.push({
      scope: 'client',
      subject: who.client,
      max: env.codeClientMaxWrong,
      windowMs: env.codeClientWindowSeconds * 1000,
      key: 'code_attempts_client',
    })
  if (subjects.length === 0) return NOTHING
  const outcome = await db.transaction(async (tx) => {
    let refused: { seconds: number; key: MessageKey } | null = null
    for (const s of subjects) {
      // Locks the subject's row until the transaction ends (an upsert locks the row it finds).
      await tx.query(
        `INSERT INTO code_attempt_subjects (scope, subject) VALUES ($1, $2)
         ON CONFLICT (scope, subject) DO UPDATE SET subject = EXCLUDED.subject`,
        [s.scope, s.subject],
      )
      const windowStart = new Date(now.getTime() - s.windowMs).toISOString()
      await tx.query('DELETE FROM code_attempts WHERE scope = $1 AND subject = $2 AND attempted_at <= $3', [s.scope, s.subject, windowStart])
      // The max-th newest wrong code of the window: while it is in the window, the limit is reached.
      const [nth] = await tx.query<{ attempted_at: Date }>(
        `SELECT attempted_at FROM code_attempts WHERE scope = $1 AND subject = $2
         ORDER BY attempted_at DESC, id DESC OFFSET $3 LIMIT 1`,
        [s.scope, s.subject, s.max - 1],
      )
      if (!nth) continue
      const seconds = Math.max(1, Math.ceil((asDate(nth.attempted_at)!.getTime() + s.windowMs - now.getTime()) / 1000))
      if (!refused || seconds > refused.seconds) refused = { seconds, key: s.key }
    }
    if (refused) return refused
    const ids: number[] = []
    for (const s of subjects) {
      const [row] = await tx.query<{ id: number }>('INSERT INTO code_attempts (scope, subject, attempted_at) VALUES ($1, $2, $3) RETURNING id', [
        s.scope,
        s.subject,
        now.toISOString(),
      ])
      ids.push(row!.id)
    }
    return ids
  })
  if (!Array.isArray(outcome)) {
    const { seconds, key } = outcome
    throw new ApiError(429, key, { minutes: Math.ceil(seconds / 60) }, { retry_after: seconds }, { 'Retry-After': String(seconds) })
  }
  return {
    async undo() {
      for (const id of outcome) await db.query('DELETE FROM code_attempts WHERE id = $1', [id])
    },
  }
}

/** Whether the account signed in from this client address (its key) within KNOWN_ADDRESS_DAYS. */
async function isOwnAddress(db: Queryable, userId: number, client: string | null, now: Date): Promise<boolean> {
  if (client === null) return false
  const since = new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000).toISOString()
  const rows = await db.query('SELECT 1 FROM sign_in_addresses WHERE user_id = $1 AND client_key = $2 AND last_at > $3', [userId, client, since])
  return rows.length > 0
}

/** Remembers that the account signed in from this client address (its key): one of its owner's own places. */
export async function rememberSignInAddress(db: Queryable, userId: number, client: string | null, now: Date): Promise<void> {
  if (client === null) return
  await db.query(
    `INSERT INTO sign_in_addresses (user_id, client_key, last_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, client_key) DO UPDATE SET last_at = EXCLUDED.last_at`,
    [userId, client, now.toISOString()],
  )
}
