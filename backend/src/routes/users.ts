import { type } from 'arktype'
import { Hono } from 'hono'
import { formatMoney } from '../catalog.ts'
import { requestClientKey } from '../client-address.ts'
import { countCodeAttempt } from '../code-limits.ts'
import { checkPasswordOrDummy, hashPassword, randomToken, referralCode, sameHash, sha256, sixDigitCode } from '../crypto.ts'
import type { Queryable } from '../db.ts'
import { ApiError, type AppEnv, type Ctx, readJson, siteBase, validate } from '../http.ts'
import { daysLabel, formatDate, isLocale, type Locale, type MessageKey, t } from '../i18n.ts'
import { brandOf, type SiteBrand, sendMail, signed } from '../mail.ts'
import { subscriptionOffer } from '../offers.ts'
import { Email, LongCode, Password, Redirect, ReferralCode, SixDigits } from '../schemas.ts'
import {
  bearerToken,
  endAllSessions,
  endSessionOfRefreshToken,
  endSessionOfToken,
  issueToken,
  refreshToken,
  requireUser,
  userFromAuthorization,
} from '../sessions.ts'
import { steamSignIn } from '../steam.ts'
import { asDate, DEVICE_RESET_INTERVAL_MS, isSubscriptionActive, loadUser, serializeUser, type UserRow } from '../users.ts'

export const CODE_TTL_MS = 15 * 60_000
export const MAX_CODE_ATTEMPTS = 5
export const RESEND_INTERVAL_MS = 30_000
/** Password sign-in: at most this many attempts per address in one window; a success resets the count. */
export const MAX_PASSWORD_ATTEMPTS = 5
export const PASSWORD_WINDOW_MS = 15 * 60_000

interface CodeRow {
  id: number
  user_id: number
  email: string
  code_hash: string
  attempts: number
  expires_at: Date
  used_at: Date | null
}

const AuthQuery = type({ email: Email, 'redirect?': Redirect, 'referrer_link_code?': ReferralCode })
const VerifyBody = type({ email: Email, code: SixDigits }).or({ email: Email, password: 'string <= 128' })
const ConfirmBody = type({ email: Email, code: SixDigits, password: Password })
const CredentialsBody = type({ password: Password, password_confirm: 'string <= 128' })
/** The page to come back to once the address is confirmed (the checkout, R2.17): the link carries it. */
const EmailBody = type({ email: Email, 'redirect?': Redirect })
const RefreshBody = type({ refresh_token: 'string <= 512' })
const LogoutBody = type({ 'refresh_token?': 'string <= 512' })

function expired(row: CodeRow, now: Date) {
  return row.used_at !== null || asDate(row.expires_at)!.getTime() <= now.getTime() || row.attempts >= MAX_CODE_ATTEMPTS
}

/**
 * Checks a 6-digit code against the newest open code of its kind. A wrong code counts an attempt;
 * the fifth wrong attempt closes the code. Returns the code row, claimed (used) atomically.
 */
