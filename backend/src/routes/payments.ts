import { type } from 'arktype'
import { Hono } from 'hono'
import { countryGroups, groupForLocale, MAX_SOLD_PRICE_MINOR, type PlanPrice, planName, plansInGroup, toMajor } from '../catalog.ts'
import { randomToken, sha256 } from '../crypto.ts'
import { ApiError, type AppEnv, type Ctx, readJson, siteBase, validate } from '../http.ts'
import { t } from '../i18n.ts'
import { brandOf } from '../mail.ts'
import { OFFER_PLAN_ID, offerPriceMinor, offerTaken, subscriptionOffer } from '../offers.ts'
import { HISTORY_SELECT, type HistoryRow, historyEntry, REFUND_STATE } from '../payment-history.ts'
import type { Provider } from '../payments.ts'
import { Id, Service } from '../schemas.ts'
import { requireUser } from '../sessions.ts'
import { isSubscriptionActive, subscriptionGroup } from '../users.ts'

/** The Russian receipt's taxation system (54-FZ code 0: general). */
export const TAX_SYSTEM_ID = 0
/** payselection charges in roubles only (R9). */
const PAYSELECTION_GROUP_ID = 1

const PaymentBody = type({ subscription_id: Id, service: Service, 'special?': 'boolean', 'country_group_id?': Id })

/** A payment as POST /payments (a plan) and POST /payments/card (a card check) open it. */
interface NewPayment {
  plan: Pick<PlanPrice, 'id' | 'currency' | 'country_group_id'>
  service: Provider
  amountMinor: number
  specialOffer: boolean
  purpose: 'subscription' | 'card_check'
}

/**
 * Stores a new pending payment of the signed-in user, to be paid from the given e-mail, in the plan's
 * currency and country group; answers its id and, in development mode, its widget token.
 */
async function insertPayment(c: Ctx, email: string, now: Date, p: NewPayment): Promise<{ id: number; widgetToken: string | null }> {
  const { db, env } = c.var.deps
  const locale = c.var.locale
  // Development mode: the sandbox provider takes a charge for this payment only with this token, which
  // the site hands to the widget (only its sha-256 is kept). The real providers need none.
  const widgetToken = env.mode === 'development' ? randomToken() : null
  // The receipt is mailed when the provider's notification comes, with no visitor's request: the
  // payment keeps the domain the visitor used and its brand (R1.7), as links in e-mails take them.
  const site = siteBase(c)
  const brand = brandOf(env, site, locale)
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO payments (user_id, subscription_id, service, amount_minor, currency, special_offer, payer_email, created_at,
       locale, country_group_id, widget_token_hash, site_origin, site_name, site_support_email, purpose)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [
      c.var.user.id,
      p.plan.id,
      p.service,
      p.amountMinor,
      p.plan.currency,
      p.specialOffer,
      email,
      now.toISOString(),
      locale,
      p.plan.country_group_id,
      widgetToken === null ? null : sha256(widgetToken),
      site,
      brand.name,
      brand.supportEmail,
      p.purpose,
    ],
  )
  c.var.deps.metrics.payment('pending')
  return { id: row!.id, widgetToken }
}

export const paymentRoutes = new Hono<AppEnv>()

paymentRoutes.post('/', requireUser, async (c) => {
  const { db, now: clock } = c.var.deps
  const body = validate(PaymentBody, await readJson(c))
  const user = c.var.user
  const locale = c.var.locale
  const now = clock()
  // Receipts go to the payer's e-mail: a user who signed up with Steam adds one first.
  if (user.email === null) throw new ApiError(422, 'email_required')
  let groupId: number
  const subscribed = subscriptionGroup(user)
  if (body.service === 'payselection') groupId = PAYSELECTION_GROUP_ID
  else if (subscribed !== null) {
    // R9.15: a subscriber pays in the currency of the subscription, whatever the page's language.
    if (body.country_group_id !== undefined && body.country_group_id !== subscribed) throw new ApiError(409, 'currency_mismatch')
    groupId = subscribed
  } else if (body.country_group_id !== undefined) {
    groupId = body.country_group_id
    if (!(await countryGroups(db)).some((g) => g.id === groupId))
      throw new ApiError(422, 'invalid_input', {}, { errors: { country_group_id: 'unknown country group' } })
  } else groupId = (await groupForLocale(db, locale)).id
  const [plan] = await plansInGroup(db, groupId, body.subscription_id)
  if (!plan || plan.actual_minor >= MAX_SOLD_PRICE_MINOR) throw new ApiError(422, 'plan_unavailable')
  if (plan.is_trial && user.trial_used) throw new ApiError(422, 'trial_used')
  let amountMinor = plan.actual_minor
  if (body.special) {
    if (await offerTaken(db, user.id)) throw new ApiError(409, 'offer_used')
    const offer = await subscriptionOffer(db, user, locale, groupId, now)
    if (!offer || body.subscription_id !== OFFER_PLAN_ID) throw new ApiError(422, 'plan_unavailable')
    amountMinor = offerPriceMinor(plan.actual_minor)
  }
  const { id, widgetToken } = await insertPayment(c, user.email, now, {
    plan,
    service: body.service,
    amountMinor,
    specialOffer: body.special === true,
    purpose: 'subscription',
  })
  return c.json(
    {
      amount: toMajor(amountMinor),
      currency: plan.currency,
      payment_id: id,
      user_id: user.id,
      email: user.email,
      tax_system_id: plan.currency === 'RUB' ? TAX_SYSTEM_ID : null,
      description: t(locale, 'payment_description', { name: planName(plan, locale), days: plan.days }),
      subscription_id: plan.id,
      service: body.service,
      status: 'pending' as const,
      ...(widgetToken === null ? {} : { widget_token: widgetToken }),
    },
    201,
  )
})

