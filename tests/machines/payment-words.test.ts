/**
 * R4.2, R4.24: the payment machine's words table. Each state of the pay button names its own
 * words, and the hint's count is the number of agreements still unticked, written out here.
 */
import { describe, expect, it } from 'vitest'
import type { PaymentContext } from '#machines/payment-types.ts'
import { selectPayButtonState, selectPayHint } from '#machines/payment-words.ts'

type Agreements = PaymentContext['agreements']
type Required = PaymentContext['requiredAgreements']

function snapshot(state: 'selecting' | 'requestingOptions' | 'charging' | 'confirming' | 'succeeded', context: Partial<PaymentContext> = {}) {
  const ctx = {
    loggedIn: true,
    hasEmail: true,
    subscription: { id: 3 },
    requiredAgreements: ['premium', 'promo'] as Required,
    agreements: { premium: false, promo: false, withdrawal: false } as Agreements,
    ...context,
  } as PaymentContext
  return {
    context: ctx,
    matches: (value: unknown) =>
      (state === 'charging' && JSON.stringify(value) === '{"paying":"charging"}') ||
      (state === 'confirming' && JSON.stringify(value) === '{"paying":"confirming"}') ||
      (state === 'succeeded' && value === 'succeeded'),
    hasTag: (tag: 'busy') => tag === 'busy' && state !== 'selecting',
  }
}

describe('R4.24: the pay button says what is happening now', () => {
  it.each([
    ['requestingOptions', 'opening'],
    ['charging', 'formOpen'],
    ['confirming', 'confirming'],
    ['succeeded', 'paid'],
    ['selecting', 'pay'],
  ] as const)('%s: %s', (state, expected) => {
    expect(selectPayButtonState(snapshot(state))).toBe(expected)
  })
  it('without a plan: choose', () => {
    expect(selectPayButtonState(snapshot('selecting', { subscription: null }))).toBe('choose')
  })
})

describe('R4.2: the hint counts the agreements still to tick', () => {
  const three = ['premium', 'promo', 'withdrawal'] as Required
  it('two asked for, none ticked: both', () => {
    expect(selectPayHint(snapshot('selecting'), 'en')).toEqual({ key: 'premium_reason_agreements', count: 2 })
  })
  it('three asked for, none ticked: 3, in the plural form of the language', () => {
    expect(selectPayHint(snapshot('selecting', { requiredAgreements: three }), 'de')).toEqual({ key: 'premium_reason_agreements_many', count: 3 })
    expect(selectPayHint(snapshot('selecting', { requiredAgreements: three }), 'ru')).toEqual({ key: 'premium_reason_agreements_few', count: 3 })
  })
  it('three asked for, one ticked: 2, not both', () => {
    const agreements = { premium: true, promo: false, withdrawal: false }
    expect(selectPayHint(snapshot('selecting', { requiredAgreements: three, agreements }), 'de')).toEqual({ key: 'premium_reason_agreements_many', count: 2 })
  })
  it('one left: named', () => {
    const agreements = { premium: true, promo: true, withdrawal: false }
    expect(selectPayHint(snapshot('selecting', { requiredAgreements: three, agreements }), 'de')).toEqual({ key: 'premium_reason_withdrawal', count: 0 })
  })
  it('a plan, a session and every agreement ticked: no hint', () => {
    const agreements = { premium: true, promo: true, withdrawal: false }
    expect(selectPayHint(snapshot('selecting', { agreements }), 'en')).toBeNull()
  })
  it('the form open: the hint says so', () => {
    expect(selectPayHint(snapshot('charging'), 'en')).toEqual({ key: 'premium_reason_busy', count: 0 })
  })
})