async function consumeSixDigit(db: Queryable, row: CodeRow | undefined, code: string, now: Date): Promise<CodeRow> {
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
async function guardCode<T>(c: Ctx, userId: number | null, now: Date, check: () => Promise<T>): Promise<T> {
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
async function consumeLoginCode(c: Ctx, email: string, code: string, now: Date): Promise<CodeRow> {
  const { db } = c.var.deps
  const owner = await latestCode(db, 'login', { email })
  // Read again once the attempt is counted: a guess sent at the same moment may have closed the code.
  return guardCode(c, owner?.user_id ?? null, now, async () => consumeSixDigit(db, await latestCode(db, 'login', { email }), code, now))
}

async function claim(db: Queryable, row: CodeRow, now: Date): Promise<CodeRow> {
  const claimed = await db.query('UPDATE auth_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id', [row.id, now.toISOString()])
  if (claimed.length === 0) throw new ApiError(410, 'code_expired')
  return row
}

async function latestCode(db: Queryable, purpose: 'login' | 'email_change', by: { email: string } | { userId: number }) {
  const rows = await db.query<CodeRow>(
    `SELECT id, user_id, email, code_hash, attempts, expires_at, used_at FROM auth_codes
     WHERE purpose = $1 AND ${'email' in by ? 'email = $2' : 'user_id = $2'} ORDER BY id DESC LIMIT 1`,
    [purpose, 'email' in by ? by.email : by.userId],
  )
  return rows[0]
}

/** The code a mail's link carries: 404 (`unknown`) when there is none of its kind, 410 once it is used, expired or closed. */
async function codeByLink(db: Queryable, purpose: 'login' | 'email_change', link: string, unknown: MessageKey, now: Date): Promise<CodeRow> {
  const rows = await db.query<CodeRow>(
    'SELECT id, user_id, email, code_hash, attempts, expires_at, used_at FROM auth_codes WHERE link_hash = $1 AND purpose = $2',
    [sha256(link), purpose],
  )
  const row = rows[0]
  if (!row) throw new ApiError(404, unknown)
  if (expired(row, now)) throw new ApiError(410, 'code_expired')
  return row
}

/**
 * Locks the user's row until the transaction ends. Requests that mail codes to the same account take
 * this lock first, so the resend check and the new code of one request are never interleaved with
 * another's (two requests at once would otherwise both pass the check and mail two open codes).
 */
async function lockUser(db: Queryable, userId: number): Promise<void> {
  await db.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId])
}

/**
 * Counts a password attempt for the address before the password is checked, so parallel guesses are
 * counted too. Over the limit it answers 429 without checking the password.
 */
async function countPasswordAttempt(db: Queryable, email: string, now: Date): Promise<void> {
  const windowEnd = new Date(now.getTime() - PASSWORD_WINDOW_MS).toISOString()
  const [row] = await db.query<{ attempts: number; window_start: Date }>(
    `INSERT INTO password_attempts (email, attempts, window_start) VALUES ($1, 1, $2)
     ON CONFLICT (email) DO UPDATE SET
       attempts = CASE WHEN password_attempts.window_start <= $3 THEN 1 ELSE password_attempts.attempts + 1 END,
       window_start = CASE WHEN password_attempts.window_start <= $3 THEN EXCLUDED.window_start ELSE password_attempts.window_start END
     RETURNING attempts, window_start`,
    [email, now.toISOString(), windowEnd],
  )
  if (row!.attempts <= MAX_PASSWORD_ATTEMPTS) return
  const seconds = Math.max(1, Math.ceil((asDate(row!.window_start)!.getTime() + PASSWORD_WINDOW_MS - now.getTime()) / 1000))
  throw new ApiError(429, 'password_attempts', { minutes: Math.ceil(seconds / 60) }, { retry_after: seconds }, { 'Retry-After': String(seconds) })
}

/** Refuses a new code while the previous one of the same kind is younger than the resend interval. */
async function checkResend(db: Queryable, purpose: 'login' | 'email_change', by: { email: string } | { userId: number }, now: Date) {
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

/** Stores a new code of a kind (closing the older open ones) and returns its plain values. */
async function createCode(db: Queryable, purpose: 'login' | 'email_change', userId: number, email: string, now: Date) {
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

async function findOrCreateUser(db: Queryable, email: string, locale: Locale, referrer: string | null, now: Date): Promise<number> {
  const existing = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])
  if (existing[0]) return existing[0].id
  for (let attempt = 0; attempt < 5; attempt++) {
    const rows = await db.query<{ id: number }>(
      `INSERT INTO users (email, locale, referral_code, referrer_code, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING id`,
      [email, locale, referralCode(), referrer, now.toISOString()],
    )
    if (rows[0]) return rows[0].id
    const again = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])
    if (again[0]) return again[0].id
  }
  throw new Error('Could not create a user')
}

async function knownReferrer(db: Queryable, code: string | undefined): Promise<string | null> {
  if (!code) return null
  const rows = await db.query<{ referral_code: string }>('SELECT referral_code FROM users WHERE referral_code = $1', [code.toUpperCase()])
  return rows[0]?.referral_code ?? null
}

