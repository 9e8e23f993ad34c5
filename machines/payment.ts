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
import { type EventObject, fromCallback, fromPromise, setup } from 'xstate'
import type { CartChange, PurchaseAnalytics } from '#machines/rules/analytics.ts'
import type { PremiumState } from '#machines/rules/checkout.ts'
import type { PaymentCheck, PaymentOptions } from '#machines/rules/payment.ts'
import type { ToastParams } from '#machines/rules/toast.ts'
import { initialPaymentContext, paymentContextActions } from './payment-context.ts'
import { paymentGuards } from './payment-guards.ts'
import {
  accountPathParams,
  analyticsParams,
  checkErrorParams,
  checkInput,
  chosenPlanParams,
  closedParams,
  createPaymentInput,
  failToast,
  failureParams,
  loadWidgetInput,
  loginPathParams,
  offerCartParams,
  pendingToast,
  planCartParams,
  refreshErrorParams,
  refusalToast,
  refusedParams,
  restoredParams,
  restoreErrorParams,
  runWidgetInput,
  serviceErrorParams,
  successToast,
  unconfirmedParams,
  waitInput,
} from './payment-params.ts'
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

/** R9.2: only a plan the page offers this visitor is chosen (not a used trial; a guest has none used). */
const openPlan = { type: 'isOpenPlan', params: chosenPlanParams } as const
const choose = [
  {
    guard: 'isGuest',
    actions: [{ type: 'trackCart', params: planCartParams }, 'assignPlan', 'rememberPlan', { type: 'navigate', params: loginPathParams }],
  },
  { guard: openPlan, actions: [{ type: 'trackCart', params: planCartParams }, 'assignPlan', 'revealPayment'] },
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
    actions: [...refusal, { type: 'toast', params: refusalToast }, 'assignTrialUsed'],
  },
  {
    guard: { type: 'isOfferRefused', params: outputParams },
    target: '#payment.selecting',
    actions: [...refusal, { type: 'toast', params: refusalToast }, 'assignOfferUsed'],
  },
  { guard: { type: 'isRefused', params: outputParams }, target: '#payment.selecting', actions: [...refusal, { type: 'toast', params: refusalToast }] },
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
    actions: { ...paymentContextActions, ...paymentEffectActions, ...effects.actions },
    guards: paymentGuards,
  }).createMachine({
    id: 'payment',
    context: initialPaymentContext,
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
