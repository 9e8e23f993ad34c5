import { type } from 'arktype'
import { Hono } from 'hono'
import { countryGroups, groupForLocale, planName, plansInGroup, toMajor } from '../catalog.ts'
import { ApiError, type AppEnv, readJson, validate } from '../http.ts'
import { LAUNCHER_FILENAME, launcherFile } from '../launcher.ts'
import { CleanText, ReferralCode } from '../schemas.ts'
import { userFromAuthorization, userFromToken } from '../sessions.ts'

export const publicRoutes = new Hono<AppEnv>()

const Text = (max: number) => CleanText.pipe((s) => s.trim(), type(`0 < string <= ${max}`))
const Utm = type({
  source: Text(256),
  medium: Text(256),
  campaign: Text(256),
  'term?': CleanText.and('string <= 256').or('null'),
  'content?': CleanText.and('string <= 256').or('null'),
})
const AnalyticsBody = type({
  domain: type(/^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/),
  token: type('string <= 512').or('null'),
  client_id: type(/^[A-Za-z0-9._-]{1,128}$/),
  utm: Utm.or('null'),
})

publicRoutes.post('/analytics/collect', async (c) => {
  const { db, now: clock } = c.var.deps
  const body = validate(AnalyticsBody, await readJson(c))
  const now = clock()
  // The token identifies the user; it is never stored. An unknown or expired token just means anonymous.
  const token = body.token?.replace(/^Bearer\s+/i, '') ?? null
  const user = token ? await userFromToken(db, token, now) : null
  await db.query('INSERT INTO analytics_events (locale, domain, user_id, client_id, utm, created_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6)', [
    c.var.locale,
    body.domain.toLowerCase(),
    user?.id ?? null,
    body.client_id,
    body.utm ? JSON.stringify(body.utm) : null,
    now.toISOString(),
  ])
  return c.json({ ok: true as const }, 202)
})

const SubscriptionsQuery = type({ 'country_group_id?': /^[1-9]\d{0,8}$/ })

publicRoutes.get('/subscriptions', async (c) => {
  const { db } = c.var.deps
  const q = validate(SubscriptionsQuery, c.req.query())
  const groups = await countryGroups(db)
  const groupId = q.country_group_id ? Number(q.country_group_id) : (await groupForLocale(db, c.var.locale)).id
  if (!groups.some((g) => g.id === groupId)) throw new ApiError(422, 'invalid_input', {}, { errors: { country_group_id: 'unknown country group' } })
  const plans = await plansInGroup(db, groupId)
  return c.json({
    subscriptions: plans.map((p) => ({
      id: p.id,
      name: planName(p, c.var.locale),
      days: p.days,
      trial: p.is_trial,
      renews_into: { subscription_id: p.renews_into, days: p.renews_into_days },
      prices: {
        using: {
          actual: toMajor(p.actual_minor),
          old: p.old_minor === null ? null : toMajor(p.old_minor),
          currency: p.currency,
          country_group_id: p.country_group_id,
        },
      },
    })),
    currencies: groups.map((g) => ({ country_group_id: g.id, code: g.currency, symbol: g.symbol })),
    country_group_id: groupId,
  })
})

publicRoutes.get('/referrer/link/:code', async (c) => {
  const { db, now: clock } = c.var.deps
  const raw = c.req.param('code')
  if (ReferralCode(raw) instanceof type.errors) throw new ApiError(404, 'referrer_unknown')
  const code = raw.toUpperCase()
  const now = clock()
  const owner = await db.query<{ id: number }>('SELECT id FROM users WHERE referral_code = $1', [code])
  if (!owner[0]) throw new ApiError(404, 'referrer_unknown')
  // R9.17, decision 120: a referral is made at sign-up only, from the code the browser keeps: this
  // registers the visit and says the code is valid; it applies nothing, to a signed-in visitor neither.
  const visitor = await userFromAuthorization(db, c.req.header('authorization'), now)
  await db.query('INSERT INTO referral_visits (code, user_id, created_at) VALUES ($1, $2, $3)', [code, visitor?.id ?? null, now.toISOString()])
  return c.json({ code, valid: true as const, applied: false })
})

const DownloadQuery = type({ 'referrer_link_code?': ReferralCode })

publicRoutes.get('/launcher/download', async (c) => {
  const { db, now } = c.var.deps
  const q = validate(DownloadQuery, c.req.query())
  const code = q.referrer_link_code ? q.referrer_link_code.toUpperCase() : null
  const known = code ? (await db.query('SELECT 1 FROM users WHERE referral_code = $1', [code])).length > 0 : false
  await db.query('INSERT INTO launcher_downloads (locale, referrer_code, referrer_known, user_agent, created_at) VALUES ($1, $2, $3, $4, $5)', [
    c.var.locale,
    code,
    known,
    (c.req.header('user-agent') ?? '').slice(0, 512) || null,
    now().toISOString(),
  ])
  const file = launcherFile()
  return c.body(new Uint8Array(file), 200, {
    'Content-Type': 'application/vnd.microsoft.portable-executable',
    'Content-Disposition': `attachment; filename="${LAUNCHER_FILENAME}"`,
    'Content-Length': String(file.length),
    'Cache-Control': 'no-store',
  })
})
