/**
 * The payment machine's context: how it begins, from the machine's input, and the actions of the
 * machine that change it (the actions outside the machine are the app's).
 */
import { assertEvent, assign } from 'xstate'
import { type OfferedPlan, offerPlan, openPlans, type PremiumState, reconcileRestored } from '#machines/rules/checkout.ts'
import { localePath } from '#machines/rules/locale.ts'
import { type Agreement, isPaymentService, type PaymentOptions, requiredAgreementsFor, unknownPaymentServiceMessage } from '#machines/rules/payment.ts'
import { isPlanShown, isTrialPlan } from '#machines/rules/plans.ts'
import type { LogParams, PaymentContext, PaymentEvent, PaymentInput } from './payment-types.ts'

const EMPTY_AGREEMENTS: Record<Agreement, boolean> = { premium: false, promo: false, withdrawal: false }

/**
 * The context the machine starts with: the plans shown (R9), the special offer taken at once
 * when the page was opened for it, the configured service checked (R8), and a restored premium
 * state as it is given.
 */
export function initialPaymentContext({ input }: { input: PaymentInput }): PaymentContext {
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
}

/** An assignment to the payment machine's context; written outside `setup`, it names the context and events itself. */
const assignContext = assign<PaymentContext, PaymentEvent, undefined, PaymentEvent, never>

/** The machine's own actions: each changes its context. */
export const paymentContextActions = {
  assignPlan: assignContext(({ event }) => {
    assertEvent(event, 'plan.select')
    return { subscription: event.subscription, label: event.label, special: false, error: null }
  }),
  assignOffer: assignContext(({ context }) => {
    const offered = offerPlan(context.offered, context.offer) as OfferedPlan
    return { subscription: offered.plan, label: offered.label, special: true, error: null }
  }),
  assignAgreement: assignContext(({ context, event }) => {
    assertEvent(event, 'agreement.set')
    return { agreements: { ...context.agreements, [event.agreement]: event.value } }
  }),
  assignLoggedIn: assignContext(({ event }) => {
    assertEvent(event, 'auth.changed')
    return { loggedIn: event.loggedIn, hasEmail: event.hasEmail ?? true, trialUsed: event.loggedIn && (event.trialUsed ?? false) }
  }),
  /** R3: come back to the plan after login. */
  rememberPlan: assignContext(({ context }) => ({ redirectAfterLoginTo: localePath(context.locale, '/premium'), goToSubscription: true })),
  /** Back on the premium page after login: the redirect target and flag are used up. */
  clearRedirect: assignContext({ redirectAfterLoginTo: null, goToSubscription: false }),
  /** R3: the stored state, its plan matched against the plans on offer now. */
  assignRestored: assign<PaymentContext, PaymentEvent, PremiumState | null, PaymentEvent, never>(
    ({ context }, stored) => reconcileRestored(stored, openPlans(context)) ?? {},
  ),
  assignOptions: assign<PaymentContext, PaymentEvent, PaymentOptions, PaymentEvent, never>((_, options) => ({ options, checks: 0 })),
  countCheck: assignContext(({ context }) => ({ checks: context.checks + 1 })),
  restartChecks: assignContext({ checks: 0 }),
  assignFailure: assign<PaymentContext, PaymentEvent, LogParams, PaymentEvent, never>((_, params) => ({ error: params.message, options: null })),
  /**
   * R9.2: the backend refused the trial at confirmation, the account's trial being used: it is
   * no longer offered (known of a signed-in visitor only), and no longer chosen.
   */
  assignTrialUsed: assignContext(({ context }) =>
    isTrialPlan(context.subscription) ? { trialUsed: context.loggedIn, subscription: null, label: '' } : { trialUsed: context.loggedIn },
  ),
  /**
   * R9.16: the backend refused the special offer at confirmation, the account having taken it
   * meanwhile: it is no longer offered, and no longer chosen.
   */
  assignOfferUsed: assignContext(({ context }) => (context.special ? { offer: null, special: false, subscription: null, label: '' } : { offer: null })),
  clearOptions: assignContext({ options: null }),
  /** R4: reset the premium state: redirect target, agreements, subscription, options. */
  resetPremium: assignContext({
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
}
