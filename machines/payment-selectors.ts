/**
 * What the premium page reads of the payment machine's snapshots: the plans to choose from, the
 * special offer's plan, why paying waits, the sign-in link, and the premium state to persist.
 */
import { type OfferedPlan, offerPlan, openPlans, type PayBlocker, type PremiumState, payBlocker } from '#machines/rules/checkout.ts'
import { localePath } from '#machines/rules/locale.ts'
import { isTrialPlan } from '#machines/rules/plans.ts'
import { loginHref } from '#machines/rules/redirect.ts'
import type { PaymentContext } from './payment-types.ts'

/** Why the pay button does nothing now: a blocker, or a payment under way. */
/** `preparing`: the page is not interactive yet, or the stored state is still being read (decision 075). */
/**
 * Why the pay button waits: `opening` while the payment is created and the form loads, `busy`
 * while the provider's form is open, `confirming` once it closed with a success and the bank's
 * answer is awaited, `preparing` before the page is interactive, or what is missing (`PayBlocker`).
 */
export type PayReason = PayBlocker | 'opening' | 'busy' | 'confirming' | 'preparing'

/** Selector: the plans shown to choose from (R9, R9.2). */
export function selectOpenPlans(snapshot: { context: Pick<PaymentContext, 'offered' | 'trialUsed'> }): readonly OfferedPlan[] {
  return openPlans(snapshot.context)
}

/** Selector, R9.2: the trial is listed by the backend but not offered, because it was used: the page says why. */
export function selectTrialUsed(snapshot: { context: Pick<PaymentContext, 'offered' | 'trialUsed'> }): boolean {
  return snapshot.context.trialUsed && snapshot.context.offered.some((view) => isTrialPlan(view.plan))
}

/** What may be persisted between pages: never the options or a payment under way. */
export function persistedPremiumState(snapshot: { context: PaymentContext }): PremiumState {
  const { subscription, label, agreements, redirectAfterLoginTo, goToSubscription } = snapshot.context
  return { subscription, label, agreements: { ...agreements }, redirectAfterLoginTo, goToSubscription }
}

interface SnapshotLike {
  context: PaymentContext
  matches(value: 'restoring' | 'succeeded' | { paying: 'charging' | 'confirming' }): boolean
  hasTag(tag: 'busy'): boolean
}

/** What to persist now; null while the stored state is still being read (it must not be overwritten). */
export function persistablePremiumState(snapshot: SnapshotLike): PremiumState | null {
  return snapshot.matches('restoring') ? null : persistedPremiumState(snapshot)
}

/** Selector: why paying is not possible now, or null. */
export function selectPayReason(snapshot: SnapshotLike): PayReason | null {
  // Only while the provider's form is open does the page say that it is.
  if (snapshot.matches({ paying: 'charging' })) return 'busy'
  if (snapshot.matches({ paying: 'confirming' }) || snapshot.matches('succeeded')) return 'confirming'
  if (snapshot.hasTag('busy')) return 'opening'
  // The server renders the machine here, and the browser keeps it here until its scripts run.
  if (snapshot.matches('restoring')) return 'preparing'
  return payBlocker(snapshot.context)
}

/** Selector: whether the stored state has been read (always true without `restoreStored`). */
export function selectRestored(snapshot: SnapshotLike): boolean {
  return !snapshot.matches('restoring')
}

/** Selector: the sign-in link for a guest, coming back to the premium page. */
export function selectLoginHref(snapshot: { context: Pick<PaymentContext, 'locale'> }): string {
  const { locale } = snapshot.context
  return loginHref(localePath(locale, '/login'), localePath(locale, '/premium'))
}

/** Selector: the special offer's plan at the offer's price, when the visitor has one on offer. */
export function selectOfferPlan(snapshot: { context: Pick<PaymentContext, 'offered' | 'offer' | 'loggedIn'> }): OfferedPlan | null {
  return snapshot.context.loggedIn ? offerPlan(snapshot.context.offered, snapshot.context.offer) : null
}
