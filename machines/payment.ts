/**
 * Spec 3, 4, 7, 8, 9: premium subscription and payment.
 * Choose a plan, tick the agreements, request payment options (POST /payments), load the
 * active provider's widget script, run the widget. One payment at a time: while a payment is
 * under way `payment.submit` is not handled, so double clicks never create two payments.
 *
 * Never restore a snapshot of this machine: persist `persistedPremiumState(snapshot)` and pass
 * it back as input; the machine then always starts in `selecting`.
 */
import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate'
import {
  buildWidgetRequest,
  isPaymentService,
  unknownPaymentServiceMessage,
  type PaymentOptions,
  type PaymentService,
  type Subscription,
  type WidgetRequest,
} from './rules/payment'
import { purchaseAnalytics, type PurchaseAnalytics } from './rules/analytics'
import { localePath, type Locale } from './rules/locale'

export type Agreement = 'premium' | 'promo'

export interface PremiumState {
  subscription: Subscription | null
  /** The plan's label as shown (a trial by its name, other plans by days count), used as description. */
  label: string
  agreements: Record<Agreement, boolean>
  redirectAfterLoginTo: string | null
  goToSubscription: boolean
}

export interface PaymentInput {
  locale: Locale
  loggedIn: boolean
  /** Runtime configuration: the active service name (validated here). */
  activeService: string
  /** Runtime configuration: the card provider public id for this host. */
  publicId: string
  /** Runtime configuration: the second provider's keys. */
  payselection: { serviceId: string; publicKey: string }
  /** Which agreements must be ticked before paying; both by default. */
  requiredAgreements?: readonly Agreement[]
  /** A premium state persisted earlier (see `persistedPremiumState`). */
  restored?: Partial<PremiumState> | null
}

export interface PaymentContext extends PremiumState {
  locale: Locale
  loggedIn: boolean
  service: PaymentService | null
  publicId: string
  payselection: { serviceId: string; publicKey: string }
  requiredAgreements: readonly Agreement[]
  options: PaymentOptions | null
  error: string | null
}

export type PaymentEvent =
  | { type: 'plan.select'; subscription: Subscription; label: string }
  | { type: 'agreement.set'; agreement: Agreement; value: boolean }
  | { type: 'payment.submit' }
  /** The session changed (wired from the auth machine). */
  | { type: 'auth.changed'; loggedIn: boolean }
  /** Back on the premium page after login: the redirect target and flag are used up. */
  | { type: 'redirect.consumed' }
  | { type: 'locale.changed'; locale: Locale }
  // Sent by the `runWidget` actor:
  | { type: 'widget.success' }
  | { type: 'widget.fail'; reason?: unknown }
  | { type: 'widget.close' }

export interface CreatePaymentInput { subscriptionId: number; locale: Locale }
export interface LoadWidgetInput { service: PaymentService }
export type RunWidgetInput = WidgetRequest
export interface ToastParams { kind: 'success' | 'info' | 'warning' | 'error'; key: string }
export interface NavigateParams { to: string }
export interface LogParams { message: string; detail?: unknown }

export const PAYMENT_SUCCESS_TOAST: ToastParams = { kind: 'success', key: 'payments.success' }
export const PAYMENT_FAIL_TOAST: ToastParams = { kind: 'error', key: 'payments.fail' }
const EMPTY_AGREEMENTS: Record<Agreement, boolean> = { premium: false, promo: false }

