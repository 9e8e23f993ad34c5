/**
 * What the payment machine's calls take and what its actions are given (its params), each
 * computed from the context or the event at hand.
 */
import { assertEvent, type EventObject } from 'xstate'
import { type CartChange, cartChange, type PurchaseAnalytics, purchaseAnalytics } from '#machines/rules/analytics.ts'
import { type OfferedPlan, offerPlan, type PremiumState } from '#machines/rules/checkout.ts'
import { localePath } from '#machines/rules/locale.ts'
import {
  buildWidgetRequest,
  CONFIRMATION_BACKOFF_MS,
  type PaymentCheck,
  type PaymentOptions,
  type PaymentService,
  type Subscription,
} from '#machines/rules/payment.ts'
import { loginHref } from '#machines/rules/redirect.ts'
import {
  PAYMENT_FAIL_TOAST,
  PAYMENT_OFFER_EXPIRED_TOAST,
  PAYMENT_OFFER_USED_TOAST,
  PAYMENT_PENDING_TOAST,
  PAYMENT_REFUNDED_TOAST,
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
  RunWidgetInput,
  WaitInput,
} from './payment-types.ts'
import type { NavigateParams } from './shared.ts'

/** Called only with a plan chosen (`canSubmit`). */
export function createPaymentInput({ context }: { context: PaymentContext }): CreatePaymentInput {
  return { subscriptionId: (context.subscription as Subscription).id, locale: context.locale, special: context.special }
}
export function loadWidgetInput({ context }: { context: PaymentContext }): LoadWidgetInput {
  return { service: context.service as PaymentService }
}
export function runWidgetInput({ context }: { context: PaymentContext }): RunWidgetInput {
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
export function checkInput({ context }: { context: PaymentContext }): CheckPaymentInput {
  return { paymentId: String((context.options as PaymentOptions).payment_id) }
}
export function waitInput({ context }: { context: PaymentContext }): WaitInput {
  return { ms: CONFIRMATION_BACKOFF_MS[Math.min(context.checks, CONFIRMATION_BACKOFF_MS.length) - 1] ?? 0 }
}
export function analyticsParams({ context }: { context: PaymentContext }): PurchaseAnalytics {
  return purchaseAnalytics(context.options as PaymentOptions, context.subscription as Subscription)
}
/** R3: the login page, with the premium page as the way back (set by `rememberPlan` just before). */
export function loginPathParams({ context }: { context: PaymentContext }): NavigateParams {
  return { to: loginHref(localePath(context.locale, '/login'), context.goToSubscription ? context.redirectAfterLoginTo : null) }
}
/** R4: `remove` for the plan left, `add` for the plan chosen (computed before the plan is assigned). */
export function planCartParams({ context, event }: { context: PaymentContext; event: PaymentEvent }): CartChange | null {
  assertEvent(event, 'plan.select')
  return cartChange(context.subscription, event.subscription)
}
/** The plan a `plan.select` names, for the guard that asks whether it is open (R9.2). */
export function chosenPlanParams({ event }: { event: PaymentEvent }): { id: number } {
  assertEvent(event, 'plan.select')
  return event.subscription
}
/** The same for the special offer (taken only when there is one, `hasOffer`). */
export function offerCartParams({ context }: { context: PaymentContext }): CartChange | null {
  return cartChange(context.subscription, (offerPlan(context.offered, context.offer) as OfferedPlan).plan)
}
export function restoredParams({ event }: { event: { output?: unknown } }): PremiumState | null {
  return (event.output as PremiumState | null | undefined) ?? null
}
export function restoreErrorParams({ event }: { event: EventObject & { error?: unknown } }): LogParams {
  return { message: 'stored premium state unreadable', detail: event.error }
}
export function accountPathParams({ context }: { context: PaymentContext }): NavigateParams {
  return { to: localePath(context.locale, '/account') }
}
export function successToast(): ToastParams {
  return PAYMENT_SUCCESS_TOAST
}
export function failToast(): ToastParams {
  return PAYMENT_FAIL_TOAST
}
/** A refusal at confirmation, told in its own words: what was refused and where the money is (decision 117). */
export function refusalToast({ event }: { event: { output?: unknown } }): ToastParams {
  switch (event.output as PaymentCheck) {
    case 'trial_used':
      return PAYMENT_TRIAL_USED_TOAST
    case 'offer_used':
      return PAYMENT_OFFER_USED_TOAST
    case 'offer_expired':
      return PAYMENT_OFFER_EXPIRED_TOAST
    case 'refunded':
      return PAYMENT_REFUNDED_TOAST
    default:
      return PAYMENT_FAIL_TOAST
  }
}
export function refusedParams({ event }: { event: { output?: unknown } }): LogParams {
  return { message: 'payment refused', detail: event.output }
}
export function pendingToast(): ToastParams {
  return PAYMENT_PENDING_TOAST
}
export function serviceErrorParams({ context }: { context: PaymentContext }): LogParams {
  return { message: context.error as string }
}
export function failureParams({ event }: { event: EventObject & { error?: unknown; reason?: unknown } }): LogParams {
  return { message: 'payment failed', detail: event.error ?? event.reason }
}
export function closedParams(): LogParams {
  return { message: 'payment widget closed' }
}
export function refreshErrorParams({ event }: { event: EventObject & { error?: unknown } }): LogParams {
  return { message: 'user refresh failed', detail: event.error }
}
export function unconfirmedParams({ context }: { context: PaymentContext }): LogParams {
  return { message: 'payment not confirmed yet', detail: (context.options as PaymentOptions).payment_id }
}
export function checkErrorParams({ event }: { event: EventObject & { error?: unknown } }): LogParams {
  return { message: 'payment check failed', detail: event.error }
}
