/**
 * R2.21: the plans the premium page shows a visitor, as offers of the structured data: the same
 * rules as the plan cards (R9: below 9000 unless the debug flag is on; the trial not again for an
 * account that used it), the same labels and the same amounts in the list's currency.
 */
import type { SubscriptionList } from '#app/api/schemas.ts'
import { labelledPlans } from '#app/features/premium/plans.ts'
import { m } from '#app/paraglide/messages.js'
import type { Locale } from '#machines/rules/locale.ts'
import { type DaysMessages, isPlanOpen, isPlanShown } from '#machines/rules/plans.ts'
import type { PlanOffer } from './structured-data.ts'

/** The plan cards' day labels (`DAYS` of the premium page), in the language asked rather than the one the runtime is set to. */
function daysIn(locale: Locale): DaysMessages {
  return {
    one: (inputs) => m.premium_plan_days_one(inputs, { locale }),
    few: (inputs) => m.premium_plan_days_few(inputs, { locale }),
    many: (inputs) => m.premium_plan_days_many(inputs, { locale }),
  }
}

export function shownOffers(list: SubscriptionList, options: { locale: Locale; debugPrices: boolean; trialUsed: boolean }): PlanOffer[] {
  return labelledPlans(list.subscriptions, options.locale, daysIn(options.locale))
    .filter(({ plan }) => isPlanShown(plan, options.debugPrices) && isPlanOpen(plan, options.trialUsed))
    .map(({ plan, label }) => {
      const price = (plan as SubscriptionList['subscriptions'][number]).prices.using
      return { name: label, price: price.actual, currency: price.currency }
    })
}
