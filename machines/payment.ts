/**
 * R3, R4, R7, R8, R9: premium subscription and payment.
 * Choose a plan (or the special offer), tick the agreements, request payment options
 * (POST /payments), load the active provider's widget script, run the widget; then wait until
 * the provider's signed notification has reached the backend and the payment is confirmed.
 * One payment at a time: while a payment is under way `payment.submit` is not handled, so double
 * clicks never create two payments.
 *
 * Never restore a snapshot of this machine: persist `persistedPremiumState(snapshot)`
 * (payment-selectors.ts) and give it back, either as `restored` input or (in the browser, after
 * hydration) through the `readStoredState` actor with `restoreStored`; the machine then always
 * starts in `selecting`.
 * A stored plan is matched against the plans on offer now.
 */
import { assertEvent, assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate'
import { type CartChange, cartChange, type PurchaseAnalytics, purchaseAnalytics } from '#machines/rules/analytics.ts'
import { type OfferedPlan, offerPlan, openPlans, type PremiumState, payBlocker, reconcileRestored } from '#machines/rules/checkout.ts'
import { localePath } from '#machines/rules/locale.ts'
import {
  type Agreement,
  buildWidgetRequest,
  CONFIRMATION_BACKOFF_MS,
  CONFIRMATION_CHECKS,
  isPaymentService,
  type PaymentCheck,
  type PaymentOptions,
  type PaymentService,
  requiredAgreementsFor,
  type Subscription,
  unknownPaymentServiceMessage,
} from '#machines/rules/payment.ts'
import { isPlanShown, isTrialPlan } from '#machines/rules/plans.ts'
import { loginHref } from '#machines/rules/redirect.ts'
import {
  PAYMENT_FAIL_TOAST,
  PAYMENT_OFFER_USED_TOAST,
  PAYMENT_PENDING_TOAST,
  PAYMENT_SUCCESS_TOAST,
  PAYMENT_TRIAL_USED_TOAST,
  type ToastParams,
} from '#machines/rules/toast.ts'
import type {
  CheckPaymentInput,
  CreatePaymentInput,
  LoadWidgetInput,
  LogParams,
  PaymentContext,
  PaymentEvent,
  PaymentInput,
  RunWidgetInput,
  WaitInput,
} from './payment-types.ts'
import { type MachineEffects, type NavigateParams, notProvided, outputParams } from './shared.ts'

export type { Agreement } from '#machines/rules/payment.ts'

export { CONFIRMATION_BACKOFF_MS, CONFIRMATION_CHECKS } from '#machines/rules/payment.ts'

const EMPTY_AGREEMENTS: Record<Agreement, boolean> = { premium: false, promo: false, withdrawal: false }

/** Called only with a plan chosen (`canSubmit`). */
function createPaymentInput({ context }: { context: PaymentContext }): CreatePaymentInput {
  return { subscriptionId: (context.subscription as Subscription).id, locale: context.locale, special: context.special }
}
function loadWidgetInput({ context }: { context: PaymentContext }): LoadWidgetInput {
  return { service: context.service as PaymentService }
}
function runWidgetInput({ context }: { context: PaymentContext }): RunWidgetInput {
  return buildWidgetRequest({
    service: context.service as PaymentService,
    subscriptionId: (context.subscription as Subscription).id,
    description: context.label,
    options: context.options as PaymentOptions,
    locale: context.locale,
    publicId: context.publicId,
    payselection: context.payselection,
  })
}
function checkInput({ context }: { context: PaymentContext }): CheckPaymentInput {
  return { paymentId: String((context.options as PaymentOptions).payment_id) }
}
function waitInput({ context }: { context: PaymentContext }): WaitInput {
  return { ms: CONFIRMATION_BACKOFF_MS[Math.min(context.checks, CONFIRMATION_BACKOFF_MS.length) - 1] ?? 0 }
}
function analyticsParams({ context }: { context: PaymentContext }): PurchaseAnalytics {
  return purchaseAnalytics(context.options as PaymentOptions, context.subscription as Subscription)
}
/** R3: the login page, with the premium page as the way back (set by `rememberPlan` just before). */
function loginPathParams({ context }: { context: PaymentContext }): NavigateParams {
  return { to: loginHref(localePath(context.locale, '/login'), context.goToSubscription ? context.redirectAfterLoginTo : null) }
}
/** R4: `remove` for the plan left, `add` for the plan chosen (computed before the plan is assigned). */
function planCartParams({ context, event }: { context: PaymentContext; event: PaymentEvent }): CartChange | null {
  assertEvent(event, 'plan.select')
  return cartChange(context.subscription, event.subscription)
}
/** The same for the special offer (taken only when there is one, `hasOffer`). */
function offerCartParams({ context }: { context: PaymentContext }): CartChange | null {
  return cartChange(context.subscription, (offerPlan(context.offered, context.offer) as OfferedPlan).plan)
}
function restoredParams({ event }: { event: { output?: unknown } }): PremiumState | null {
  return (event.output as PremiumState | null | undefined) ?? null
}
function restoreErrorParams({ event }: { event: EventObject & { error?: unknown } }): LogParams {
  return { message: 'stored premium state unreadable', detail: event.error }
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
function trialUsedToast(): ToastParams {
  return PAYMENT_TRIAL_USED_TOAST
}
function offerUsedToast(): ToastParams {
  return PAYMENT_OFFER_USED_TOAST
}
function refusedParams({ event }: { event: { output?: unknown } }): LogParams {
  return { message: 'payment refused', detail: event.output }
}
function pendingToast(): ToastParams {
  return PAYMENT_PENDING_TOAST
}
function serviceErrorParams({ context }: { context: PaymentContext }): LogParams {
  return { message: context.error as string }
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
function unconfirmedParams({ context }: { context: PaymentContext }): LogParams {
  return { message: 'payment not confirmed yet', detail: (context.options as PaymentOptions).payment_id }
}
function checkErrorParams({ event }: { event: EventObject & { error?: unknown } }): LogParams {
  return { message: 'payment check failed', detail: event.error }
}

const choose = [
  { guard: 'isGuest', actions: [{ type: 'trackCart', params: planCartParams }, 'assignPlan', 'rememberPlan', { type: 'navigate', params: loginPathParams }] },
  { actions: [{ type: 'trackCart', params: planCartParams }, 'assignPlan', 'revealPayment'] },
] as const
const takeOffer = { guard: 'hasOffer', actions: [{ type: 'trackCart', params: offerCartParams }, 'assignOffer', 'revealPayment'] } as const

/** A step of the payment failed: the failure is kept, logged and told, and the plans are back. */
const paymentFailed = {
  target: '#payment.selecting',
  actions: [
    { type: 'assignFailure', params: failureParams },
    { type: 'logError', params: failureParams },
    { type: 'toast', params: failToast },
  ],
} as const
/**
 * The backend refused the payment at confirmation (R4.5, R9.2): nothing was taken, the failure is
 * kept, logged and told (for a used trial or a used offer, in its own words), and the plans are back.
 */
const refusal = [
  { type: 'assignFailure', params: refusedParams },
  { type: 'logError', params: refusedParams },
] as const
const paymentRefused = [
  {
    guard: { type: 'isTrialRefused', params: outputParams },
    target: '#payment.selecting',
    actions: [...refusal, { type: 'toast', params: trialUsedToast }, 'assignTrialUsed'],
  },
  {
    guard: { type: 'isOfferRefused', params: outputParams },
    target: '#payment.selecting',
    actions: [...refusal, { type: 'toast', params: offerUsedToast }, 'assignOfferUsed'],
  },
  { guard: { type: 'isRefused', params: outputParams }, target: '#payment.selecting', actions: [...refusal, { type: 'toast', params: failToast }] },
] as const
/** Every check made and no confirmation yet: the visitor is told what happens next. */
const notConfirmed = [
  { type: 'log', params: unconfirmedParams },
  { type: 'toast', params: pendingToast },
] as const
/** The next confirmation check, or the end of the checks. */
const afterCheck = [
  { guard: 'hasChecksLeft', target: 'waiting' },
  { target: '#payment.unconfirmed', actions: notConfirmed },
] as const
/** After a paid payment, with the user fetched again or not: the account page, the premium state reset. */
const toAccount = [{ type: 'navigate', params: accountPathParams }, 'resetPremium'] as const

/** The payment machine's calls: each fails until the app gives its own. */
const paymentActors = {
  /** R7: POST /payments; answers the payment options. */
  createPayment: fromPromise<PaymentOptions, CreatePaymentInput>(async () => notProvided('payment', 'createPayment')),
  /** Loads the active provider's widget script. */
  loadWidgetScript: fromPromise<void, LoadWidgetInput>(async () => notProvided('payment', 'loadWidgetScript')),
  /** Opens the widget; sends back `widget.success`, `widget.fail` or `widget.close`. */
  runWidget: fromCallback<EventObject, RunWidgetInput>(() => notProvided('payment', 'runWidget')),
  /** Whether the backend has the payment as paid (the provider's notification has arrived). */
  checkPayment: fromPromise<PaymentCheck, CheckPaymentInput>(async () => notProvided('payment', 'checkPayment')),
  /** Resolves after `ms` milliseconds. */
  wait: fromPromise<void, WaitInput>(async () => notProvided('payment', 'wait')),
  /** R4: fetches the user again after a payment (the auth machine's `user.refresh`). */
  refreshUser: fromPromise<void, void>(async () => notProvided('payment', 'refreshUser')),
  /** R3: the premium state stored before the trip to the login page, or null. */
  readStoredState: fromPromise<PremiumState | null, void>(async () => notProvided('payment', 'readStoredState')),
}
// Stryker disable next-line ObjectLiteral: an action the machine does not know does nothing, as these do; they declare the actions and their params for the compiler (decision 070)
const paymentEffectActions = {
  /** Tells the visitor; a failure's error comes with the event. */
  toast: (_: { event: EventObject }, _params: ToastParams) => {},
  /** R4: e-commerce purchase and tag-manager event (failures are the app's to ignore). */
  trackPurchase: (_: unknown, _params: PurchaseAnalytics) => {},
  /** R4: e-commerce `remove` (the plan left) and `add` (the plan chosen); null: no change. */
  trackCart: (_: unknown, _params: CartChange | null) => {},
  /** Back from login with a plan chosen: the payment panel is next (scroll to it, focus it). */
  focusPayment: () => {},
  /** A plan was chosen: the payment panel is brought into view (the focus stays). */
  revealPayment: () => {},
  navigate: (_: unknown, _params: NavigateParams) => {},
  log: (_: unknown, _params: LogParams) => {},
  logError: (_: unknown, _params: LogParams) => {},
}

/** What the app gives the payment machine: its backend and provider calls and its actions outside the machine. */
export type PaymentEffects = MachineEffects<typeof paymentActors, typeof paymentEffectActions>

/**
 * The payment machine, with the app's effects when given. The browser builds it once, with its
 * effects, when the premium page first renders; `paymentMachine` is the machine as defined (the
 * tests, the server). Building a machine makes every state node (decision 022).
 */
export function createPaymentMachine(effects: PaymentEffects = {}) {
  return setup({
    // Stryker disable next-line ObjectLiteral: the types only exist for the compiler (decision 070)
    types: {
      context: {} as PaymentContext,
      events: {} as PaymentEvent,
      input: {} as PaymentInput,
      tags: {} as 'busy',
    },
    actors: { ...paymentActors, ...effects.actors },
    actions: {
      assignPlan: assign(({ event }) => {
        assertEvent(event, 'plan.select')
        return { subscription: event.subscription, label: event.label, special: false, error: null }
      }),
      assignOffer: assign(({ context }) => {
        const offered = offerPlan(context.offered, context.offer) as OfferedPlan
        return { subscription: offered.plan, label: offered.label, special: true, error: null }
      }),
      assignAgreement: assign(({ context, event }) => {
        assertEvent(event, 'agreement.set')
        return { agreements: { ...context.agreements, [event.agreement]: event.value } }
      }),
      assignLoggedIn: assign(({ event }) => {
        assertEvent(event, 'auth.changed')
        return { loggedIn: event.loggedIn, hasEmail: event.hasEmail ?? true, trialUsed: event.loggedIn && (event.trialUsed ?? false) }
      }),
      /** R3: come back to the plan after login. */
      rememberPlan: assign(({ context }) => ({ redirectAfterLoginTo: localePath(context.locale, '/premium'), goToSubscription: true })),
      /** Back on the premium page after login: the redirect target and flag are used up. */
      clearRedirect: assign({ redirectAfterLoginTo: null, goToSubscription: false }),
      /** R3: the stored state, its plan matched against the plans on offer now. */
      assignRestored: assign(({ context }, stored: PremiumState | null) => reconcileRestored(stored, openPlans(context)) ?? {}),
      assignOptions: assign((_, options: PaymentOptions) => ({ options, checks: 0 })),
      countCheck: assign(({ context }) => ({ checks: context.checks + 1 })),
      restartChecks: assign({ checks: 0 }),
      assignFailure: assign((_, params: LogParams) => ({ error: params.message, options: null })),
      /**
       * R9.2: the backend refused the trial at confirmation, the account's trial being used: it is
       * no longer offered (known of a signed-in visitor only), and no longer chosen.
       */
      assignTrialUsed: assign(({ context }) =>
        context.subscription !== null && isTrialPlan(context.subscription)
          ? { trialUsed: context.loggedIn, subscription: null, label: '' }
          : { trialUsed: context.loggedIn },
      ),
      /**
       * R9.16: the backend refused the special offer at confirmation, the account having taken it
       * meanwhile: it is no longer offered, and no longer chosen.
       */
      assignOfferUsed: assign(({ context }) => (context.special ? { offer: null, special: false, subscription: null, label: '' } : { offer: null })),
      clearOptions: assign({ options: null }),
      /** R4: reset the premium state: redirect target, agreements, subscription, options. */
      resetPremium: assign({
        redirectAfterLoginTo: null,
        goToSubscription: false,
        agreements: EMPTY_AGREEMENTS,
        subscription: null,
        label: '',
        special: false,
        options: null,
        checks: 0,
        error: null,
      }),
      ...paymentEffectActions,
      ...effects.actions,
    },
    guards: {
      hasValidService: ({ context }) => context.service !== null,
      /** A valid service, and the stored state is to be read first. */
      shouldRestore: ({ context }) => context.service !== null && context.restoreStored,
      isGuest: ({ context }) => !context.loggedIn,
      /** R3: a plan was chosen as a guest, and the session is there now. */
      isBackFromLogin: ({ context }) => context.goToSubscription && context.loggedIn,
      hasOffer: ({ context }) => context.loggedIn && offerPlan(context.offered, context.offer) !== null,
      canSubmit: ({ context }) => payBlocker(context) === null,
      isConfirmed: (_, check: PaymentCheck) => check === 'paid',
      isRefused: (_, check: PaymentCheck) => check === 'refused',
      isTrialRefused: (_, check: PaymentCheck) => check === 'trial_used',
      isOfferRefused: (_, check: PaymentCheck) => check === 'offer_used',
      hasChecksLeft: ({ context }) => context.checks < CONFIRMATION_CHECKS,
    },
  }).createMachine({
    id: 'payment',
    context: ({ input }) => {
      const offered = (input.plans ?? []).filter((view) => isPlanShown(view.plan, input.debugPrices ?? false))
      const offer = input.offer ?? null
      const taken = input.takeOffer && input.loggedIn ? offerPlan(offered, offer) : null
      return {
        locale: input.locale,
        loggedIn: input.loggedIn,
        hasEmail: input.hasEmail ?? true,
        trialUsed: input.loggedIn && (input.trialUsed ?? false),
        service: isPaymentService(input.activeService) ? input.activeService : null,
        publicId: input.publicId,
        payselection: input.payselection,
        requiredAgreements: input.requiredAgreements ?? requiredAgreementsFor(input.locale),
        restoreStored: (input.restoreStored ?? false) && taken === null,
        offered,
        offer,
        special: taken !== null,
        subscription: taken?.plan ?? input.restored?.subscription ?? null,
        label: taken?.label ?? input.restored?.label ?? '',
        agreements: { ...EMPTY_AGREEMENTS, ...input.restored?.agreements },
        redirectAfterLoginTo: input.restored?.redirectAfterLoginTo ?? null,
        goToSubscription: input.restored?.goToSubscription ?? false,
        options: null,
        checks: 0,
        error: isPaymentService(input.activeService) ? null : unknownPaymentServiceMessage(input.activeService),
      }
    },
    initial: 'checkingService',
    on: {
      'auth.changed': { actions: 'assignLoggedIn' },
    },
    states: {
      checkingService: {
        always: [
          { guard: 'shouldRestore', target: 'restoring' },
          { guard: 'hasValidService', target: 'selecting' },
          { target: 'unavailable', actions: { type: 'logError', params: serviceErrorParams } },
        ],
      },
      /** R8: the configured service is neither payselection nor cloudpayments. */
      unavailable: {},
      /**
       * R3: reading the state stored before the trip to the login page. A plan chosen in the
       * meantime counts, unless a stored state is found.
       */
      restoring: {
        invoke: {
          id: 'readStoredState',
          src: 'readStoredState',
          onDone: { target: 'selecting', actions: { type: 'assignRestored', params: restoredParams } },
          onError: { target: 'selecting', actions: { type: 'logError', params: restoreErrorParams } },
        },
        on: {
          'plan.select': choose,
          'offer.take': takeOffer,
          'agreement.set': { actions: 'assignAgreement' },
        },
      },
      selecting: {
        /** R3: back from login with a plan chosen: the way back is used up, the payment panel is next. */
        always: { guard: 'isBackFromLogin', actions: ['clearRedirect', 'focusPayment'] },
        on: {
          'plan.select': choose,
          'offer.take': takeOffer,
          'agreement.set': { actions: 'assignAgreement' },
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
              onDone: { target: 'loadingWidget', actions: { type: 'assignOptions', params: outputParams } },
              onError: paymentFailed,
            },
          },
          loadingWidget: {
            invoke: {
              id: 'loadWidgetScript',
              src: 'loadWidgetScript',
              input: loadWidgetInput,
              onDone: { target: 'charging' },
              onError: paymentFailed,
            },
          },
          charging: {
            invoke: { id: 'runWidget', src: 'runWidget', input: runWidgetInput },
            on: {
              'widget.success': { target: 'confirming' },
              'widget.fail': paymentFailed,
              /** R4: closing the widget only logs. */
              'widget.close': { target: '#payment.selecting', actions: ['clearOptions', { type: 'log', params: closedParams }] },
            },
          },
          /** The widget said success; the backend confirms once the provider's notification is in. */
          confirming: {
            initial: 'checking',
            states: {
              checking: {
                entry: 'countCheck',
                invoke: {
                  id: 'checkPayment',
                  src: 'checkPayment',
                  input: checkInput,
                  onDone: [{ guard: { type: 'isConfirmed', params: outputParams }, target: '#payment.succeeded' }, ...paymentRefused, ...afterCheck],
                  onError: [
                    { guard: 'hasChecksLeft', target: 'waiting', actions: { type: 'logError', params: checkErrorParams } },
                    { target: '#payment.unconfirmed', actions: [{ type: 'logError', params: checkErrorParams }, ...notConfirmed] },
                  ],
                },
              },
              waiting: {
                invoke: { id: 'wait', src: 'wait', input: waitInput, onDone: { target: 'checking' } },
              },
            },
          },
        },
      },
      /** Paid in the widget, not confirmed yet after every check: the visitor can look again or go to the account. */
      unconfirmed: {
        on: { 'payment.recheck': { target: '#payment.paying.confirming', actions: 'restartChecks' } },
      },
      succeeded: {
        tags: 'busy',
        entry: [
          { type: 'toast', params: successToast },
          { type: 'trackPurchase', params: analyticsParams },
        ],
        invoke: {
          id: 'refreshUser',
          src: 'refreshUser',
          onDone: { target: 'selecting', actions: toAccount },
          onError: { target: 'selecting', actions: [{ type: 'logError', params: refreshErrorParams }, ...toAccount] },
        },
      },
    },
  })
}

/** The payment machine as defined: its calls fail and its effects do nothing. */
export const paymentMachine = /* @__PURE__ */ createPaymentMachine()

export type PaymentMachine = typeof paymentMachine
