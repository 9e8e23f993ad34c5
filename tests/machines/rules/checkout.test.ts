import { describe, expect, it } from 'vitest'
import { offerPlan } from '#machines/rules/checkout.ts'

describe('R9.15, R9.16: the special offer is its plan at the offer price, never beside prices in another currency', () => {
  const offer = { subscriptionId: 3, price: 5.59, currency: 'USD' }
  it('beside dollar prices: $5.59 instead of $6.99', () => {
    const month = { id: 3, name: 'Month', days: 30, prices: { using: { actual: 6.99, old: 9.99, currency: 'USD' } } }
    expect(offerPlan([{ plan: month, label: '30 days' }], offer)).toEqual({
      plan: { id: 3, name: 'Month', days: 30, prices: { using: { actual: 5.59, old: 9.99, currency: 'USD' } } },
      label: '30 days',
    })
  })
  it('beside rouble prices: not shown', () => {
    const month = { id: 3, name: 'Месяц', days: 30, prices: { using: { actual: 490, currency: 'RUB' } } }
    expect(offerPlan([{ plan: month, label: '30 дней' }], offer)).toBeNull()
  })
  it('a plan listed without a price has nothing to compare with: the offer shows at its price', () => {
    const month = { id: 3, name: 'Month', days: 30, prices: {} }
    expect(offerPlan([{ plan: month, label: '30 days' }], offer)).toEqual({
      plan: { id: 3, name: 'Month', days: 30, prices: { using: { actual: 5.59, currency: 'USD' } } },
      label: '30 days',
    })
  })
})