/** The brand of the domain the visitor used (R1.7), named in the e-mail's language. */
function requestBrand(c: Ctx, locale: Locale = c.var.locale): SiteBrand {
  return brandOf(c.var.deps.env, siteBase(c), locale)
}

async function fresh(c: Ctx, userId: number) {
  const { db, now } = c.var.deps
  const user = await loadUser(db, { id: userId }, now())
  if (!user) throw new ApiError(404, 'not_found')
  return serializeUser(user, c.var.locale, now())
}

async function signedIn(c: Ctx, db: Queryable, userId: number, now: Date) {
  await db.query('UPDATE users SET email_confirmed = true, locale = $2 WHERE id = $1', [userId, c.var.locale])
  return issueToken(db, userId, now, c.var.deps.env)
}

export const usersRoutes = new Hono<AppEnv>()

// Sends a sign-in code and link; creates the account on first use. With an OpenID answer in the query
// (openid.mode), it is the login callback of "Sign in through Steam" instead.
usersRoutes.get('/auth', async (c) => {
  if (new URL(c.req.url).searchParams.has('openid.mode')) return c.json(await steamSignIn(c))
  const { db, now: clock } = c.var.deps
  const q = validate(AuthQuery, c.req.query())
  const base = siteBase(c)
  const now = clock()
  const locale = c.var.locale
  const brand = requestBrand(c)
  await db.transaction(async (tx) => {
    const userId = await findOrCreateUser(tx, q.email, locale, await knownReferrer(tx, q.referrer_link_code), now)
    await lockUser(tx, userId)
    await checkResend(tx, 'login', { email: q.email }, now)
    const { code, link } = await createCode(tx, 'login', userId, q.email, now)
    const url = `${base}/${locale}/login/${link}${q.redirect ? `?redirect=${encodeURIComponent(q.redirect)}` : ''}`
    await sendMail(
      tx,
      {
        to: q.email,
        subject: t(locale, 'mail_login_subject', { code }),
        text: signed(locale, brand, t(locale, 'mail_login_text', { code, link: url, brand: brand.name })),
        code,
        link: url,
      },
      now,
    )
  })
  return c.json({
    message: t(locale, 'code_sent', { email: q.email }),
    email: q.email,
    expires_in: CODE_TTL_MS / 1000,
    resend_in: RESEND_INTERVAL_MS / 1000,
  })
})

// Sign-in by the link from the e-mail.
usersRoutes.get('/auth/:code', async (c) => {
  const { db, now: clock } = c.var.deps
  const raw = c.req.param('code')
  if (LongCode(raw) instanceof type.errors) throw new ApiError(404, 'link_invalid')
  const now = clock()
  const row = await codeByLink(db, 'login', raw, 'link_invalid', now)
  const token = await db.transaction(async (tx) => {
    await claim(tx, row, now)
    return signedIn(c, tx, row.user_id, now)
  })
  return c.json(token)
})

// Sign-in by the 6-digit code (or by password once one is set).
usersRoutes.patch('/verify', async (c) => {
  const { db, now: clock } = c.var.deps
  const body = validate(VerifyBody, await readJson(c))
  const now = clock()
  if ('password' in body) {
    // Counted per address whether or not an account has it, so the limit tells nothing about accounts.
    await countPasswordAttempt(db, body.email, now)
    const user = await loadUser(db, { email: body.email }, now)
    // One scrypt whether or not the address has an account with a password (a dummy hash otherwise).
    const matches = await checkPasswordOrDummy(body.password, user?.password_hash ?? null)
    if (!user || !matches) throw new ApiError(422, 'wrong_password')
    await db.query('DELETE FROM password_attempts WHERE email = $1', [body.email])
    return c.json(await issueToken(db, user.id, now, c.var.deps.env))
  }
  const row = await consumeLoginCode(c, body.email, body.code, now)
  return c.json(await signedIn(c, db, row.user_id, now))
})

