/**
 * The sign-in routes of /users: a code and a link by e-mail (the account is created on first use), the
 * launcher password, Steam's callback, refreshing a session and signing out.
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { CODE_TTL_MS, checkResend, claim, codeByLink, consumeLoginCode, createCode, lockUser, RESEND_INTERVAL_MS } from '../auth-codes.ts'
import { requestClientKey } from '../client-address.ts'
import { rememberSignInAddress } from '../code-limits.ts'
import { checkPasswordOrDummy, hashPassword, referralCode } from '../crypto.ts'
import type { Queryable } from '../db.ts'
import { ApiError, type AppEnv, type Ctx, readJson, siteBase, validate } from '../http.ts'
import { type Locale, t } from '../i18n.ts'
import { requestBrand, sendMail, signed } from '../mail.ts'
import { signUp } from '../referrals.ts'
import { Email, LongCode, Password, Redirect, ReferralCode, SixDigits } from '../schemas.ts'
import { bearerToken, endAllSessions, endSessionOfRefreshToken, endSessionOfToken, issueToken, refreshToken, requireUser } from '../sessions.ts'
import { steamSignIn } from '../steam.ts'
import { asDate, freshUser, loadUser } from '../users.ts'

/** Password sign-in: at most this many attempts per address in one window; a success resets the count. */
export const MAX_PASSWORD_ATTEMPTS = 5
export const PASSWORD_WINDOW_MS = 15 * 60_000

const AuthQuery = type({ email: Email, 'redirect?': Redirect, 'referrer_link_code?': ReferralCode })
const VerifyBody = type({ email: Email, code: SixDigits, 'referrer_link_code?': ReferralCode }).or({ email: Email, password: 'string <= 128' })
const ConfirmBody = type({ email: Email, code: SixDigits, password: Password, 'referrer_link_code?': ReferralCode })
/** R9.17: the invitation the proving browser brought, for an account's sign-up (an extension of R7's calls). */
const ProofQuery = type({ 'referrer_link_code?': ReferralCode, '+': 'ignore' })
const RefreshBody = type({ refresh_token: 'string <= 512' })
const LogoutBody = type({ 'refresh_token?': 'string <= 512' })

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

async function findOrCreateUser(db: Queryable, email: string, locale: Locale, now: Date): Promise<number> {
  const existing = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])
  if (existing[0]) return existing[0].id
  for (let attempt = 0; attempt < 5; attempt++) {
    const rows = await db.query<{ id: number }>(
      `INSERT INTO users (email, locale, referral_code, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING id`,
      [email, locale, referralCode(), now.toISOString()],
    )
    if (rows[0]) return rows[0].id
    const again = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email])
    if (again[0]) return again[0].id
  }
  throw new Error('Could not create a user')
}

/**
 * A sign-in that proved the e-mail: the account signs up at its first (R9.17, with the invitation the
 * proving browser brought), and its address becomes one of its owner's own (R10.4).
 */
async function signedIn(c: Ctx, db: Queryable, userId: number, now: Date, invitation: string | undefined) {
  await signUp(db, userId, invitation, now)
  await db.query('UPDATE users SET email_confirmed = true, locale = $2 WHERE id = $1', [userId, c.var.locale])
  await rememberSignInAddress(db, userId, requestClientKey(c), now)
  return issueToken(db, userId, now, c.var.deps.env)
}

export const signInRoutes = new Hono<AppEnv>()

// Sends a sign-in code and link; creates the account on first use. With an OpenID answer in the query
// (openid.mode), it is the login callback of "Sign in through Steam" instead.
signInRoutes.get('/auth', async (c) => {
  if (new URL(c.req.url).searchParams.has('openid.mode')) return c.json(await steamSignIn(c))
  const { db, now: clock } = c.var.deps
  const q = validate(AuthQuery, c.req.query())
  const base = siteBase(c)
  const now = clock()
  const locale = c.var.locale
  const brand = requestBrand(c)
  await db.transaction(async (tx) => {
    // R9.17: a code request fixes no referral (its `referrer_link_code` is taken and left): anyone may
    // ask for a code for an address. The invitation counts when the owner proves the address.
    const userId = await findOrCreateUser(tx, q.email, locale, now)
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
signInRoutes.get('/auth/:code', async (c) => {
  const { db, now: clock } = c.var.deps
  const raw = c.req.param('code')
  if (LongCode(raw) instanceof type.errors) throw new ApiError(404, 'link_invalid')
  const now = clock()
  const { referrer_link_code: invitation } = validate(ProofQuery, c.req.query())
  const row = await codeByLink(db, 'login', raw, 'link_invalid', now)
  const token = await db.transaction(async (tx) => {
    await claim(tx, row, now)
    return signedIn(c, tx, row.user_id, now, invitation)
  })
  return c.json(token)
})

// Sign-in by the 6-digit code (or by password once one is set).
signInRoutes.patch('/verify', async (c) => {
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
    await rememberSignInAddress(db, user.id, requestClientKey(c), now)
    return c.json(await issueToken(db, user.id, now, c.var.deps.env))
  }
  const row = await consumeLoginCode(c, body.email, body.code, now)
  return c.json(await db.transaction((tx) => signedIn(c, tx, row.user_id, now, body.referrer_link_code)))
})

// Confirms the e-mail with the code sent to it and sets a password; signs in.
signInRoutes.post('/confirm', async (c) => {
  const { db, now: clock } = c.var.deps
  const body = validate(ConfirmBody, await readJson(c))
  const now = clock()
  const passwordHash = await hashPassword(body.password)
  const row = await consumeLoginCode(c, body.email, body.code, now)
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [row.user_id, passwordHash])
  const token = await db.transaction((tx) => signedIn(c, tx, row.user_id, now, body.referrer_link_code))
  return c.json({ message: t(c.var.locale, 'email_confirmed'), user: await freshUser(c, row.user_id), ...token })
})

// Exchanges a refresh token (single use) for a new access token and refresh token.
signInRoutes.post('/refresh', async (c) => {
  const { db, env, now } = c.var.deps
  const body = validate(RefreshBody, await readJson(c))
  return c.json(await refreshToken(db, body.refresh_token, now(), env))
})

// Signs out: ends the session of the bearer token, or of the refresh token in the body (a client whose
// access token has expired), or both; 401 when neither names a live session.
signInRoutes.post('/logout', async (c) => {
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
signInRoutes.post('/logout/all', requireUser, async (c) => {
  const { db, now } = c.var.deps
  await endAllSessions(db, c.var.user.id, now())
  return c.json({ message: t(c.var.locale, 'signed_out_all') })
})
