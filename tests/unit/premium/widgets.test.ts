import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { cloudPaymentsCallbacks, isCloudPaymentsCancel, openCloudPayments } from '#app/core/payments/cloudpayments.ts'
import { createRunWidget, openWidget, WidgetUnavailableError, widgetScriptUrl } from '#app/core/payments/index.ts'
import { openPayselection, payselectionCallbacks } from '#app/core/payments/payselection.ts'
import type { CloudPaymentsCallbacks, PayselectionCallbacks, WidgetOutcome, WidgetScope } from '#app/core/payments/types.ts'
import { parseConfig, toPublicConfig } from '#config'
import { paymentMachine } from '#machines/payment.ts'
import type { CheckPaymentInput } from '#machines/payment-types.ts'
import { buildWidgetRequest, type CloudPaymentsRequest, type PaymentCheck, type PaymentOptions, type PayselectionRequest } from '#machines/rules/payment.ts'
import { PAYMENT_LANGUAGES } from '../support/payment-languages.ts'

const RUB: PaymentOptions = { amount: 490, currency: 'RUB', payment_id: 17, user_id: 2, email: 'ann@example.com', tax_system_id: 0 }
const USD: PaymentOptions = { amount: 2.99, currency: 'USD', payment_id: 18, user_id: 2, email: 'ann@example.com', tax_system_id: null }
const KEYS = { serviceId: 'svc-1', publicKey: 'key-1' }

function cloudRequest(subscriptionId: number, options: PaymentOptions, locale = 'en'): CloudPaymentsRequest {
  return buildWidgetRequest({
    service: 'cloudpayments',
    subscriptionId,
    description: '30 days',
    options,
    locale,
    publicId: 'pk_host',
    payselection: KEYS,
  }) as CloudPaymentsRequest
}
function payselectionRequest(options: PaymentOptions, locale = 'ru'): PayselectionRequest {
  return buildWidgetRequest({
    service: 'payselection',
    subscriptionId: 3,
    description: '30 дней',
    options,
    locale,
    publicId: 'pk_host',
    payselection: KEYS,
  }) as PayselectionRequest
}

/** A fake `cp` global that records what the site passes. */
function fakeCloudPayments() {
  const calls: Array<{ language: string; scheme: string; options: Record<string, unknown>; callbacks: CloudPaymentsCallbacks }> = []
  const scope: WidgetScope = {
    cp: {
      CloudPayments: class {
        constructor(readonly config: { language: string }) {}
        pay(scheme: 'auth' | 'charge', options: Record<string, unknown>, callbacks: CloudPaymentsCallbacks) {
          calls.push({ language: this.config.language, scheme, options, callbacks })
          return undefined
        }
      },
    },
  }
  return { scope, calls }
}
function fakePayselection() {
  const calls: Array<{ keys: unknown; request: Record<string, any>; callbacks: PayselectionCallbacks }> = []
  const scope: WidgetScope = {
    pw: {
      PayWidget: class {
        pay(keys: { serviceId: string; key: string }, request: Record<string, unknown>, callbacks: PayselectionCallbacks) {
          calls.push({ keys, request, callbacks })
        }
      },
    },
  }
  return { scope, calls }
}