// Confirms the e-mail with the code sent to it and sets a password; signs in.
usersRoutes.post('/confirm', async (c) => {
  const { db, now: clock } = c.var.deps
  const body = validate(ConfirmBody, await readJson(c))
  const now = clock()
  const passwordHash = await hashPassword(body.password)
  const row = await consumeLoginCode(c, body.email, body.code, now)
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [row.user_id, passwordHash])
  const token = await signedIn(c, db, row.user_id, now)
  return c.json({ message: t(c.var.locale, 'email_confirmed'), user: await fresh(c, row.user_id), ...token })
})

// Exchanges a refresh token (single use) for a new access token and refresh token.
usersRoutes.post('/refresh', async (c) => {
  const { db, env, now } = c.var.deps
  const body = validate(RefreshBody, await readJson(c))
  return c.json(await refreshToken(db, body.refresh_token, now(), env))
})

// Signs out: ends the session of the bearer token, or of the refresh token in the body (a client whose
// access token has expired), or both; 401 when neither names a live session.
usersRoutes.post('/logout', async (c) => {
  const { db, now: clock } = c.var.deps
  const now = clock()
  const body = (await c.req.text()).trim() === '' ? {} : validate(LogoutBody, await readJson(c))
  const token = bearerToken(c.req.header('authorization'))
  const byToken = token !== null && (await endSessionOfToken(db, token, now))
  const byRefresh = body.refresh_token !== undefined && (await endSessionOfRefreshToken(db, body.refresh_token, now))
  if (!byToken && !byRefresh) throw new ApiError(401, 'unauthorized', {}, {}, { 'WWW-Authenticate': 'Bearer' })
  return c.json({ message: t(c.var.locale, 'signed_out') })
})

// Signs out everywhere: every session of the bearer token's user, on every device.
usersRoutes.post('/logout/all', requireUser, async (c) => {
  const { db, now } = c.var.deps
  await endAllSessions(db, c.var.user.id, now())
  return c.json({ message: t(c.var.locale, 'signed_out_all') })
})

usersRoutes.get('/me', requireUser, async (c) => c.json(serializeUser(c.var.user, c.var.locale, c.var.deps.now())))

usersRoutes.post('/credentials', requireUser, async (c) => {
  const { db } = c.var.deps
  const body = validate(CredentialsBody, await readJson(c))
  if (body.password !== body.password_confirm)
    throw new ApiError(422, 'password_mismatch', {}, { errors: { password_confirm: t(c.var.locale, 'password_mismatch') } })
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [c.var.user.id, await hashPassword(body.password)])
  return c.json({ message: t(c.var.locale, 'password_changed'), user: await fresh(c, c.var.user.id) })
})

// Starts an e-mail change: a code and a link go to the new address.
usersRoutes.put('/email', requireUser, async (c) => {
  const { db, now: clock } = c.var.deps
  const body = validate(EmailBody, await readJson(c))
  const base = siteBase(c)
  const brand = requestBrand(c)
  const user = c.var.user
  const locale = c.var.locale
  const now = clock()
  if (body.email === user.email) throw new ApiError(422, 'email_same')
  await db.transaction(async (tx) => {
    await lockUser(tx, user.id)
    const taken = await tx.query('SELECT 1 FROM users WHERE email = $1', [body.email])
    if (taken.length > 0) throw new ApiError(409, 'email_taken')
    await checkResend(tx, 'email_change', { userId: user.id }, now)
    const { code, link } = await createCode(tx, 'email_change', user.id, body.email, now)
    const url = `${base}/${locale}/confirm-email/${link}${body.redirect ? `?redirect=${encodeURIComponent(body.redirect)}` : ''}`
    await sendMail(
      tx,
      {
        to: body.email,
        subject: t(locale, 'mail_email_subject'),
        text: signed(locale, brand, t(locale, 'mail_email_text', { code, link: url, brand: brand.name })),
        code,
        link: url,
      },
      now,
    )
  })
  return c.json({ message: t(locale, 'email_change_sent', { email: body.email }), user: await fresh(c, user.id) })
})

