import { PAYMENT_FAIL_TOAST, PAYMENT_SUCCESS_TOAST, paymentMachine, type PaymentContext, type PaymentInput, type PremiumState } from '#machines/payment'
import { cartChange, purchaseAnalytics } from '#machines/rules/analytics'
import { localePath } from '#machines/rules/locale'
import { buildWidgetRequest, unknownPaymentServiceMessage, type PaymentOptions, type Subscription } from '#machines/rules/payment'
import type { EventObject } from 'xstate'
import type { Effect, EffectOracle, Snap, TestEvent } from '../harness'
import type { MachineModel } from './types'

export const TRIAL: Subscription = { id: 1, name: 'Trial', days: 3, prices: { using: { actual: 1 } } }
export const MONTH: Subscription = { id: 3, name: 'Month', days: 30, prices: { using: { actual: 990 } } }
export const OPTIONS_TRIAL: PaymentOptions = { amount: 1, currency: 'RUB', payment_id: 'pay-1', user_id: 7, email: 'player@example.com', tax_system_id: 1 }
export const OPTIONS_MONTH: PaymentOptions = { amount: 990, currency: 'RUB', payment_id: 'pay-2', user_id: 7, email: 'player@example.com', tax_system_id: 1 }
export const CONFIG = { publicId: 'pk_test', payselection: { serviceId: '21000', publicKey: 'ps-key' } }
/** The plans on offer now: the month costs more than when it was stored. */
const MONTH_NOW: Subscription = { ...MONTH, prices: { using: { actual: 1090 } } }
const OFFERED = [
  { plan: TRIAL, label: 'Пробный период' },
  { plan: MONTH_NOW, label: '30 дней' },
]
/** What a guest left in storage before the trip to the login page. */
const STORED: PremiumState = {
  subscription: MONTH,
  label: '30 days',
  agreements: { premium: true, promo: false },
  redirectAfterLoginTo: '/ru/premium',
  goToSubscription: true,
}
const focusPayment: Effect = { type: 'focusPayment', params: undefined }

const outcomes = (): TestEvent[] => [
  { type: 'xstate.error.actor.createPayment', error: new Error('402') },
  { type: 'xstate.done.actor.loadWidgetScript' },
  { type: 'xstate.error.actor.loadWidgetScript', error: new Error('script blocked') },
  { type: 'widget.success' },
  { type: 'widget.fail', reason: { code: 'declined' } },
  { type: 'widget.close' },
  { type: 'xstate.done.actor.refreshUser' },
  { type: 'xstate.error.actor.refreshUser', error: new Error('users/me failed') },
]

const events = (snapshot: Snap): TestEvent[] => {
  const ctx = snapshot.context as PaymentContext
  return [
    { type: 'plan.select', subscription: TRIAL, label: 'Trial' },
    { type: 'plan.select', subscription: MONTH, label: '30 days' },
    // Unticking and locale changes are covered by the scenario tests; here each flag only goes on.
    ...(ctx.agreements.premium ? [] : [{ type: 'agreement.set', agreement: 'premium', value: true }]),
    ...(ctx.agreements.promo ? [] : [{ type: 'agreement.set', agreement: 'promo', value: true }]),
    { type: 'payment.submit' },
    { type: 'auth.changed', loggedIn: !ctx.loggedIn },
    ...(ctx.locale === 'en' && ctx.subscription === null ? [{ type: 'locale.changed', locale: 'ru' }] : []),
    { type: 'xstate.done.actor.readStoredState', output: STORED },
    { type: 'xstate.done.actor.readStoredState', output: null },
    { type: 'xstate.error.actor.readStoredState', error: new Error('storage disabled') },
    { type: 'xstate.done.actor.createPayment', output: ctx.subscription?.id === 1 ? OPTIONS_TRIAL : OPTIONS_MONTH },
    ...outcomes(),
  ]
}

/** Every ordering of one paid purchase by a logged-in user with both agreements. */
const simpleEvents = (snapshot: Snap): TestEvent[] => {
  const ctx = snapshot.context as PaymentContext
  return [
    { type: 'plan.select', subscription: MONTH, label: '30 days' },
    ...(ctx.agreements.premium ? [] : [{ type: 'agreement.set', agreement: 'premium', value: true }]),
    ...(ctx.agreements.promo ? [] : [{ type: 'agreement.set', agreement: 'promo', value: true }]),
    { type: 'payment.submit' },
    { type: 'xstate.done.actor.createPayment', output: OPTIONS_MONTH },
    ...outcomes(),
  ]
}

