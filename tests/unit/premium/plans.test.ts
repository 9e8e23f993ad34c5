import { describe, expect, it } from 'vitest'
import { labelledPlans, type Plan, planView } from '#app/features/premium/plans.ts'
import { m } from '#app/paraglide/messages.js'
import type { Locale } from '#machines/rules/locale.ts'
import { type DaysMessages, isPlanShown } from '#machines/rules/plans.ts'

function daysMessages(locale: Locale): DaysMessages {
  return {
    one: (inputs) => m.premium_plan_days_one(inputs, { locale }),
    few: (inputs) => m.premium_plan_days_few(inputs, { locale }),
    many: (inputs) => m.premium_plan_days_many(inputs, { locale }),
  }
}

function plan(id: number, days: number, actual: number, extra: Partial<Plan> = {}): Plan {
  return { id, name: id === 1 ? 'Trial' : `Plan ${id}`, days, prices: { using: { actual, old: null, currency: 'USD' } }, ...extra }
}

describe('R3, R9: plan views', () => {
  it('labels, durations and prices in the response currency; no struck-through catalogue price (decision 127)', () => {
    const list = [
      plan(1, 3, 1),
      plan(2, 7, 2.99, { prices: { using: { actual: 2.99, old: 4.99, currency: 'USD' } } }),
      plan(3, 30, 6.99, { prices: { using: { actual: 6.99, old: 6.99, currency: 'USD' } } }),
      plan(6, 3650, 9000),
    ]
    const views = labelledPlans(list, 'en', daysMessages('en'))
      .filter((offered) => isPlanShown(offered.plan, false))
      .map((offered) => planView(offered, 'en', daysMessages('en')))
    expect(views.map((v) => [v.plan.id, v.label, v.trial, v.duration, v.price, v.currency])).toEqual([
      [1, 'Trial', true, '3 days', '$1', 'USD'],
      [2, '7 days', false, '7 days', '$2.99', 'USD'],
      [3, '30 days', false, '30 days', '$6.99', 'USD'],
    ])
    expect(views.every((v) => !('oldPrice' in v))).toBe(true)
  })
})
