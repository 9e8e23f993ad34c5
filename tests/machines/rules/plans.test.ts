import { describe, expect, it } from 'vitest'
import {
  chargeSchedule,
  chargesRoublesOnly,
  type DaysMessages,
  daysLabel,
  isPlanOpen,
  isPlanShown,
  isTrialPlan,
  offerFits,
  planLabel,
  pluralForm,
  pricingGroup,
  russianPluralForm,
} from '#machines/rules/plans.ts'

/** The premium page's days labels, as its messages say them (en, ru, de), written out here. */
const DAYS: Record<'en' | 'ru' | 'de', DaysMessages> = {
  en: { one: ({ count }) => `${count} day`, few: ({ count }) => `${count} days`, many: ({ count }) => `${count} days` },
  ru: { one: ({ count }) => `${count} день`, few: ({ count }) => `${count} дня`, many: ({ count }) => `${count} дней` },
  de: { one: ({ count }) => `${count} Tag`, few: ({ count }) => `${count} Tage`, many: ({ count }) => `${count} Tage` },
}
const daysMessages = (locale: 'en' | 'ru' | 'de') => DAYS[locale]

function plan(id: number, days: number, actual: number) {
  return { id, name: id === 1 ? 'Trial' : `Plan ${id}`, days, prices: { using: { actual, old: null, currency: 'USD' } } }
}
const CATALOGUE = [plan(1, 3, 1), plan(2, 7, 2.99), plan(3, 30, 6.99), plan(5, 365, 49.99), plan(6, 3650, 9000), plan(7, 9999, 12000)]
const visiblePlans = <T extends { prices: { using: { actual: number } } }>(plans: readonly T[], debug: boolean) => plans.filter((p) => isPlanShown(p, debug))

describe('R9: Russian plural rule (forms 1, 2, 3 by last digit; 11 to 19 many)', () => {
  it.each([
    [1, 'one'],
    [21, 'one'],
    [101, 'one'],
    [1001, 'one'],
    [2, 'few'],
    [3, 'few'],
    [4, 'few'],
    [22, 'few'],
    [34, 'few'],
    [102, 'few'],
    [0, 'many'],
    [5, 'many'],
    [9, 'many'],
    [10, 'many'],
    [20, 'many'],
    [25, 'many'],
    [30, 'many'],
    [100, 'many'],
    [365, 'many'],
    [11, 'many'],
    [12, 'many'],
    [13, 'many'],
    [14, 'many'],
    [15, 'many'],
    [19, 'many'],
    [111, 'many'],
    [112, 'many'],
    [114, 'many'],
    [119, 'many'],
  ] as const)('%i → %s', (count, form) => {
    expect(russianPluralForm(count)).toBe(form)
    expect(pluralForm('ru', count)).toBe(form)
  })

  it('English and German: one for 1, the other form otherwise', () => {
    for (const locale of ['en', 'de'] as const) {
      expect(pluralForm(locale, 1)).toBe('one')
      for (const n of [0, 2, 3, 5, 11, 21, 30, 365]) expect(pluralForm(locale, n)).toBe('many')
    }
  })

  it('fractions take the many form', () => {
    expect(pluralForm('ru', 1.5)).toBe('many')
    expect(pluralForm('en', 1.5)).toBe('many')
  })
})

describe('R9: days labels in three languages', () => {
  it('Russian', () => {
    const ru = daysMessages('ru')
    expect([1, 2, 3, 5, 7, 11, 14, 21, 22, 25, 30, 90, 101, 111, 365].map((n) => daysLabel(n, 'ru', ru))).toEqual([
      '1 день',
      '2 дня',
      '3 дня',
      '5 дней',
      '7 дней',
      '11 дней',
      '14 дней',
      '21 день',
      '22 дня',
      '25 дней',
      '30 дней',
      '90 дней',
      '101 день',
      '111 дней',
      '365 дней',
    ])
  })
  it('English', () => {
    const en = daysMessages('en')
    expect([1, 2, 7, 21, 365].map((n) => daysLabel(n, 'en', en))).toEqual(['1 day', '2 days', '7 days', '21 days', '365 days'])
  })
  it('German', () => {
    const de = daysMessages('de')
    expect([1, 2, 7, 21, 365].map((n) => daysLabel(n, 'de', de))).toEqual(['1 Tag', '2 Tage', '7 Tage', '21 Tage', '365 Tage'])
  })
})

describe('R9: the trial by its name, other plans by days', () => {
  it('labels plan 1 with its own name whatever its days', () => {
    expect(planLabel({ id: 1, name: 'Пробный период', days: 3 }, 'ru', daysMessages('ru'))).toBe('Пробный период')
    expect(planLabel({ id: 1, name: 'Trial', days: 1 }, 'en', daysMessages('en'))).toBe('Trial')
  })
  it('labels other plans by days, even when they have a name', () => {
    expect(planLabel({ id: 3, name: 'Month', days: 30 }, 'en', daysMessages('en'))).toBe('30 days')
    expect(planLabel({ id: 2, name: 'Неделя', days: 7 }, 'ru', daysMessages('ru'))).toBe('7 дней')
    expect(planLabel({ id: 9, name: 'Day', days: 1 }, 'de', daysMessages('de'))).toBe('1 Tag')
  })
})