describe('R7, R9: the CloudPayments widget call', () => {
  it('opens with the language from the R9 map and charges a paid plan', () => {
    const { scope, calls } = fakeCloudPayments()
    openCloudPayments(scope, cloudRequest(3, RUB, 'ru'), () => {})
    expect(calls).toHaveLength(1)
    expect(calls[0]!.language).toBe('ru-RU')
    expect(calls[0]!.scheme).toBe('charge')
    expect(calls[0]!.options).toMatchObject({
      publicId: 'pk_host',
      description: '30 days',
      amount: 490,
      currency: 'RUB',
      invoiceId: '17',
      accountId: '2',
      email: 'ann@example.com',
      skin: 'classic',
    })
  })

  it('only authorises the trial (plan 1)', () => {
    const { scope, calls } = fakeCloudPayments()
    openCloudPayments(scope, cloudRequest(1, { ...USD, amount: 1 }), () => {})
    expect(calls[0]!.scheme).toBe('auth')
  })

  it('adds the receipt only in RUB: one line, quantity 1, no VAT, method 1, object 4', () => {
    const { scope, calls } = fakeCloudPayments()
    openCloudPayments(scope, cloudRequest(3, RUB), () => {})
    openCloudPayments(scope, cloudRequest(2, USD), () => {})
    expect(calls[0]!.options.data).toEqual({
      CloudPayments: {
        CustomerReceipt: {
          Items: [{ label: '30 days', price: 490, quantity: 1, amount: 490, vat: null, method: 1, object: 4 }],
          taxationSystem: 0,
          email: 'ann@example.com',
        },
      },
    })
    expect(calls[1]!.options).not.toHaveProperty('data')
  })

  it.each(PAYMENT_LANGUAGES)('R9: locale %s opens the widget in %s', (locale, language) => {
    const { scope, calls } = fakeCloudPayments()
    openCloudPayments(scope, cloudRequest(2, USD, locale), () => {})
    expect(calls[0]!.language).toBe(language)
  })

  it('reports success, failure and closing, each once', () => {
    const outcomes: WidgetOutcome[] = []
    const success = cloudPaymentsCallbacks((o) => outcomes.push(o))
    success.onSuccess?.({})
    success.onComplete?.({ success: true, type: 'payment' }, {})
    const fail = cloudPaymentsCallbacks((o) => outcomes.push(o))
    fail.onFail?.('Card declined by the issuer', {})
    fail.onComplete?.({ success: false, type: 'fail', code: 5005 }, {})
    const cancel = cloudPaymentsCallbacks((o) => outcomes.push(o))
    cancel.onComplete?.({ success: false, type: 'cancel', message: 'User has cancelled' }, {})
    expect(outcomes).toEqual([{ type: 'widget.success' }, { type: 'widget.fail', reason: 'Card declined by the issuer' }, { type: 'widget.close' }])
  })

  it('R4: the real widget closed reports onFail("User has cancelled"): a close, not a failure', () => {
    const outcomes: WidgetOutcome[] = []
    const closed = cloudPaymentsCallbacks((o) => outcomes.push(o))
    closed.onFail?.('User has cancelled', {})
    // What the widget may report after it, for the same payment, is not reported again.
    closed.onComplete?.({ success: false, type: 'fail', message: 'User has cancelled' }, {})
    const failed = cloudPaymentsCallbacks((o) => outcomes.push(o))
    failed.onFail?.('Insufficient funds', {})
    const odd = cloudPaymentsCallbacks((o) => outcomes.push(o))
    odd.onFail?.({ message: 'User has cancelled' }, {})
    expect(outcomes).toEqual([
      { type: 'widget.close' },
      { type: 'widget.fail', reason: 'Insufficient funds' },
      { type: 'widget.fail', reason: { message: 'User has cancelled' } },
    ])
    expect([
      isCloudPaymentsCancel('User has cancelled'),
      isCloudPaymentsCancel(' User has cancelled '),
      isCloudPaymentsCancel('user has'),
      isCloudPaymentsCancel(null),
    ]).toEqual([true, true, false, false])
  })

  it('throws when the script defined no widget', () => {
    expect(() => openCloudPayments({}, cloudRequest(2, USD), () => {})).toThrow(WidgetUnavailableError)
  })
})

