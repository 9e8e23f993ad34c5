/**
 * How the premium page shows a plan: its label (the rule of R9, `planLabel`), its price in
 * the response's currency formatted for the page's language, and the regular price it replaces.
 * Which plans are offered is the payment machine's rule.
 */

import type { Subscription } from '#app/api/schemas.ts'
import { formatPrice } from '#app/core/format.ts'
import type { OfferedPlan } from '#machines/rules/checkout.ts'
import type { Locale } from '#machines/rules/locale.ts'
import { type DaysMessages, daysLabel, isTrialPlan, planLabel } from '#machines/rules/plans.ts'

export type Plan = Subscription

export interface PlanView {
  plan: Plan
  label: string
  trial: boolean
  /** The days count in words, also for the trial (`3 days`). */
  duration: string
  price: string
  currency: string
}

/** Every plan of the list with its label, as the payment machine takes them. */
export function labelledPlans(plans: readonly Plan[], locale: Locale, days: DaysMessages): OfferedPlan[] {
  return plans.map((plan) => ({ plan, label: planLabel(plan, locale, days) }))
}

export function planView(offered: OfferedPlan, locale: Locale, days: DaysMessages): PlanView {
  const plan = offered.plan as Plan
  const price = plan.prices.using
  return {
    plan,
    label: offered.label,
    trial: isTrialPlan(plan),
    duration: daysLabel(plan.days, locale, days),
    price: formatPrice(price.actual, price.currency, locale),
    currency: price.currency,
  }
}
