import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { paymentMachine } from '#machines/payment.ts'
import { selectOpenPlans, selectTrialUsed } from '#machines/payment-selectors.ts'
import {
  assertPaymentService,
  buildReceipt,
  buildWidgetRequest,
  formatPayselectionAmount,
  isPaymentService,
  PAYMENT_SERVICES,
  type PaymentOptions,
  paymentLanguage,
  paymentScheme,
  payselectionLanguage,
  pricesStateVat,
  readCardCheck,
  readPaymentCheck,
  requiredAgreementsFor,
} from '#machines/rules/payment.ts'
import { loginHref } from '#machines/rules/redirect.ts'
import { PAYMENT_LANGUAGES } from '../../unit/support/payment-languages.ts'

const RUB: PaymentOptions = { amount: 990, currency: 'RUB', payment_id: 42, user_id: 7, email: 'p@example.com', tax_system_id: 2 }
const EUR: PaymentOptions = { amount: 12, currency: 'EUR', payment_id: 43, user_id: 7, email: 'p@example.com' }

describe("R4.5, R9.2, R9.16: the backend's answer after the widget's success", () => {
  it.each([
    [{ status: 'pending' }, 'pending'],
    [{ status: 'pending', failure: null }, 'pending'],
    [{ status: 'paid', failure: null }, 'paid'],
    [{ status: 'failed', failure: 'trial_used' }, 'trial_used'],
    // R9.16: a special offer taken twice side by side.
    [{ status: 'failed', failure: 'offer_used' }, 'offer_used'],
    [{ status: 'failed', failure: 'offer_used', refund: 'done' }, 'offer_used'],
    // R9.16: an offer confirmed after its window ended.
    [{ status: 'failed', failure: 'offer_expired', refund: 'pending' }, 'offer_expired'],
    // Decision 117: any other refusal whose money is on its way back, or back, says so.
    [{ status: 'failed', failure: 'plan_unavailable', refund: 'pending' }, 'refunded'],
    [{ status: 'failed', failure: 'scheme_mismatch', refund: 'done' }, 'refunded'],
    [{ status: 'failed', failure: 'plan_unavailable', refund: null }, 'refused'],
    // A paid payment whose second operation was refunded is paid.
    [{ status: 'paid', failure: null, refund: 'done' }, 'paid'],
    [{ status: 'pending', refund: 'pending' }, 'pending'],
    // A card check's end is no subscription payment's (R9.22).
    [{ status: 'voided', failure: null }, 'refused'],
    // A failure is read only on a failed payment: a voided one's is no decline and no named refusal.
    [{ status: 'voided', failure: 'declined' }, 'refused'],
    [{ status: 'voided', failure: 'offer_used' }, 'refused'],
    [{ status: 'failed', failure: 'something_new' }, 'refused'],
    // An earlier card declined in the same form: this one's notification is still to come.
    [{ status: 'failed', failure: 'declined' }, 'pending'],
    [{ status: 'failed', failure: 'scheme_mismatch' }, 'refused'],
    // A backend without the failure extension: a refusal like any other.
    [{ status: 'failed' }, 'refused'],
  ] as const)('%j reads as %s', (answer, expected) => {
    expect(readPaymentCheck(answer)).toBe(expected)
  })
})

describe("R9.22: the backend's answer for a card check after the widget's success", () => {
  it.each([
    [{ status: 'pending' }, 'pending'],
    [{ status: 'pending', failure: null }, 'pending'],
    // An earlier card declined in the same form: this one's notification is still to come.
    [{ status: 'failed', failure: 'declined' }, 'pending'],
    [{ status: 'voided', failure: null }, 'replaced'],
    [{ status: 'paid', failure: null }, 'refused'],
    // A decline counts only on a failed payment.
    [{ status: 'paid', failure: 'declined' }, 'refused'],
    [{ status: 'failed', failure: 'scheme_mismatch' }, 'refused'],
    [{ status: 'failed', failure: null }, 'refused'],
  ] as const)('%j is %s', (answer, expected) => {
    expect(readCardCheck(answer)).toBe(expected)
  })
})

describe('R4, R9: payment scheme', () => {
  it('authorises the trial (subscription id 1) and charges every other plan', () => {
    expect(paymentScheme(1)).toBe('auth')
    expect(paymentScheme(2)).toBe('charge')
    expect(paymentScheme(3)).toBe('charge')
    expect(paymentScheme(0)).toBe('charge')
  })
})