describe('R7, R9: the Payselection widget call', () => {
  it('sends keys, Pay metadata, the amount with two decimals in RUB, the order id and rebilling', () => {
    const { scope, calls } = fakePayselection()
    openPayselection(scope, payselectionRequest({ ...RUB, amount: 1190 }), () => {})
    expect(calls[0]!.keys).toEqual({ serviceId: 'svc-1', key: 'key-1' })
    expect(calls[0]!.request).toEqual({
      MetaData: { PaymentType: 'Pay' },
      PaymentRequest: { Description: '30 дней', Amount: '1190.00', Currency: 'RUB', OrderId: '17', RebillFlag: true },
      CustomerInfo: { Email: 'ann@example.com', ReceiptEmail: 'ann@example.com', Language: 'ru' },
    })
  })

  it.each([
    ['ru', 'ru'],
    ['en', 'en'],
    ['de', 'en'],
    ['es', 'en'],
    ['fr', 'en'],
    ['', 'en'],
  ])('R9, decision 050: locale %s opens the widget in CustomerInfo.Language %s', (locale, language) => {
    const { scope, calls } = fakePayselection()
    openPayselection(scope, payselectionRequest(RUB, locale), () => {})
    expect(calls[0]!.request.CustomerInfo.Language).toBe(language)
    // The widget is built without options: its language travels with the request only.
    expect(calls[0]!.request).not.toHaveProperty('language')
  })

  it.each([
    [1, '1.00'],
    [199, '199.00'],
    [2.5, '2.50'],
    [6.99, '6.99'],
    [0.1 + 0.2, '0.30'],
    [1190.005, '1190.01'],
  ])('amount %d is sent as "%s"', (amount, text) => {
    const { scope, calls } = fakePayselection()
    openPayselection(scope, payselectionRequest({ ...RUB, amount }), () => {})
    expect(calls[0]!.request.PaymentRequest.Amount).toBe(text)
  })

  it('keeps the currency RUB even when the options name another', () => {
    const { scope, calls } = fakePayselection()
    openPayselection(scope, payselectionRequest(USD), () => {})
    expect(calls[0]!.request.PaymentRequest.Currency).toBe('RUB')
  })

  it('reports success, errors and closing, each once', () => {
    const outcomes: WidgetOutcome[] = []
    const a = payselectionCallbacks((o) => outcomes.push(o))
    a.onSuccess?.({ event: 'success' })
    a.onClose?.()
    const b = payselectionCallbacks((o) => outcomes.push(o))
    b.onError?.({ code: 'PaymentDeclined', message: 'Card declined by the issuer' })
    const c = payselectionCallbacks((o) => outcomes.push(o))
    c.onClose?.()
    expect(outcomes).toEqual([
      { type: 'widget.success' },
      { type: 'widget.fail', reason: { code: 'PaymentDeclined', message: 'Card declined by the issuer' } },
      { type: 'widget.close' },
    ])
  })

  it('throws when the script defined no widget', () => {
    expect(() => openPayselection({}, payselectionRequest(RUB), () => {})).toThrow(WidgetUnavailableError)
  })
})

describe('the configured script per provider', () => {
  it('takes each URL from configuration', () => {
    const config = toPublicConfig(parseConfig({ CLOUDPAYMENTS_SCRIPT_URL: 'https://cp.example/cp.js', PAYSELECTION_SCRIPT_URL: 'https://ps.example/pw.js' }))
    expect(widgetScriptUrl(config.payment, 'cloudpayments')).toBe('https://cp.example/cp.js')
    expect(widgetScriptUrl(config.payment, 'payselection')).toBe('https://ps.example/pw.js')
  })
  it('dispatches on the request service', () => {
    const cloud = fakeCloudPayments()
    const ps = fakePayselection()
    const scope = { ...cloud.scope, ...ps.scope }
    openWidget(scope, cloudRequest(2, USD), () => {})
    openWidget(scope, payselectionRequest(RUB), () => {})
    expect([cloud.calls.length, ps.calls.length]).toEqual([1, 1])
  })
})

