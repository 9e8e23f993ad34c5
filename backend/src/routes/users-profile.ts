/**
 * The profile routes of /users: the signed-in user, the launcher password, changing the e-mail address
 * (a code and a link to the new one, a note to the old one) and unlinking the launcher's device.
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import { type CodeRow, checkResend, claim, codeByLink, consumeSixDigit, createCode, expired, guardCode, latestCode, lockUser } from '../auth-codes.ts'
import { hashPassword } from '../crypto.ts'
import { ApiError, type AppEnv, type Ctx, readJson, siteBase, validate } from '../http.ts'
import { formatDate, isLocale, type Locale, t } from '../i18n.ts'
import { requestBrand, sendMail, signed } from '../mail.ts'
import { Email, LongCode, Password, Redirect, SixDigits } from '../schemas.ts'
import { requireUser, userFromAuthorization } from '../sessions.ts'
import { asDate, DEVICE_RESET_INTERVAL_MS, freshUser, serializeUser, type UserRow } from '../users.ts'

const CredentialsBody = type({ password: Password, password_confirm: 'string <= 128' })
/** The page to come back to once the address is confirmed (the checkout, R2.17): the link carries it. */
const EmailBody = type({ email: Email, 'redirect?': Redirect })

export const profileRoutes = new Hono<AppEnv>()

profileRoutes.get('/me', requireUser, async (c) => c.json(serializeUser(c.var.user, c.var.locale, c.var.deps.now())))

profileRoutes.post('/credentials', requireUser, async (c) => {
  const { db } = c.var.deps
  const body = validate(CredentialsBody, await readJson(c))
  if (body.password !== body.password_confirm)
    throw new ApiError(422, 'password_mismatch', {}, { errors: { password_confirm: t(c.var.locale, 'password_mismatch') } })
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [c.var.user.id, await hashPassword(body.password)])
  return c.json({ message: t(c.var.locale, 'password_changed'), user: await freshUser(c, c.var.user.id) })
})

// Starts an e-mail change: a code and a link go to the new address.
profileRoutes.put('/email', requireUser, async (c) => {
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
  return c.json({ message: t(locale, 'email_change_sent', { email: body.email }), user: await freshUser(c, user.id) })
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
  return c.json({ message: t(c.var.locale, 'email_changed', { email }), user: await freshUser(c, row.user_id) })
}

// Confirms an e-mail change by the link code (no sign-in needed) or by the 6-digit code (signed in,
// under the wrong-code limits of the account and the client address).
profileRoutes.post('/email/:code', async (c) => {
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

profileRoutes.delete('/device/reset', requireUser, async (c) => {
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
  return c.json({ message: t(locale, 'device_reset'), user: await freshUser(c, user.id) })
})