/** Spec 3, 4, 7, 8: the side effects each step must cause. */
const oracle: EffectOracle = (before, event, after, input: PaymentInput) => {
  const b = before?.context as PaymentContext | undefined
  const a = after.context as PaymentContext
  const e = event as EventObject & { error?: unknown; reason?: unknown }
  const invoke = (id: string, payload: unknown): Effect => ({ type: 'invoke', id, input: payload })
  // Spec 3: arriving in `selecting` signed in, with a plan chosen as a guest: the way back is used
  // up and the payment panel is next.
  const backFromLogin = (goToSubscription: boolean, loggedIn: boolean): Effect[] =>
    after.matches('selecting') && goToSubscription && loggedIn ? [focusPayment] : []
  const stopWidget: Effect = { type: 'stop', id: 'runWidget' }
  const fail = (detail: unknown): Effect[] => [
    { type: 'logError', params: { message: 'payment failed', detail } },
    { type: 'toast', params: PAYMENT_FAIL_TOAST },
  ]
  switch (e.type) {
    case 'xstate.init':
      if (after.matches('unavailable')) return [{ type: 'logError', params: { message: unknownPaymentServiceMessage(input.activeService) } }]
      if (after.matches('restoring')) return [invoke('readStoredState', undefined)]
      // Spec 3: a state given back as input by a logged-in user: the payment panel is next.
      return input.loggedIn && input.restored?.goToSubscription ? [focusPayment] : []
    case 'plan.select': {
      // Spec 4: `remove` for the plan left, `add` for the plan chosen; nothing for the same plan.
      const cart: Effect = { type: 'trackCart', params: cartChange(b!.subscription, (e as unknown as { subscription: Subscription }).subscription) }
      return b!.loggedIn ? [cart] : [cart, { type: 'navigate', params: { to: `${localePath(b!.locale, '/login')}?redirect=${encodeURIComponent(localePath(b!.locale, '/premium'))}` } }]
    }
    case 'auth.changed':
      return backFromLogin(b!.goToSubscription, (e as unknown as { loggedIn: boolean }).loggedIn)
    case 'agreement.set':
    case 'locale.changed':
      return []
    case 'xstate.done.actor.readStoredState': {
      // A stored state replaces what was chosen meanwhile; none keeps it.
      const stored = (e as unknown as { output: PremiumState | null }).output
      return backFromLogin(stored ? stored.goToSubscription : b!.goToSubscription, b!.loggedIn)
    }
    case 'xstate.error.actor.readStoredState':
      return [{ type: 'logError', params: { message: 'stored premium state unreadable', detail: e.error } }, ...backFromLogin(b!.goToSubscription, b!.loggedIn)]
    case 'payment.submit':
      return after.matches('paying') ? [invoke('createPayment', { subscriptionId: b!.subscription!.id, locale: b!.locale })] : []
    case 'xstate.done.actor.createPayment':
      return [invoke('loadWidgetScript', { service: a.service })]
    case 'xstate.error.actor.createPayment':
    case 'xstate.error.actor.loadWidgetScript':
      return fail(e.error)
    case 'xstate.done.actor.loadWidgetScript':
      return [
        invoke(
          'runWidget',
          buildWidgetRequest({
            service: a.service!,
            subscriptionId: a.subscription!.id,
            description: a.label,
            options: a.options!,
            locale: a.locale,
            publicId: CONFIG.publicId,
            payselection: CONFIG.payselection,
          }),
        ),
      ]
    case 'widget.success':
      // Actions run first; then the widget actor is stopped and the user refresh starts.
      return [
        { type: 'toast', params: PAYMENT_SUCCESS_TOAST },
        { type: 'trackPurchase', params: purchaseAnalytics(b!.options!, b!.subscription!) },
        stopWidget,
        invoke('refreshUser', undefined),
      ]
    case 'widget.fail':
      return [...fail(e.reason), stopWidget]
    case 'widget.close':
      // Spec 4: closing only logs.
      return [{ type: 'log', params: { message: 'payment widget closed' } }, stopWidget]
    case 'xstate.done.actor.refreshUser':
      return [{ type: 'navigate', params: { to: localePath(b!.locale, '/account') } }]
    case 'xstate.error.actor.refreshUser':
      return [
        { type: 'logError', params: { message: 'user refresh failed', detail: e.error } },
        { type: 'navigate', params: { to: localePath(b!.locale, '/account') } },
      ]
    default:
      throw new Error(`payment oracle: unexpected event ${e.type}`)
  }
}

export const paymentModel: MachineModel = {
  name: 'payment',
  spec: 'spec 3, 4, 7, 8, 9: payment flow',
  machine: paymentMachine,
  fakes: {
    actions: ['toast', 'trackPurchase', 'trackCart', 'focusPayment', 'navigate', 'log', 'logError'],
    promiseActors: ['createPayment', 'loadWidgetScript', 'refreshUser', 'readStoredState'],
    callbackActors: ['runWidget'],
    callbackEvents: { 'widget.success': 'runWidget', 'widget.fail': 'runWidget', 'widget.close': 'runWidget' },
  },
  oracle,
  inputs: [
    { label: 'a logged-in user, cloudpayments', input: { locale: 'en', loggedIn: true, activeService: 'cloudpayments', ...CONFIG } satisfies PaymentInput },
    {
      label: 'a guest back from login, payselection, the stored state read first',
      input: { locale: 'ru', loggedIn: false, activeService: 'payselection', ...CONFIG, restoreStored: true, offered: OFFERED } satisfies PaymentInput,
    },
    {
      label: 'a logged-in user back from login, the state given as input',
      input: {
        locale: 'en',
        loggedIn: true,
        activeService: 'cloudpayments',
        ...CONFIG,
        restored: { subscription: MONTH, label: '30 days', redirectAfterLoginTo: '/en/premium', goToSubscription: true },
      } satisfies PaymentInput,
    },
    { label: 'an unknown payment service', input: { locale: 'en', loggedIn: true, activeService: 'stripe', ...CONFIG } satisfies PaymentInput },
  ],
  events,
  simpleEvents,
}
