/** The subscription routes of /users: turning auto-renewal off and on (each mailed), and the special offer the user may take. */
import { type } from 'arktype'
import { Hono } from 'hono'
import { formatMoney } from '../catalog.ts'
import type { Queryable } from '../db.ts'
import { ApiError, type AppEnv, type Ctx, siteBase, validate } from '../http.ts'
import { daysLabel, formatDate, t } from '../i18n.ts'
import { requestBrand, sendMail, signed } from '../mail.ts'
import { subscriptionOffer } from '../offers.ts'
import { requireUser } from '../sessions.ts'
import { asDate, freshUser, isSubscriptionActive } from '../users.ts'

export const subscriptionRoutes = new Hono<AppEnv>()

/** Sets auto-renewal; true when it changed (a second click changes nothing and mails nothing). */
async function setRenewal(db: Queryable, userId: number, on: boolean): Promise<boolean> {
  const rows = await db.query('UPDATE users SET sub_cancelled = $2 WHERE id = $1 AND sub_cancelled = $3 RETURNING id', [userId, !on, on])
  return rows.length > 0
}

/** The user's account page on the domain the visitor used: where renewal is turned off and on. */
const accountLink = (c: Ctx) => `${siteBase(c)}/${c.var.locale}/account`

subscriptionRoutes.get('/subscription/cancel', requireUser, async (c) => {
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
  return c.json({ message: t(locale, 'subscription_cancelled', { date }), user: await freshUser(c, user.id) })
})

subscriptionRoutes.get('/subscription/resume', requireUser, async (c) => {
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
  return c.json({ message: t(locale, 'subscription_resumed', { amount, date }), user: await freshUser(c, user.id) })
})

const SpecialQuery = type({ 'country_group_id?': /^[1-9]\d{0,8}$/ })

subscriptionRoutes.get('/subscription/special', requireUser, async (c) => {
  const { db, now } = c.var.deps
  const q = validate(SpecialQuery, c.req.query())
  const offer = await subscriptionOffer(db, c.var.user, c.var.locale, q.country_group_id ? Number(q.country_group_id) : null, now())
  return c.json({ offer })
})