describe('R9: only plans below 9000 unless the debug flag', () => {
  it('drops plans priced 9000 or more', () => {
    expect(visiblePlans(CATALOGUE, false).map((p) => p.id)).toEqual([1, 2, 3, 5])
  })
  it('keeps 8999.99 and drops exactly 9000', () => {
    expect(visiblePlans([plan(2, 7, 8999.99), plan(3, 30, 9000)], false).map((p) => p.id)).toEqual([2])
  })
  it('shows everything with debugPrices, in the response order', () => {
    expect(visiblePlans(CATALOGUE, true).map((p) => p.id)).toEqual([1, 2, 3, 5, 6, 7])
  })
  it('a plan without a price is not shown, unless the debug flag', () => {
    expect(isPlanShown({}, false)).toBe(false)
    expect(isPlanShown({ prices: {} }, false)).toBe(false)
    expect(isPlanShown({ prices: { using: {} } }, false)).toBe(false)
    expect(isPlanShown({}, true)).toBe(true)
  })
})

describe('R9.15: one currency per subscription', () => {
  it('Payselection prices in roubles (country group 1) for everyone, subscribers of any currency too', () => {
    expect(pricingGroup('payselection', null)).toBe(1)
    expect(pricingGroup('payselection', { country_group_id: 2 })).toBe(1)
    expect(chargesRoublesOnly('payselection')).toBe(true)
    expect(chargesRoublesOnly('cloudpayments')).toBe(false)
  })
  it("a subscriber is priced in the group the subscription was paid in; a guest or a user without one in the page language's", () => {
    expect(pricingGroup('cloudpayments', { country_group_id: 2 })).toBe(2)
    expect(pricingGroup('cloudpayments', { country_group_id: 3 })).toBe(3)
    expect(pricingGroup('cloudpayments', { country_group_id: null })).toBeUndefined()
    expect(pricingGroup('cloudpayments', {})).toBeUndefined()
    expect(pricingGroup('cloudpayments', null)).toBeUndefined()
    expect(pricingGroup('cloudpayments', undefined)).toBeUndefined()
  })
  it('an offer shows only beside prices in its own currency', () => {
    expect(offerFits('USD', 'USD')).toBe(true)
    expect(offerFits('RUB', 'USD')).toBe(false)
    expect(offerFits('USD', 'RUB')).toBe(false)
    expect(offerFits('EUR', null)).toBe(true)
    expect(offerFits('EUR', undefined)).toBe(true)
  })
})

describe('R9.2: the trial (plan 1) only for who has not used it', () => {
  it('the trial is plan 1, and no plan is no trial', () => {
    expect(isTrialPlan({ id: 1 })).toBe(true)
    for (const id of [2, 3, 4, 5, 6]) expect(isTrialPlan({ id })).toBe(false)
    expect(isTrialPlan(null)).toBe(false)
  })
  it('closes plan 1 to a visitor who used the trial, and no other plan', () => {
    expect(isPlanOpen({ id: 1 }, true)).toBe(false)
    expect(isPlanOpen({ id: 1 }, false)).toBe(true)
    for (const id of [2, 3, 4, 5, 6]) {
      expect(isPlanOpen({ id }, true)).toBe(true)
      expect(isPlanOpen({ id }, false)).toBe(true)
    }
  })
})

describe('issue 37: what the checkout says is charged now and at each renewal', () => {
  const now = Date.parse('2026-11-26T12:00:00Z')
  it('the trial: $1 now, then the 30-day plan at $6.99 every 30 days from three days on', () => {
    expect(chargeSchedule({ price: 1, days: 3, renewal: { price: 6.99, days: 30 }, now })).toEqual({
      now: 1,
      renewal: 6.99,
      everyDays: 30,
      firstRenewalAt: Date.parse('2026-11-29T12:00:00Z'),
    })
  })
  it('an extension runs from the end of the subscription still running; an ended one from now', () => {
    const extended = chargeSchedule({ price: 490, days: 30, renewal: { price: 490, days: 30 }, now, activeUntil: Date.parse('2026-12-10T00:00:00Z') })
    expect(extended.firstRenewalAt).toBe(Date.parse('2027-01-09T00:00:00Z'))
    const ended = chargeSchedule({ price: 5.59, days: 30, renewal: { price: 6.99, days: 30 }, now, activeUntil: Date.parse('2026-11-01T00:00:00Z') })
    expect(ended).toEqual({ now: 5.59, renewal: 6.99, everyDays: 30, firstRenewalAt: Date.parse('2026-12-26T12:00:00Z') })
    expect(chargeSchedule({ price: 16.99, days: 90, renewal: { price: 16.99, days: 90 }, now, activeUntil: null }).firstRenewalAt).toBe(
      Date.parse('2027-02-24T12:00:00Z'),
    )
  })
})