const CardBody = type({ service: Service })

/**
 * R9.22, an extension of R7: the card renewals are charged to (the provider's token stays here), or
 * null before any payment gave one.
 */
paymentRoutes.get('/card', requireUser, async (c) => {
  const [row] = await c.var.deps.db.query<{ service: string; brand: string | null; last4: string; updated_at: Date | string }>(
    'SELECT service, brand, last4, updated_at FROM renewal_cards WHERE user_id = $1',
    [c.var.user.id],
  )
  return c.json({ card: row ? { brand: row.brand, last4: row.last4, service: row.service, updated_at: new Date(row.updated_at).toISOString() } : null })
})

/** R9.22: what a card check costs, held and released at once: 1 in the subscription's currency. */
export const CARD_CHECK_MINOR = 100

/**
 * R9.22, an extension of R7: a card check that makes a new card the renewal card: a payment of 1 in
 * the subscription's currency that the widget takes as an authorisation (scheme `auth`), voided
 * when its notification comes. Only an active subscription that renews has a card to replace.
 */
paymentRoutes.post('/card', requireUser, async (c) => {
  const { db, now: clock } = c.var.deps
  const body = validate(CardBody, await readJson(c))
  const user = c.var.user
  const locale = c.var.locale
  const now = clock()
  if (user.email === null) throw new ApiError(422, 'email_required')
  const group = subscriptionGroup(user)
  if (group === null || !isSubscriptionActive(user, now) || user.sub_cancelled || user.renew_plan_id === null) throw new ApiError(409, 'no_subscription')
  const groupId = body.service === 'payselection' ? PAYSELECTION_GROUP_ID : group
  const [plan] = await plansInGroup(db, groupId, user.renew_plan_id)
  if (!plan) throw new ApiError(409, 'no_subscription')
  const { id, widgetToken } = await insertPayment(c, user.email, now, {
    plan,
    service: body.service,
    amountMinor: CARD_CHECK_MINOR,
    specialOffer: false,
    purpose: 'card_check',
  })
  return c.json(
    {
      amount: toMajor(CARD_CHECK_MINOR),
      currency: plan.currency,
      payment_id: id,
      user_id: user.id,
      email: user.email,
      tax_system_id: null,
      description: t(locale, 'card_check_description'),
      subscription_id: plan.id,
      service: body.service,
      status: 'pending' as const,
      purpose: 'card_check' as const,
      scheme: 'auth' as const,
      ...(widgetToken === null ? {} : { widget_token: widgetToken }),
    },
    201,
  )
})

const PaymentParam = type({ id: /^\d{1,9}$/ })

/**
 * The state of one of the user's own payments: `pending` until the provider's signed
 * notification has reached the backend, then `paid` or `failed`. The site waits for it after the
 * widget's success, which comes before the notification.
 */
paymentRoutes.get('/:id', requireUser, async (c) => {
  const { db } = c.var.deps
  const { id } = validate(PaymentParam, { id: c.req.param('id') })
  const [row] = await db.query<{ id: number; status: string; failure: string | null; refund: 'pending' | 'done' | null }>(
    `SELECT p.id, p.status, p.failure, ${REFUND_STATE} AS refund FROM payments p WHERE p.id = $1 AND p.user_id = $2`,
    [Number(id), c.var.user.id],
  )
  // Another user's payment is as unknown as a missing one.
  if (!row) throw new ApiError(404, 'payment_not_found')
  // Extensions of R7's answer: `failure` (why a failed payment failed: declined, scheme_mismatch,
  // trial_used, offer_used, offer_expired, plan_unavailable) and `refund` (money taken for it on its
  // way back, `pending`, or back, `done`; decision 117).
  return c.json({ payment_id: row.id, status: row.status, failure: row.failure, refund: row.refund })
})

/** How many payments the history answers: the newest. */
export const PAYMENT_HISTORY_LIMIT = 100

/**
 * Issue 37, an extension of R7: the user's payments, newest first, that reached the provider (paid,
 * held or failed; a payment whose form was opened and never paid is not one).
 */
paymentRoutes.get('/', requireUser, async (c) => {
  const rows = await c.var.deps.db.query<HistoryRow>(
    `${HISTORY_SELECT} WHERE p.user_id = $1 AND p.purpose = 'subscription' AND p.status <> 'pending' ORDER BY p.id DESC LIMIT ${PAYMENT_HISTORY_LIMIT}`,
    [c.var.user.id],
  )
  return c.json({ payments: rows.map((row) => historyEntry(row, c.var.locale)) })
})

/** Issue 37, an extension of R7: the receipt of one of the user's paid or held payments. */
paymentRoutes.get('/:id/receipt', requireUser, async (c) => {
  const { id } = validate(PaymentParam, { id: c.req.param('id') })
  const [row] = await c.var.deps.db.query<HistoryRow>(
    `${HISTORY_SELECT} WHERE p.id = $1 AND p.user_id = $2 AND p.purpose = 'subscription' AND p.status = 'paid'`,
    [Number(id), c.var.user.id],
  )
  // Another user's payment, or one never paid, has no receipt to show.
  if (!row) throw new ApiError(404, 'payment_not_found')
  // R1.8: a receipt is the receipt of its purchase: the brand of the domain it was bought on, named
  // in the language it is read in, wherever it is read (null for a payment made before it was kept).
  const brand = row.site_origin === null ? null : brandOf(c.var.deps.env, row.site_origin, c.var.locale)
  const site = brand === null ? null : { name: brand.name, support_email: brand.supportEmail }
  return c.json({ ...historyEntry(row, c.var.locale), transaction_id: row.transaction_id, email: row.payer_email, site })
})