describe('R4, R9: receipt only in RUB', () => {
  it('builds one line: quantity 1, no VAT, method 1, object 4, taxation system from tax_system_id', () => {
    expect(buildReceipt('30 days', RUB)).toEqual({
      Items: [{ label: '30 days', price: 990, quantity: 1, amount: 990, vat: null, method: 1, object: 4 }],
      taxationSystem: 2,
      email: 'p@example.com',
    })
  })
  it('is absent for any other currency', () => {
    expect(buildReceipt('30 days', EUR)).toBeNull()
    expect(buildReceipt('30 days', { ...RUB, currency: 'rub' })).toBeNull()
  })
})

describe('R7, R9: payselection amount', () => {
  it('has exactly two decimals', () => {
    expect(formatPayselectionAmount(990)).toBe('990.00')
    expect(formatPayselectionAmount(1)).toBe('1.00')
    expect(formatPayselectionAmount(12.5)).toBe('12.50')
    expect(formatPayselectionAmount(0.1 + 0.2)).toBe('0.30')
  })
})

describe('R9: payment language map', () => {
  it.each<readonly [string | null, string]>([...PAYMENT_LANGUAGES, [null, 'en-US']])('%s -> %s', (locale, language) => {
    expect(paymentLanguage(locale)).toBe(language)
  })
})

describe('R4, R8: available payment services', () => {
  it('accepts payselection and cloudpayments', () => {
    expect(PAYMENT_SERVICES).toEqual(['payselection', 'cloudpayments'])
    expect(assertPaymentService('payselection')).toBe('payselection')
    expect(isPaymentService('cloudpayments')).toBe(true)
  })
  it('rejects anything else with an error listing the available services', () => {
    expect(() => assertPaymentService('stripe')).toThrowError('Unknown payment service "stripe". Available services: payselection, cloudpayments.')
    expect(isPaymentService(undefined)).toBe(false)
  })
})

describe('R7: widget requests', () => {
  const base = { subscriptionId: 3, description: '30 days', locale: 'ru', publicId: 'pk_1', payselection: { serviceId: '21000', publicKey: 'key' } }
  it('cloudpayments: scheme, ids as strings, receipt in RUB, skin classic', () => {
    expect(buildWidgetRequest({ ...base, service: 'cloudpayments', options: RUB })).toEqual({
      service: 'cloudpayments',
      language: 'ru-RU',
      scheme: 'charge',
      options: {
        publicId: 'pk_1',
        description: '30 days',
        amount: 990,
        currency: 'RUB',
        invoiceId: '42',
        accountId: '7',
        email: 'p@example.com',
        skin: 'classic',
        data: { CloudPayments: { CustomerReceipt: buildReceipt('30 days', RUB) } },
      },
    })
    const trial = buildWidgetRequest({ ...base, subscriptionId: 1, service: 'cloudpayments', options: { ...EUR, amount: 1 } })
    expect(trial.service === 'cloudpayments' && trial.scheme).toBe('auth')
    expect(trial.service === 'cloudpayments' && 'data' in trial.options).toBe(false)
  })
  it('payselection: keys, amount with two decimals, RUB, rebill flag, Pay metadata', () => {
    expect(buildWidgetRequest({ ...base, service: 'payselection', options: RUB })).toEqual({
      service: 'payselection',
      language: 'ru-RU',
      keys: { serviceId: '21000', key: 'key' },
      request: {
        MetaData: { PaymentType: 'Pay' },
        PaymentRequest: { OrderId: '42', Amount: '990.00', Currency: 'RUB', Description: '30 days', RebillFlag: true },
        CustomerInfo: { Email: 'p@example.com', ReceiptEmail: 'p@example.com', Language: 'ru' },
      },
    })
  })
})

describe('R10.2: the sandbox widget token travels to the widget only when the backend gave one', () => {
  const base = { subscriptionId: 3, description: '30 days', locale: 'en', publicId: 'pk_1', payselection: { serviceId: '21000', publicKey: 'key' } }
  const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
  it('cloudpayments: `data.widgetToken`, beside the receipt of a payment in RUB', () => {
    const usd = buildWidgetRequest({ ...base, service: 'cloudpayments', options: { ...EUR, widget_token: TOKEN } })
    expect(usd.service === 'cloudpayments' && usd.options.data).toEqual({ widgetToken: TOKEN })
    const rub = buildWidgetRequest({ ...base, service: 'cloudpayments', options: { ...RUB, widget_token: TOKEN } })
    expect(rub.service === 'cloudpayments' && rub.options.data).toEqual({
      CloudPayments: { CustomerReceipt: buildReceipt('30 days', RUB) },
      widgetToken: TOKEN,
    })
  })
  it('payselection: `PaymentRequest.ExtraData.WidgetToken`', () => {
    const request = buildWidgetRequest({ ...base, service: 'payselection', options: { ...RUB, widget_token: TOKEN } })
    expect(request.service === 'payselection' && request.request.PaymentRequest).toEqual({
      OrderId: '42',
      Amount: '990.00',
      Currency: 'RUB',
      Description: '30 days',
      RebillFlag: true,
      ExtraData: { WidgetToken: TOKEN },
    })
  })
})

