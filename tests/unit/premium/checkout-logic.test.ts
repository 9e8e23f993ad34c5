/**
 * R3, R4, R8: what the premium page decides, decided by the payment machine (the components
 * only send events and render): why paying is not possible, the stored state after login, the
 * way back to the premium page, the e-commerce cart, and the payment failure toast.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ApiError } from '#app/api/errors.ts'
import { pushCartChange } from '#app/core/data-layer.ts'
import { paymentToast } from '#app/features/premium/payment-toast.ts'
import { paymentMachine } from '#machines/payment.ts'
import { persistablePremiumState, selectLoginHref, selectPayReason, selectRestored } from '#machines/payment-selectors.ts'
import type { CreatePaymentInput, PaymentInput } from '#machines/payment-types.ts'
import type { CartChange } from '#machines/rules/analytics.ts'
import { type PremiumState, payBlocker } from '#machines/rules/checkout.ts'
import { type Agreement, type PaymentOptions, requiredAgreementsFor, type Subscription } from '#machines/rules/payment.ts'

const WEEK: Subscription = { id: 2, name: 'Week', days: 7, prices: { using: { actual: 2.99, currency: 'USD' } } }
const MONTH: Subscription = { id: 3, name: 'Month', days: 30, prices: { using: { actual: 6.99, currency: 'USD' } } }
const KEYS = { publicId: 'pk', payselection: { serviceId: 's', publicKey: 'k' } }

function start(input: Partial<PaymentInput> = {}, stored: Promise<PremiumState | null> = Promise.resolve(null)) {
  const calls = { navigate: [] as string[], focus: 0, cart: [] as Array<CartChange | null>, logError: [] as string[], createPayment: 0 }
  const machine = paymentMachine.provide({
    actors: {
      readStoredState: fromPromise(() => stored),
      createPayment: fromPromise<PaymentOptions, CreatePaymentInput>(async () => {
        calls.createPayment++
        return new Promise<PaymentOptions>(() => {})
      }),
    },
    actions: {
      navigate: (_, p) => void calls.navigate.push(p.to),
      focusPayment: () => void calls.focus++,
      trackCart: (_, p) => void calls.cart.push(p),
      logError: (_, p) => void calls.logError.push(p.message),
    },
  })
  const actor = createActor(machine, { input: { locale: 'en', loggedIn: true, activeService: 'cloudpayments', ...KEYS, ...input } }).start()
  return { actor, calls }
}

describe('R3, R4: why paying is not possible yet (the machine, not the page)', () => {
  it('names the first thing missing, in order: plan, session, e-mail, agreements', () => {
    const base = {
      subscription: WEEK,
      loggedIn: true,
      hasEmail: true,
      requiredAgreements: ['premium', 'promo'] as readonly Agreement[],
      agreements: { premium: true, promo: true, withdrawal: false },
    }
    expect(payBlocker({ ...base, subscription: null, loggedIn: false })).toBe('plan')
    expect(payBlocker({ ...base, loggedIn: false, agreements: { premium: false, promo: false, withdrawal: false } })).toBe('login')
    // Decision 072: a Steam account without an e-mail adds one before paying; a guest signs in first.
    expect(payBlocker({ ...base, hasEmail: false, agreements: { premium: false, promo: false, withdrawal: false } })).toBe('email')
    expect(payBlocker({ ...base, loggedIn: false, hasEmail: false })).toBe('login')
    expect(payBlocker({ ...base, agreements: { premium: false, promo: false, withdrawal: false } })).toBe('agreements')
    expect(payBlocker({ ...base, agreements: { premium: false, promo: true, withdrawal: false } })).toBe('premium')
    expect(payBlocker({ ...base, agreements: { premium: true, promo: false, withdrawal: false } })).toBe('promo')
    expect(payBlocker(base)).toBeNull()
    // Only what is required counts.
    expect(payBlocker({ ...base, requiredAgreements: ['premium'], agreements: { premium: true, promo: false, withdrawal: false } })).toBeNull()
    // R9.20: on a German page the withdrawal acknowledgement is the third.
    const de = { ...base, requiredAgreements: requiredAgreementsFor('de') }
    expect(payBlocker({ ...de, agreements: { premium: true, promo: true, withdrawal: false } })).toBe('withdrawal')
    expect(payBlocker({ ...de, agreements: { premium: true, promo: false, withdrawal: false } })).toBe('agreements')
    expect(payBlocker({ ...de, agreements: { premium: true, promo: true, withdrawal: true } })).toBeNull()
  })

  it('the reason and the submit guard agree in every step; a payment under way is its own reason', async () => {
    const { actor, calls } = start()
    const check = () => expect(selectPayReason(actor.getSnapshot()) === null).toBe(actor.getSnapshot().can({ type: 'payment.submit' }))
    expect(selectPayReason(actor.getSnapshot())).toBe('plan')
    check()
    actor.send({ type: 'plan.select', subscription: WEEK, label: '7 days' })
    expect(selectPayReason(actor.getSnapshot())).toBe('agreements')
    check()
    actor.send({ type: 'agreement.set', agreement: 'promo', value: true })
    expect(selectPayReason(actor.getSnapshot())).toBe('premium')
    check()
    actor.send({ type: 'agreement.set', agreement: 'premium', value: true })
    expect(selectPayReason(actor.getSnapshot())).toBeNull()
    check()
    actor.send({ type: 'payment.submit' })
    await waitFor(actor, () => calls.createPayment === 1)
    // The payment is being created and the form loaded: not "the form is open" yet (issue 37).
    expect(selectPayReason(actor.getSnapshot())).toBe('opening')
  })
})

describe('R3: the trip to the login page and back', () => {
  it('a guest choosing a plan goes to the localized login page with the premium page as the way back', () => {
    const { actor, calls } = start({ loggedIn: false, locale: 'ru' })
    actor.send({ type: 'plan.select', subscription: MONTH, label: '30 дней' })
    expect(calls.navigate).toEqual(['/ru/login?redirect=%2Fru%2Fpremium'])
    expect(selectLoginHref(actor.getSnapshot())).toBe('/ru/login?redirect=%2Fru%2Fpremium')
  })

  it('the stored state is read first; nothing is persisted before it was read', async () => {
    let resolve: (state: PremiumState | null) => void = () => {}
    const { actor } = start({ restoreStored: true, loggedIn: false }, new Promise((r) => (resolve = r)))
    expect(actor.getSnapshot().value).toBe('restoring')
    expect(selectRestored(actor.getSnapshot())).toBe(false)
    expect(persistablePremiumState(actor.getSnapshot())).toBeNull()
    resolve(null)
    await waitFor(actor, (s) => s.matches('selecting'))
    expect(selectRestored(actor.getSnapshot())).toBe(true)
    expect(persistablePremiumState(actor.getSnapshot())).toMatchObject({ subscription: null, goToSubscription: false })
  })

  it('back signed in: the stored plan, matched with the plans on offer now; the way back used up; the panel focused', async () => {
    const now = { ...MONTH, prices: { using: { actual: 7.49, currency: 'USD' } } }
    const stored: PremiumState = {
      subscription: MONTH,
      label: '30 days',
      agreements: { premium: true, promo: false, withdrawal: false },
      redirectAfterLoginTo: '/de/premium',
      goToSubscription: true,
    }
    const { actor, calls } = start({ restoreStored: true, locale: 'de', plans: [{ plan: now, label: '30 Tage' }] }, Promise.resolve(stored))
    await waitFor(actor, (s) => s.matches('selecting'))
    const { context } = actor.getSnapshot()
    expect([context.subscription, context.label, context.agreements]).toEqual([now, '30 Tage', { premium: true, promo: false, withdrawal: false }])
    expect([context.goToSubscription, context.redirectAfterLoginTo]).toEqual([false, null])
    expect(calls.focus).toBe(1)
    expect(selectPayReason(actor.getSnapshot())).toBe('agreements') // R9.20: on the German page the withdrawal acknowledgement is missing too
  })

  it('a stored plan no longer offered is dropped; a guest is only focused once signed in', async () => {
    const stored: PremiumState = {
      subscription: MONTH,
      label: '30 days',
      agreements: { premium: false, promo: false, withdrawal: false },
      redirectAfterLoginTo: '/en/premium',
      goToSubscription: true,
    }
    const { actor, calls } = start({ restoreStored: true, loggedIn: false, plans: [{ plan: WEEK, label: '7 days' }] }, Promise.resolve(stored))
    await waitFor(actor, (s) => s.matches('selecting'))
    expect(actor.getSnapshot().context.subscription).toBeNull()
    expect(calls.focus).toBe(0)
    actor.send({ type: 'auth.changed', loggedIn: true })
    expect(calls.focus).toBe(1)
    expect(actor.getSnapshot().context.goToSubscription).toBe(false)
    actor.send({ type: 'auth.changed', loggedIn: false })
    actor.send({ type: 'auth.changed', loggedIn: true })
    expect(calls.focus).toBe(1)
  })

  it('a plan chosen while the stored state is read counts when nothing was stored', async () => {
    const { actor } = start({ restoreStored: true, plans: [{ plan: WEEK, label: '7 days' }] })
    actor.send({ type: 'plan.select', subscription: WEEK, label: '7 days' })
    await waitFor(actor, (s) => s.matches('selecting'))
    expect(actor.getSnapshot().context.subscription).toEqual(WEEK)
  })
})

describe('R4: the e-commerce cart on the premium page', () => {
  it('choosing another plan pushes remove for the previous one before add; the same plan pushes nothing', () => {
    const { actor, calls } = start()
    actor.send({ type: 'plan.select', subscription: WEEK, label: '7 days' })
    actor.send({ type: 'plan.select', subscription: MONTH, label: '30 days' })
    actor.send({ type: 'plan.select', subscription: MONTH, label: '30 days' })
    expect(calls.cart).toEqual([
      { remove: null, add: { product: { id: '2', name: 'Week', price: 2.99, quantity: 1 }, currencyCode: 'USD' } },
      {
        remove: { product: { id: '2', name: 'Week', price: 2.99, quantity: 1 }, currencyCode: 'USD' },
        add: { product: { id: '3', name: 'Month', price: 6.99, quantity: 1 }, currencyCode: 'USD' },
      },
      null,
    ])
  })

  describe('the dataLayer adapter', () => {
    afterEach(() => vi.unstubAllGlobals())
    it('pushes ecommerce.remove, then ecommerce.add, each after clearing the previous ecommerce object', () => {
      const window: { dataLayer?: unknown[] } = {}
      vi.stubGlobal('window', window)
      // R9.23: the visitor has allowed marketing.
      vi.stubGlobal('document', { cookie: 'cookie_consent=2.marketing.2026-11-27' })
      pushCartChange(null)
      expect(window.dataLayer ?? []).toEqual([])
      pushCartChange({
        remove: { product: { id: '2', name: 'Week', price: 199, quantity: 1 }, currencyCode: 'RUB' },
        add: { product: { id: '3', name: 'Month', price: 490, quantity: 1 }, currencyCode: 'RUB' },
      })
      expect(window.dataLayer).toEqual([
        { ecommerce: null },
        { event: 'ecommerce.remove', ecommerce: { currencyCode: 'RUB', remove: { products: [{ id: '2', name: 'Week', price: 199, quantity: 1 }] } } },
        { ecommerce: null },
        { event: 'ecommerce.add', ecommerce: { currencyCode: 'RUB', add: { products: [{ id: '3', name: 'Month', price: 490, quantity: 1 }] } } },
      ])
    })
  })
})

describe('R8: the payment failure toast', () => {
  const fail = { kind: 'error', key: 'payments.fail' } as const
  it('keeps the title payments.fail and shows the server message as the description', () => {
    const refused = new ApiError('http', 409, 'Conflict', { message: 'The trial can be used once per account.' })
    expect(paymentToast(fail, refused)).toEqual({ kind: 'error', key: 'payments.fail', description: 'The trial can be used once per account.' })
  })
  it('has no description without a server message', () => {
    expect(paymentToast(fail, new ApiError('network', null, 'offline'))).toEqual(fail)
    expect(paymentToast(fail, new ApiError('http', 502, 'Bad gateway', '<html>'))).toEqual(fail)
    expect(paymentToast(fail, new Error('The script could not be loaded'))).toEqual(fail)
    expect(paymentToast(fail, undefined)).toEqual(fail)
  })
  it('a success toast is left as it is', () => {
    expect(paymentToast({ kind: 'success', key: 'payments.success' }, new ApiError('http', 409, 'x', { message: 'm' }))).toEqual({
      kind: 'success',
      key: 'payments.success',
    })
  })
})
