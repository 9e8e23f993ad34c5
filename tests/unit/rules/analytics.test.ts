import { describe, expect, it } from 'vitest'
import { ECOMMERCE_ACTIONS, purchaseAnalytics, purchaseKind } from '#machines/rules/analytics'

const options = { amount: 990, currency: 'RUB', payment_id: 'p-9', user_id: 7, email: 'p@example.com' }

describe('spec 4: analytics trial versus subscribe', () => {
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
