/**
 * Spec 3, 9: which plans the premium page offers and how each is labelled. Pure functions:
 * message functions are passed in, so the rules are tested without the message bundle.
 */
import { CONSTANTS, type Locale } from '../../../app.constants'
import type { Subscription } from '~/api/schemas'
import { formatPrice } from './format'
import { pluralForm, type PluralForm } from './plural'

export type Plan = Subscription

/** Spec 9: only plans priced below 9000 are shown, unless the debug flag is on. */
export function visiblePlans<T extends { prices: { using: { actual: number } } }>(plans: readonly T[], debugPrices: boolean): T[] {
  return debugPrices ? [...plans] : plans.filter((plan) => plan.prices.using.actual < CONSTANTS.maxPlanPrice)
}

export function isTrialPlan(plan: { id: number }): boolean {
  return plan.id === CONSTANTS.trialSubscriptionId
}

/** The days label in each plural form, e.g. `{ one: '1 day', few: …, many: '7 days' }` for a count. */
export type DaysMessages = Record<PluralForm, (inputs: { count: number }) => string>

export function daysLabel(days: number, locale: Locale, messages: DaysMessages): string {
  return messages[pluralForm(locale, days)]({ count: days })
}

/** Spec 9: the trial is labelled with its own name, every other plan by its days count. */
export function planLabel(plan: { id: number; name: string; days: number }, locale: Locale, messages: DaysMessages): string {
  return isTrialPlan(plan) ? plan.name : daysLabel(plan.days, locale, messages)
}

export interface PlanView {
  plan: Plan
  label: string
  trial: boolean
  /** The days count in words, also for the trial (`3 days`). */
  duration: string
  price: string
  oldPrice: string | null
  currency: string
}

export function planViews(plans: readonly Plan[], options: { locale: Locale; debugPrices: boolean; days: DaysMessages }): PlanView[] {
  return visiblePlans(plans, options.debugPrices).map((plan) => {
    const price = plan.prices.using
    return {
      plan,
      label: planLabel(plan, options.locale, options.days),
      trial: isTrialPlan(plan),
      duration: daysLabel(plan.days, options.locale, options.days),
      price: formatPrice(price.actual, price.currency, options.locale),
      oldPrice: typeof price.old === 'number' && price.old > price.actual ? formatPrice(price.old, price.currency, options.locale) : null,
      currency: price.currency,
    }
  })
}
