/**
 * R3, R9: which plans are offered and how each is labelled. Pure functions: message
 * functions are passed in, so the rules are tested without the message bundle.
 */
import type { Locale } from './locale.ts'
import { TRIAL_SUBSCRIPTION_ID } from './payment.ts'

/** R9: plans priced at or above this are shown only with the debug flag. */
export const MAX_PLAN_PRICE = 9000

/** R9: only plans whose actual price is below 9000 are shown, unless the debug flag is on. */
export function isPlanShown(plan: { prices?: { using?: { actual?: number } } }, debugPrices: boolean): boolean {
  return debugPrices || (plan.prices?.using?.actual ?? Number.POSITIVE_INFINITY) < MAX_PLAN_PRICE
}

/** R9.2: the trial is plan 1; no plan chosen is no trial. */
export function isTrialPlan(plan: { id: number } | null): boolean {
  return plan?.id === TRIAL_SUBSCRIPTION_ID
}

/** R9.2: one trial per account: a visitor who has used it is not offered it again. */
export function isPlanOpen(plan: { id: number }, trialUsed: boolean): boolean {
  return !(trialUsed && isTrialPlan(plan))
}

/**
 * R9: plural forms for counts in labels. Russian has three forms chosen by the last digit
 * (1 → one, 2–4 → few, anything else → many) and 11 to 19 always take the many form.
 * English and German have one form for 1 and another for every other count.
 */
export type PluralForm = 'one' | 'few' | 'many'

export function russianPluralForm(count: number): PluralForm {
  const n = Math.abs(Math.trunc(count))
  const lastTwo = n % 100
  // Stryker disable next-line EqualityOperator: 19 ends in 9, which takes the many form either way (decision 070)
  if (lastTwo >= 11 && lastTwo <= 19) return 'many'
  const last = n % 10
  if (last === 1) return 'one'
  if (last >= 2 && last <= 4) return 'few'
  return 'many'
}

/** The plural form of a count in a site locale. Counts that are not whole numbers use the many form. */
export function pluralForm(locale: Locale, count: number): PluralForm {
  if (!Number.isInteger(count)) return 'many'
  if (locale === 'ru') return russianPluralForm(count)
  return Math.abs(count) === 1 ? 'one' : 'many'
}

/** The days label in each plural form, e.g. `{ one: '1 day', few: …, many: '7 days' }` for a count. */
export type DaysMessages = Record<PluralForm, (inputs: { count: number }) => string>

export function daysLabel(days: number, locale: Locale, messages: DaysMessages): string {
  return messages[pluralForm(locale, days)]({ count: days })
}

/** R9: the trial is labelled with its own name, every other plan by its days count. */
export function planLabel(plan: { id: number; name: string; days: number }, locale: Locale, messages: DaysMessages): string {
  return isTrialPlan(plan) ? plan.name : daysLabel(plan.days, locale, messages)
}

/** R9.3: Payselection charges roubles only; the backend prices roubles in country group 1. */
export const RUB_COUNTRY_GROUP = 1

/** R9.3: the service charges roubles whatever the page's language, and every price list says so. */
export function chargesRoublesOnly(service: string): boolean {
  return service === 'payselection'
}

/**
 * R9.15: one currency per subscription. The country group whose prices a visitor is shown and
 * pays in: Payselection's roubles (R9.3); else, for a subscriber, the group the subscription was
 * paid in, whatever the page's language; else none, and the backend prices in the group of the
 * page's language (the guests' rule: en USD, ru RUB, de EUR).
 */
export function pricingGroup(service: string, subscription: { country_group_id?: number | null } | null | undefined): number | undefined {
  if (chargesRoublesOnly(service)) return RUB_COUNTRY_GROUP
  return subscription?.country_group_id ?? undefined
}

/**
 * R9.15: an offer is shown beside other prices only in their currency (the plans on the premium
 * page, the subscription's next charge in the account); in another currency it is not shown at
 * all. Nothing to compare with (no currency given) lets it show.
 */
export function offerFits(offerCurrency: string, besideCurrency: string | null | undefined): boolean {
  return besideCurrency === null || besideCurrency === undefined || offerCurrency === besideCurrency
}

/** What a payment charges now and what renewal charges after it, for the checkout's summary (issue 37). */
export interface ChargeSchedule {
  /** Charged (or, for the trial, held) now. */
  now: number
  /** Charged at each renewal, in the same currency (R9.15). */
  renewal: number
  /** Days between renewals. */
  everyDays: number
  /** When the first renewal charge falls (ms since the epoch). */
  firstRenewalAt: number
}

const DAY_MS = 86_400_000

/**
 * R9.2, R9.15: the plan bought is paid now; its days run from today, or from the end of the
 * subscription still running (an extension adds its days); then the plan it renews into (the
 * trial: the 30-day plan; any other plan: itself) is charged at its own price every time its
 * days are over, until renewal is turned off.
 */
export function chargeSchedule(options: {
  price: number
  days: number
  renewal: { price: number; days: number }
  now: number
  activeUntil?: number | null
}): ChargeSchedule {
  const start = Math.max(options.now, options.activeUntil ?? options.now)
  return { now: options.price, renewal: options.renewal.price, everyDays: options.renewal.days, firstRenewalAt: start + options.days * DAY_MS }
}