/** Switches the account to the address of an e-mail change code (link or 6-digit), and tells the old address. */
async function changeEmail(c: Ctx, row: CodeRow, raw: string, now: Date) {
  const { db } = c.var.deps
  const email = row.email
  try {
    await db.transaction(async (tx) => {
      const taken = await tx.query('SELECT 1 FROM users WHERE email = $1 AND id <> $2', [email, row.user_id])
      if (taken.length > 0) throw new ApiError(409, 'email_taken')
      if (raw.length === 6) await consumeSixDigit(tx, row, raw, now)
      else await claim(tx, row, now)
      const [old] = await tx.query<{ email: string | null; locale: string }>('SELECT email, locale FROM users WHERE id = $1 FOR UPDATE', [row.user_id])
      await tx.query('UPDATE users SET email = $2, email_confirmed = true WHERE id = $1', [row.user_id, email])
      // The old address learns of the change, in the account's language, with whom to tell if it was not them.
      if (old?.email && old.email !== email) {
        const lang: Locale = isLocale(old.locale) ? old.locale : c.var.locale
        const brand = requestBrand(c, lang)
        const vars = { old: old.email, new: email, date: formatDate(lang, now), brand: brand.name, support: brand.supportEmail }
        await sendMail(
          tx,
          {
            to: old.email,
            subject: t(lang, 'mail_email_changed_subject'),
            text: signed(lang, brand, t(lang, 'mail_email_changed_text', vars)),
            code: null,
            link: null,
          },
          now,
        )
      }
    })
  } catch (err) {
    // A wrong 6-digit code must still count: the attempt is recorded outside the rolled-back transaction.
    if (err instanceof ApiError && err.key === 'code_wrong') await db.query('UPDATE auth_codes SET attempts = attempts + 1 WHERE id = $1', [row.id])
    throw err
  }
  return c.json({ message: t(c.var.locale, 'email_changed', { email }), user: await fresh(c, row.user_id) })
}

// Confirms an e-mail change by the link code (no sign-in needed) or by the 6-digit code (signed in,
// under the wrong-code limits of the account and the client address).
usersRoutes.post('/email/:code', async (c) => {
  const { db, now: clock } = c.var.deps
  const raw = c.req.param('code')
  const now = clock()
  if (!(LongCode(raw) instanceof type.errors)) return changeEmail(c, await codeByLink(db, 'email_change', raw, 'confirm_code_invalid', now), raw, now)
  if (SixDigits(raw) instanceof type.errors) throw new ApiError(404, 'confirm_code_invalid')
  const user = await userFromAuthorization(db, c.req.header('authorization'), now)
  if (!user) throw new ApiError(401, 'unauthorized', {}, {}, { 'WWW-Authenticate': 'Bearer' })
  return guardCode(c, user.id, now, async () => {
    const found = await latestCode(db, 'email_change', { userId: user.id })
    if (!found || expired(found, now)) throw new ApiError(410, 'code_expired')
    return changeEmail(c, found, raw, now)
  })
})

/** Sets auto-renewal; true when it changed (a second click changes nothing and mails nothing). */
async function setRenewal(db: Queryable, userId: number, on: boolean): Promise<boolean> {
  const rows = await db.query('UPDATE users SET sub_cancelled = $2 WHERE id = $1 AND sub_cancelled = $3 RETURNING id', [userId, !on, on])
  return rows.length > 0
}

/** The user's account page on the domain the visitor used: where renewal is turned off and on. */
const accountLink = (c: Ctx) => `${siteBase(c)}/${c.var.locale}/account`