describe('R4: the runWidget actor inside the payment machine', () => {
  function start(scope: WidgetScope, service: 'cloudpayments' | 'payselection' = 'cloudpayments') {
    const navigate = vi.fn()
    const toast = vi.fn()
    const log = vi.fn()
    const createPayment = vi.fn(async () => USD)
    const machine = paymentMachine.provide({
      actors: {
        createPayment: fromPromise(createPayment),
        loadWidgetScript: fromPromise(async () => {}),
        runWidget: createRunWidget(() => scope),
        // The provider's notification is already in: the first check confirms.
        checkPayment: fromPromise<PaymentCheck, CheckPaymentInput>(async () => 'paid'),
        refreshUser: fromPromise(async () => {}),
      },
      actions: {
        navigate: (_, p) => navigate(p.to),
        toast: (_, p) => toast('key' in p ? p.key : p.text),
        log: (_, p) => log(p.message),
        logError: () => {},
        trackPurchase: () => {},
      },
    })
    const actor = createActor(machine, {
      input: { locale: 'en', loggedIn: true, activeService: service, publicId: 'pk_host', payselection: KEYS },
    }).start()
    actor.send({ type: 'plan.select', subscription: { id: 2, name: 'Week', days: 7, prices: { using: { actual: 2.99, currency: 'USD' } } }, label: '7 days' })
    actor.send({ type: 'agreement.set', agreement: 'premium', value: true })
    actor.send({ type: 'agreement.set', agreement: 'promo', value: true })
    return { actor, navigate, toast, log, createPayment }
  }

  it('a success goes to the account page with a success toast; double submits create one payment', async () => {
    const { scope, calls } = fakeCloudPayments()
    const { actor, navigate, toast, createPayment } = start(scope)
    actor.send({ type: 'payment.submit' })
    actor.send({ type: 'payment.submit' })
    await waitFor(actor, (s) => s.matches({ paying: 'charging' }))
    actor.send({ type: 'payment.submit' })
    expect(createPayment).toHaveBeenCalledTimes(1)
    expect(calls).toHaveLength(1)
    calls[0]!.callbacks.onSuccess?.({})
    calls[0]!.callbacks.onComplete?.({ success: true, type: 'payment' }, {})
    await waitFor(actor, (s) => s.matches('selecting'))
    expect(toast).toHaveBeenCalledWith('payments.success')
    expect(navigate).toHaveBeenCalledWith('/en/account')
    expect(actor.getSnapshot().context.subscription).toBeNull()
  })

  it('a decline is a failure toast; closing is only logged', async () => {
    const { scope, calls } = fakePayselection()
    const { actor, toast, log, navigate } = start(scope, 'payselection')
    actor.send({ type: 'payment.submit' })
    await waitFor(actor, (s) => s.matches({ paying: 'charging' }))
    calls[0]!.callbacks.onError?.({ code: 'PaymentDeclined', message: 'declined' })
    await waitFor(actor, (s) => s.matches('selecting'))
    expect(toast).toHaveBeenCalledWith('payments.fail')

    actor.send({ type: 'payment.submit' })
    await waitFor(actor, (s) => s.matches({ paying: 'charging' }))
    calls[1]!.callbacks.onClose?.()
    await waitFor(actor, (s) => s.matches('selecting'))
    expect(toast).toHaveBeenCalledTimes(1)
    expect(log).toHaveBeenCalledWith('payment widget closed')
    expect(navigate).not.toHaveBeenCalled()
    expect(actor.getSnapshot().context.subscription?.id).toBe(2)
  })

  it('a script without the widget global is a failure, not a hang', async () => {
    const { actor, toast } = start({})
    actor.send({ type: 'payment.submit' })
    await waitFor(actor, (s) => s.matches('selecting') && toast.mock.calls.length > 0)
    expect(toast).toHaveBeenCalledWith('payments.fail')
  })

  it('an outcome after the machine moved on is dropped', async () => {
    const { scope, calls } = fakeCloudPayments()
    const { actor, toast } = start(scope)
    actor.send({ type: 'payment.submit' })
    await waitFor(actor, (s) => s.matches({ paying: 'charging' }))
    calls[0]!.callbacks.onComplete?.({ success: false, type: 'cancel' }, {})
    await waitFor(actor, (s) => s.matches('selecting'))
    calls[0]!.callbacks.onFail?.('late', {})
    expect(toast).not.toHaveBeenCalled()
  })
})
