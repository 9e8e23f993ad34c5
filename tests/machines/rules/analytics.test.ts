import { describe, expect, it } from 'vitest'
import { cartChange, ECOMMERCE_ACTIONS, purchaseAnalytics, purchaseKind } from '#machines/rules/analytics.ts'

const options = { amount: 990, currency: 'RUB', payment_id: 'p-9', user_id: 7, email: 'p@example.com' }

describe('R4: analytics trial versus subscribe', () => {
  it('an amount of exactly 1 is a trial, anything else a subscribe', () => {
    expect(purchaseKind(1)).toBe('trial')
    expect(purchaseKind(1.01)).toBe('subscribe')
    expect(purchaseKind(0)).toBe('subscribe')
    expect(purchaseKind(990)).toBe('subscribe')
  })
  it('a subscribe pushes an e-commerce purchase and a tag-manager subscribe event with value and currency', () => {
    expect(purchaseAnalytics(options, { id: 3, name: 'Month' })).toEqual({
      kind: 'subscribe',
      tagManager: { event: 'subscribe', value: 990, currency: 'RUB' },
      ecommerce: {
        action: 'purchase',
        purchase: { actionField: { id: 'p-9', revenue: 990 }, products: [{ id: '3', name: 'Month', price: 990, quantity: 1 }] },
        currencyCode: 'RUB',
      },
    })
  })
  it('a trial sends a trial event and no purchase', () => {
    const result = purchaseAnalytics({ ...options, amount: 1 }, { id: 1, name: 'Trial' })
    expect(result.kind).toBe('trial')
    expect(result.ecommerce).toBeNull()
    expect(result.tagManager).toEqual({ event: 'trial', value: 1, currency: 'RUB' })
  })
  it('allows only detail, add, remove and purchase', () => {
    expect(ECOMMERCE_ACTIONS).toEqual(['detail', 'add', 'remove', 'purchase'])
  })
})

describe('R4: changing the selected plan', () => {
  const week = { id: 2, name: 'Week', days: 7, prices: { using: { actual: 2.99, currency: 'USD' } } }
  const month = { id: 3, name: 'Month', days: 30, prices: { using: { actual: 6.99, currency: 'USD' } } }
  it('the first plan is added', () => {
    expect(cartChange(null, week)).toEqual({ remove: null, add: { product: { id: '2', name: 'Week', price: 2.99, quantity: 1 }, currencyCode: 'USD' } })
  })
  it('another plan removes the previous one, then adds the new one', () => {
    expect(cartChange(week, month)).toEqual({
      remove: { product: { id: '2', name: 'Week', price: 2.99, quantity: 1 }, currencyCode: 'USD' },
      add: { product: { id: '3', name: 'Month', price: 6.99, quantity: 1 }, currencyCode: 'USD' },
    })
  })
  it('the same plan again changes nothing', () => {
    expect(cartChange(week, { ...week })).toBeNull()
  })
  it('the same plan at another price (the special offer) is another line', () => {
    const offer = { ...week, prices: { using: { actual: 2.39, currency: 'USD' } } }
    expect(cartChange(week, offer)).toEqual({
      remove: { product: { id: '2', name: 'Week', price: 2.99, quantity: 1 }, currencyCode: 'USD' },
      add: { product: { id: '2', name: 'Week', price: 2.39, quantity: 1 }, currencyCode: 'USD' },
    })
  })
  it('another plan at the same price is another line', () => {
    const otherWeek = { ...week, id: 9, name: 'Week+' }
    expect(cartChange(week, otherWeek)).toEqual({
      remove: { product: { id: '2', name: 'Week', price: 2.99, quantity: 1 }, currencyCode: 'USD' },
      add: { product: { id: '9', name: 'Week+', price: 2.99, quantity: 1 }, currencyCode: 'USD' },
    })
  })
  it('the same plan and price in another currency is another line', () => {
    const roubles = { ...week, prices: { using: { actual: 2.99, currency: 'RUB' } } }
    expect(cartChange(week, roubles)).toEqual({
      remove: { product: { id: '2', name: 'Week', price: 2.99, quantity: 1 }, currencyCode: 'USD' },
      add: { product: { id: '2', name: 'Week', price: 2.99, quantity: 1 }, currencyCode: 'RUB' },
    })
  })
  it('remove is one of the allowed actions', () => {
    expect(ECOMMERCE_ACTIONS).toContain('remove')
  })
})
