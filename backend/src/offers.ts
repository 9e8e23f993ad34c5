import { countryGroups, groupForLocale, plansInGroup, toMajor } from './catalog.ts'
import type { Queryable } from './db.ts'
import { ApiError } from './http.ts'
import type { Locale } from './i18n.ts'
import { asDate, DAY_MS, subscriptionGroup, type UserRow } from './users.ts'

/** The special offer (R9.16): a month at 20% off for subscribers, and for 14 days after a subscription ended; once per account. */
export const OFFER_PLAN_ID = 3
export const OFFER_DISCOUNT_PERCENT = 20
export const OFFER_GRACE_DAYS = 14

export interface Offer {
  subscription_id: number
  discount_percent: number
  price: number
  old_price: number
  currency: string
  country_group_id: number
  expires_at: string
}

/** R9.16: the offer is taken once per account: a paid offer payment ends it for good. */
export async function offerTaken(db: Queryable, userId: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>("SELECT id FROM payments WHERE user_id = $1 AND special_offer AND status = 'paid' LIMIT 1", [userId])
  return rows.length > 0
}

/**
 * R9.16: when the account's offer window ends: the end of its subscription while that is active,
 * else OFFER_GRACE_DAYS after it ended; null without a subscription. The offer shown, the payment
 * created and its confirmation all ask this one rule.
 */
export function offerWindowEnd(subExpiresAt: Date | null, now: Date): Date | null {
  if (subExpiresAt === null) return null
  return subExpiresAt.getTime() > now.getTime() ? subExpiresAt : new Date(subExpiresAt.getTime() + OFFER_GRACE_DAYS * DAY_MS)
}

export async function subscriptionOffer(db: Queryable, user: UserRow, locale: Locale, groupId: number | null, now: Date): Promise<Offer | null> {
  const offerEnds = offerWindowEnd(asDate(user.sub_expires_at), now)
  if (offerEnds === null || offerEnds.getTime() <= now.getTime()) return null
  if (await offerTaken(db, user.id)) return null
  // R9.15: the offer is priced in the subscription's currency unless a group is asked for (payselection's roubles).
  let group = groupId ?? subscriptionGroup(user)
  if (group === null) group = (await groupForLocale(db, locale)).id
  else if (!(await countryGroups(db)).some((g) => g.id === group))
    throw new ApiError(422, 'invalid_input', {}, { errors: { country_group_id: 'unknown country group' } })
  const [plan] = await plansInGroup(db, group, OFFER_PLAN_ID)
  if (!plan) return null
  return {
    subscription_id: plan.id,
    discount_percent: OFFER_DISCOUNT_PERCENT,
    price: toMajor(offerPriceMinor(plan.actual_minor)),
    old_price: toMajor(plan.actual_minor),
    currency: plan.currency,
    country_group_id: plan.country_group_id,
    expires_at: offerEnds.toISOString(),
  }
}

export function offerPriceMinor(actualMinor: number): number {
  return Math.round((actualMinor * (100 - OFFER_DISCOUNT_PERCENT)) / 100)
}
