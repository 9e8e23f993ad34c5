/** The payment machine's guards: what its context, or the answer of a payment check, allows next. */
import { offerPlan, payBlocker } from '#machines/rules/checkout.ts'
import { CONFIRMATION_CHECKS, type PaymentCheck } from '#machines/rules/payment.ts'
import { isPlanOpen } from '#machines/rules/plans.ts'
import type { PaymentContext } from './payment-types.ts'

type Args = { context: PaymentContext }

export const paymentGuards = {
  hasValidService: ({ context }: Args) => context.service !== null,
  /** A valid service, and the stored state is to be read first. */
  shouldRestore: ({ context }: Args) => context.service !== null && context.restoreStored,
  isGuest: ({ context }: Args) => !context.loggedIn,
  /** R9.2: a plan the page offers this visitor: not the trial once the account's trial is used. */
  isOpenPlan: ({ context }: Args, plan: { id: number }) => isPlanOpen(plan, context.trialUsed),
  /** R3: a plan was chosen as a guest, and the session is there now. */
  isBackFromLogin: ({ context }: Args) => context.goToSubscription && context.loggedIn,
  hasOffer: ({ context }: Args) => context.loggedIn && offerPlan(context.offered, context.offer) !== null,
  canSubmit: ({ context }: Args) => payBlocker(context) === null,
  isConfirmed: (_: unknown, check: PaymentCheck) => check === 'paid',
  isRefused: (_: unknown, check: PaymentCheck) => check === 'refused' || check === 'refunded',
  isTrialRefused: (_: unknown, check: PaymentCheck) => check === 'trial_used',
  /** R9.16: the offer is gone, taken meanwhile or its window over. */
  isOfferRefused: (_: unknown, check: PaymentCheck) => check === 'offer_used' || check === 'offer_expired',
  hasChecksLeft: ({ context }: Args) => context.checks < CONFIRMATION_CHECKS,
}