usersRoutes.get('/subscription/cancel', requireUser, async (c) => {
  const { db, now: clock } = c.var.deps
  const user = c.var.user
  const locale = c.var.locale
  const now = clock()
  if (!isSubscriptionActive(user, now)) throw new ApiError(409, 'subscription_none')
  const date = formatDate(locale, asDate(user.sub_expires_at)!)
  const brand = requestBrand(c)
  await db.transaction(async (tx) => {
    if (!(await setRenewal(tx, user.id, false)) || user.email === null) return
    const text = t(locale, 'mail_renewal_off_text', { brand: brand.name, date, link: accountLink(c) })
    await sendMail(tx, { to: user.email, subject: t(locale, 'mail_renewal_off_subject'), text: signed(locale, brand, text), code: null, link: null }, now)
  })
  return c.json({ message: t(locale, 'subscription_cancelled', { date }), user: await fresh(c, user.id) })
})

usersRoutes.get('/subscription/resume', requireUser, async (c) => {
  const { db, now: clock } = c.var.deps
  const user = c.var.user
  const locale = c.var.locale
  const now = clock()
  if (!isSubscriptionActive(user, now)) throw new ApiError(409, 'subscription_none')
  const date = formatDate(locale, asDate(user.sub_expires_at)!)
  // R9.15: the next charge in the subscription's currency, for the plan it renews into (never the trial).
  const amount = user.renew_price_minor === null || user.sub_currency === null ? '—' : formatMoney(locale, user.renew_price_minor, user.sub_currency)
  const brand = requestBrand(c)
  await db.transaction(async (tx) => {
    if (!(await setRenewal(tx, user.id, true)) || user.email === null) return
    const plan = user.renew_days === null ? '—' : daysLabel(locale, user.renew_days)
    const text = t(locale, 'mail_renewal_on_text', { brand: brand.name, amount, date, plan, link: accountLink(c) })
    await sendMail(tx, { to: user.email, subject: t(locale, 'mail_renewal_on_subject'), text: signed(locale, brand, text), code: null, link: null }, now)
  })
  return c.json({ message: t(locale, 'subscription_resumed', { amount, date }), user: await fresh(c, user.id) })
})

const SpecialQuery = type({ 'country_group_id?': /^[1-9]\d{0,8}$/ })

usersRoutes.get('/subscription/special', requireUser, async (c) => {
  const { db, now } = c.var.deps
  const q = validate(SpecialQuery, c.req.query())
  const offer = await subscriptionOffer(db, c.var.user, c.var.locale, q.country_group_id ? Number(q.country_group_id) : null, now())
  return c.json({ offer })
})

usersRoutes.delete('/device/reset', requireUser, async (c) => {
  const { db, now: clock } = c.var.deps
  const user: UserRow = c.var.user
  const now = clock()
  if (user.device_id === null) throw new ApiError(409, 'device_not_bound')
  const last = asDate(user.device_last_reset_at)
  if (last && now.getTime() - last.getTime() < DEVICE_RESET_INTERVAL_MS) {
    const next = new Date(last.getTime() + DEVICE_RESET_INTERVAL_MS)
    const seconds = Math.ceil((next.getTime() - now.getTime()) / 1000)
    throw new ApiError(
      429,
      'device_reset_limit',
      { date: formatDate(c.var.locale, next) },
      { retry_after: seconds, next_reset_at: next.toISOString() },
      { 'Retry-After': String(seconds) },
    )
  }
  const locale = c.var.locale
  const brand = requestBrand(c)
  await db.transaction(async (tx) => {
    await tx.query('UPDATE users SET device_id = NULL, device_bound_at = NULL, device_last_reset_at = $2 WHERE id = $1', [user.id, now.toISOString()])
    if (user.email === null) return
    // Told to the account's address, so that a reset by someone else does not go unnoticed.
    const text = t(locale, 'mail_device_reset_text', {
      brand: brand.name,
      date: formatDate(locale, now),
      next: formatDate(locale, new Date(now.getTime() + DEVICE_RESET_INTERVAL_MS)),
      support: brand.supportEmail,
    })
    await sendMail(tx, { to: user.email, subject: t(locale, 'mail_device_reset_subject'), text: signed(locale, brand, text), code: null, link: null }, now)
  })
  return c.json({ message: t(locale, 'device_reset'), user: await fresh(c, user.id) })
})
