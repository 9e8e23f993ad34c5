/**
 * The codes mailed to sign in and to confirm a new e-mail address: a 6-digit code and a link code,
 * stored as their sha-256, with their lifetime, resend interval and wrong-code limits.
 */
import { requestClientKey } from './client-address.ts'
import { countCodeAttempt } from './code-limits.ts'
import { randomToken, sameHash, sha256, sixDigitCode } from './crypto.ts'
import type { Queryable } from './db.ts'
import { ApiError, type Ctx } from './http.ts'
import type { MessageKey } from './i18n.ts'
import { asDate } from './users.ts'

export const CODE_TTL_MS = 15 * 60_000
export const MAX_CODE_ATTEMPTS = 5
export const RESEND_INTERVAL_MS = 30_000

export interface CodeRow {
  id: number
  purpose: 'login' | 'email_change'
  user_id: number
  email: string
  code_hash: string
  attempts: number
  expires_at: Date
  used_at: Date | null
}

/** Whether a code's link can no longer be used: used, or past its lifetime. Wrong 6-digit codes never close a link. */
function linkClosed(row: CodeRow, now: Date) {
  return row.used_at !== null || asDate(row.expires_at)!.getTime() <= now.getTime()
}

/** Whether a code's 6 digits can no longer be used: its link closed, or MAX_CODE_ATTEMPTS wrong tries. */
export function expired(row: CodeRow, now: Date) {
  return linkClosed(row, now) || row.attempts >= MAX_CODE_ATTEMPTS
}

/**
 * Checks a 6-digit code against the newest open code of its kind. A wrong code counts an attempt;
 * the fifth wrong attempt closes the code. Returns the code row, claimed (used) atomically.
 */
export async function consumeSixDigit(db: Queryable, row: CodeRow | undefined, code: string, now: Date): Promise<CodeRow> {
  if (!row || expired(row, now)) throw new ApiError(410, 'code_expired')
  if (!sameHash(sha256(code), row.code_hash)) {
    const [updated] = await db.query<{ attempts: number }>('UPDATE auth_codes SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts', [row.id])
    const left = Math.max(0, MAX_CODE_ATTEMPTS - (updated?.attempts ?? MAX_CODE_ATTEMPTS))
    throw new ApiError(422, 'code_wrong', { left }, { attempts_left: left })
  }
  return claim(db, row, now)
}

/**
 * Runs the check of a 6-digit code under the wrong-code limits of the account (when known) and of the
 * client address: the attempt is counted first, and taken back unless the code turned out wrong.
 */
export async function guardCode<T>(c: Ctx, userId: number | null, now: Date, check: () => Promise<T>): Promise<T> {
  const { db, env } = c.var.deps
  const attempt = await countCodeAttempt(db, env, { userId, client: requestClientKey(c) }, now)
  let wrong = false
  try {
    return await check()
  } catch (err) {
    wrong = err instanceof ApiError && err.key === 'code_wrong'
    throw err
  } finally {
    if (!wrong) await attempt.undo()
  }
}

/** Checks a sign-in code of an address under the limits: the account is the one its newest code opens. */
export async function consumeLoginCode(c: Ctx, email: string, code: string, now: Date): Promise<CodeRow> {
  const { db } = c.var.deps
  const owner = await latestCode(db, 'login', { email })
  // Read again once the attempt is counted: a guess sent at the same moment may have closed the code.
  return guardCode(c, owner?.user_id ?? null, now, async () => consumeSixDigit(db, await latestCode(db, 'login', { email }), code, now))
}

/** Uses a code up, and with it every other open code of its kind the account was sent: one sign-in ends them all. */
export async function claim(db: Queryable, row: CodeRow, now: Date): Promise<CodeRow> {
  const claimed = await db.query('UPDATE auth_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id', [row.id, now.toISOString()])
  if (claimed.length === 0) throw new ApiError(410, 'code_expired')
  await db.query('UPDATE auth_codes SET used_at = $3 WHERE purpose = $1 AND user_id = $2 AND used_at IS NULL', [row.purpose, row.user_id, now.toISOString()])
  return row
}

export async function latestCode(db: Queryable, purpose: 'login' | 'email_change', by: { email: string } | { userId: number }) {
  const rows = await db.query<CodeRow>(
    `SELECT id, purpose, user_id, email, code_hash, attempts, expires_at, used_at FROM auth_codes
     WHERE purpose = $1 AND ${'email' in by ? 'email = $2' : 'user_id = $2'} ORDER BY id DESC LIMIT 1`,
    [purpose, 'email' in by ? by.email : by.userId],
  )
  return rows[0]
}

/** The code a mail's link carries: 404 (`unknown`) when there is none of its kind, 410 once it is used, expired or closed. */
export async function codeByLink(db: Queryable, purpose: 'login' | 'email_change', link: string, unknown: MessageKey, now: Date): Promise<CodeRow> {
  const rows = await db.query<CodeRow>(
    'SELECT id, purpose, user_id, email, code_hash, attempts, expires_at, used_at FROM auth_codes WHERE link_hash = $1 AND purpose = $2',
    [sha256(link), purpose],
  )
  const row = rows[0]
  if (!row) throw new ApiError(404, unknown)
  if (linkClosed(row, now)) throw new ApiError(410, 'code_expired')
  return row
}

/**
 * Locks the user's row until the transaction ends. Requests that mail codes to the same account take
 * this lock first, so the resend check and the new code of one request are never interleaved with
 * another's (two requests at once would otherwise both pass the check and mail two open codes).
 */
export async function lockUser(db: Queryable, userId: number): Promise<void> {
  await db.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId])
}

/** Refuses a new code while the previous one of the same kind is younger than the resend interval. */
export async function checkResend(db: Queryable, purpose: 'login' | 'email_change', by: { email: string } | { userId: number }, now: Date) {
  const rows = await db.query<{ created_at: Date }>(
    `SELECT created_at FROM auth_codes WHERE purpose = $1 AND ${'email' in by ? 'email = $2' : 'user_id = $2'}
     ORDER BY id DESC LIMIT 1`,
    [purpose, 'email' in by ? by.email : by.userId],
  )
  const last = rows[0] ? asDate(rows[0].created_at)!.getTime() : null
  if (last !== null && now.getTime() - last < RESEND_INTERVAL_MS) {
    const seconds = Math.ceil((RESEND_INTERVAL_MS - (now.getTime() - last)) / 1000)
    throw new ApiError(429, 'too_many_requests', { seconds }, { retry_after: seconds }, { 'Retry-After': String(seconds) })
  }
}

/**
 * Stores a new code of a kind and returns its plain values. Only the newest code's 6 digits are
 * checked. The older sign-in links stay open for their lifetime (decision 118): a stranger who asks
 * for codes for someone's address only mails the owner more ways in. An e-mail change, asked by the
 * signed-in user, closes the older ones, which may name another address.
 */
export async function createCode(db: Queryable, purpose: 'login' | 'email_change', userId: number, email: string, now: Date) {
  if (purpose === 'email_change')
    await db.query(`UPDATE auth_codes SET used_at = $3 WHERE purpose = $1 AND user_id = $2 AND used_at IS NULL`, [purpose, userId, now.toISOString()])
  const code = sixDigitCode()
  const link = randomToken(32)
  await db.query(
    `INSERT INTO auth_codes (purpose, user_id, email, code_hash, link_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [purpose, userId, email, sha256(code), sha256(link), now.toISOString(), new Date(now.getTime() + CODE_TTL_MS).toISOString()],
  )
  return { code, link }
}