function notProvided(name: string): never {
  throw new Error(`payment: actor "${name}" not provided`)
}
function createPaymentInput({ context }: { context: PaymentContext }): CreatePaymentInput {
  return { subscriptionId: context.subscription?.id ?? 0, locale: context.locale }
}
function loadWidgetInput({ context }: { context: PaymentContext }): LoadWidgetInput {
  return { service: context.service as PaymentService }
}
function runWidgetInput({ context }: { context: PaymentContext }): RunWidgetInput {
  return buildWidgetRequest({
    service: context.service as PaymentService,
    subscriptionId: context.subscription?.id ?? 0,
    description: context.label,
    options: context.options as PaymentOptions,
    locale: context.locale,
    publicId: context.publicId,
    payselection: context.payselection,
  })
}
function analyticsParams({ context }: { context: PaymentContext }): PurchaseAnalytics {
  return purchaseAnalytics(context.options as PaymentOptions, context.subscription ?? { id: 0, name: '' })
}
function loginPathParams({ context }: { context: PaymentContext }): NavigateParams {
  return { to: localePath(context.locale, '/login') }
}
function accountPathParams({ context }: { context: PaymentContext }): NavigateParams {
  return { to: localePath(context.locale, '/account') }
}
function successToast(): ToastParams {
  return PAYMENT_SUCCESS_TOAST
}
function failToast(): ToastParams {
  return PAYMENT_FAIL_TOAST
}
function serviceErrorParams({ context }: { context: PaymentContext }): LogParams {
  return { message: context.error ?? '' }
}
function failureParams({ event }: { event: EventObject & { error?: unknown; reason?: unknown } }): LogParams {
  return { message: 'payment failed', detail: event.error ?? event.reason }
}
function closedParams(): LogParams {
  return { message: 'payment widget closed' }
}
function refreshErrorParams({ event }: { event: EventObject & { error?: unknown } }): LogParams {
  return { message: 'user refresh failed', detail: event.error }
}

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
    tags: {} as 'busy',
  },
  actors: {
    /** Spec 7: POST /payments; answers the payment options. */
    createPayment: fromPromise<PaymentOptions, CreatePaymentInput>(async () => notProvided('createPayment')),
    /** Loads the active provider's widget script. */
    loadWidgetScript: fromPromise<void, LoadWidgetInput>(async () => notProvided('loadWidgetScript')),
    /** Opens the widget; sends back `widget.success`, `widget.fail` or `widget.close`. */
    runWidget: fromCallback<EventObject, RunWidgetInput>(() => notProvided('runWidget')),
    /** Spec 4: fetches the user again after a payment (the auth machine's `user.refresh`). */
    refreshUser: fromPromise<void, void>(async () => notProvided('refreshUser')),
  },
  actions: {
    assignPlan: assign(({ event }) => (event.type === 'plan.select' ? { subscription: event.subscription, label: event.label, error: null } : {})),
    assignAgreement: assign(({ context, event }) =>
      event.type === 'agreement.set' ? { agreements: { ...context.agreements, [event.agreement]: event.value } } : {},
    ),
    assignLoggedIn: assign(({ event }) => (event.type === 'auth.changed' ? { loggedIn: event.loggedIn } : {})),
    assignLocale: assign(({ event }) => (event.type === 'locale.changed' ? { locale: event.locale } : {})),
    /** Spec 3: come back to the plan after login. */
    rememberPlan: assign(({ context }) => ({ redirectAfterLoginTo: localePath(context.locale, '/premium'), goToSubscription: true })),
    clearRedirect: assign({ redirectAfterLoginTo: null, goToSubscription: false }),
    assignOptions: assign((_, options: PaymentOptions) => ({ options })),
    assignFailure: assign((_, params: LogParams) => ({ error: params.message, options: null })),
    clearOptions: assign({ options: null }),
    /** Spec 4: reset the premium state: redirect target, agreements, subscription, options. */
    resetPremium: assign({
      redirectAfterLoginTo: null,
      goToSubscription: false,
      agreements: EMPTY_AGREEMENTS,
      subscription: null,
      label: '',
      options: null,
      error: null,
    }),
    // --- side effects (provided by the app) ---
    toast: (_, _params: ToastParams) => {},
    /** Spec 4: e-commerce purchase and tag-manager event (failures are the app's to ignore). */
    trackPurchase: (_, _params: PurchaseAnalytics) => {},
    navigate: (_, _params: NavigateParams) => {},
    log: (_, _params: LogParams) => {},
    logError: (_, _params: LogParams) => {},
  },
  guards: {
    hasValidService: ({ context }) => context.service !== null,
    isGuest: ({ context }) => !context.loggedIn,
    canSubmit: ({ context }) =>
      context.loggedIn && context.subscription !== null && context.requiredAgreements.every((name) => context.agreements[name]),
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    locale: input.locale,
    loggedIn: input.loggedIn,
    service: isPaymentService(input.activeService) ? input.activeService : null,
    publicId: input.publicId,
    payselection: input.payselection,
    requiredAgreements: input.requiredAgreements ?? ['premium', 'promo'],
    subscription: input.restored?.subscription ?? null,
    label: input.restored?.label ?? '',
    agreements: { ...EMPTY_AGREEMENTS, ...input.restored?.agreements },
    redirectAfterLoginTo: input.restored?.redirectAfterLoginTo ?? null,
    goToSubscription: input.restored?.goToSubscription ?? false,
    options: null,
    error: isPaymentService(input.activeService) ? null : unknownPaymentServiceMessage(input.activeService),
  }),
  initial: 'checkingService',
  on: {
    'auth.changed': { actions: 'assignLoggedIn' },
    'locale.changed': { actions: 'assignLocale' },
  },
  states: {
    checkingService: {
      always: [
        { guard: 'hasValidService', target: 'selecting' },
        { target: 'unavailable', actions: { type: 'logError', params: serviceErrorParams } },
      ],
    },
    /** Spec 8: the configured service is neither payselection nor cloudpayments. */
    unavailable: {},
    selecting: {
      on: {
        'plan.select': [
          { guard: 'isGuest', actions: ['assignPlan', 'rememberPlan', { type: 'navigate', params: loginPathParams }] },
          { actions: 'assignPlan' },
        ],
        'agreement.set': { actions: 'assignAgreement' },
        'redirect.consumed': { actions: 'clearRedirect' },
        'payment.submit': { guard: 'canSubmit', target: 'paying' },
      },
    },
    paying: {
      tags: 'busy',
      initial: 'requestingOptions',
      states: {
        requestingOptions: {
          invoke: {
            id: 'createPayment',
            src: 'createPayment',
            input: createPaymentInput,
            onDone: { target: 'loadingWidget', actions: { type: 'assignOptions', params: ({ event }) => event.output } },
            onError: {
              target: '#payment.selecting',
              actions: [{ type: 'assignFailure', params: failureParams }, { type: 'logError', params: failureParams }, { type: 'toast', params: failToast }],
            },
          },
        },
        loadingWidget: {
          invoke: {
            id: 'loadWidgetScript',
            src: 'loadWidgetScript',
            input: loadWidgetInput,
            onDone: { target: 'charging' },
            onError: {
              target: '#payment.selecting',
              actions: [{ type: 'assignFailure', params: failureParams }, { type: 'logError', params: failureParams }, { type: 'toast', params: failToast }],
            },
          },
        },
        charging: {
          invoke: { id: 'runWidget', src: 'runWidget', input: runWidgetInput },
          on: {
            'widget.success': { target: '#payment.succeeded' },
            'widget.fail': {
              target: '#payment.selecting',
              actions: [{ type: 'assignFailure', params: failureParams }, { type: 'logError', params: failureParams }, { type: 'toast', params: failToast }],
            },
            /** Spec 4: closing the widget only logs. */
            'widget.close': { target: '#payment.selecting', actions: ['clearOptions', { type: 'log', params: closedParams }] },
          },
        },
      },
    },
    succeeded: {
      tags: 'busy',
      entry: [{ type: 'toast', params: successToast }, { type: 'trackPurchase', params: analyticsParams }],
      invoke: {
        id: 'refreshUser',
        src: 'refreshUser',
        onDone: { target: 'selecting', actions: [{ type: 'navigate', params: accountPathParams }, 'resetPremium'] },
        onError: {
          target: 'selecting',
          actions: [{ type: 'logError', params: refreshErrorParams }, { type: 'navigate', params: accountPathParams }, 'resetPremium'],
        },
      },
    },
  },
})

export type PaymentMachine = typeof paymentMachine

/** What may be persisted between pages: never the options or a payment under way. */
export function persistedPremiumState(snapshot: { context: PaymentContext }): PremiumState {
  const { subscription, label, agreements, redirectAfterLoginTo, goToSubscription } = snapshot.context
  return { subscription, label, agreements: { ...agreements }, redirectAfterLoginTo, goToSubscription }
}