describe('R9, decision 050: the Payselection widget language', () => {
  it('is the two-letter code of the R9 language when the widget documents it (ru, en), else en', () => {
    expect(['ru', 'en', 'de', 'cs', 'lv', 'xx', null, undefined].map((locale) => payselectionLanguage(locale))).toEqual([
      'ru',
      'en',
      'en',
      'en',
      'en',
      'en',
      'en',
      'en',
    ])
  })
})

describe('R3: the login page with the way back', () => {
  it('adds the redirect parameter to the login path only, once', () => {
    expect(loginHref('/en/login', '/en/premium')).toBe('/en/login?redirect=%2Fen%2Fpremium')
    expect(loginHref('/ru/login?from=premium', '/ru/premium')).toBe('/ru/login?from=premium&redirect=%2Fru%2Fpremium')
    expect(loginHref('/en/login', null)).toBe('/en/login')
    expect(loginHref('/en/account', '/en/premium')).toBe('/en/account')
    expect(loginHref('/en/login?redirect=%2Fen%2Ffaq', '/en/premium')).toBe('/en/login?redirect=%2Fen%2Ffaq')
  })
})

describe('decision 072: the e-mail for the receipt', () => {
  const input = { locale: 'en' as const, loggedIn: true, activeService: 'cloudpayments', publicId: 'pk', payselection: { serviceId: 's', publicKey: 'k' } }
  it('a visitor the site says nothing about has one (only a Steam account may lack it)', () => {
    expect(createActor(paymentMachine, { input }).getSnapshot().context.hasEmail).toBe(true)
    expect(createActor(paymentMachine, { input: { ...input, hasEmail: false } }).getSnapshot().context.hasEmail).toBe(false)
  })
  it('the session changing without a word on the e-mail keeps one', () => {
    const actor = createActor(paymentMachine, { input: { ...input, hasEmail: false } })
    actor.start()
    actor.send({ type: 'auth.changed', loggedIn: true })
    expect(actor.getSnapshot().context.hasEmail).toBe(true)
    actor.stop()
  })
})

describe('R9.2: a signed-in visitor who used the trial is not offered it', () => {
  const trial = { id: 1, name: 'Trial', days: 3, prices: { using: { actual: 1, currency: 'USD' } } }
  const month = { id: 3, name: 'Month', days: 30, prices: { using: { actual: 6.99, currency: 'USD' } } }
  const input = {
    locale: 'en' as const,
    loggedIn: false,
    activeService: 'cloudpayments',
    publicId: 'pk',
    payselection: { serviceId: 's', publicKey: 'k' },
    plans: [
      { plan: trial, label: 'Trial' },
      { plan: month, label: '30 days' },
    ],
  }
  it('signing in to an account whose trial is used takes the trial off the plans, and the page says why', () => {
    const actor = createActor(paymentMachine, { input })
    actor.start()
    expect(selectOpenPlans(actor.getSnapshot()).map((view) => view.label)).toEqual(['Trial', '30 days'])
    actor.send({ type: 'auth.changed', loggedIn: true, trialUsed: true })
    expect(selectOpenPlans(actor.getSnapshot()).map((view) => view.label)).toEqual(['30 days'])
    expect(selectTrialUsed(actor.getSnapshot())).toBe(true)
    actor.stop()
  })
  it('a guest is offered it: who used it is known of a signed-in visitor only', () => {
    const actor = createActor(paymentMachine, { input: { ...input, loggedIn: true, trialUsed: true } })
    actor.start()
    actor.send({ type: 'auth.changed', loggedIn: false, trialUsed: true })
    expect(selectOpenPlans(actor.getSnapshot()).map((view) => view.label)).toEqual(['Trial', '30 days'])
    expect(selectTrialUsed(actor.getSnapshot())).toBe(false)
    actor.stop()
  })
})

describe('R9.30: the prices that say VAT is included, by the page language', () => {
  it.each([
    ['en', false],
    ['ru', false],
    ['de', true],
  ] as const)('%s: %s', (locale, expected) => {
    expect(pricesStateVat(locale)).toBe(expected)
  })
})

describe('R9.20: the agreements a payment needs, by the page language', () => {
  it.each([
    ['en', ['premium', 'promo']],
    ['ru', ['premium', 'promo']],
    ['de', ['premium', 'promo', 'withdrawal']],
  ] as const)('%s: %j', (locale, expected) => {
    expect(requiredAgreementsFor(locale)).toEqual(expected)
  })
})
