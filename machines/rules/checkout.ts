/**
 * R3, R4, R7, R9: the premium page's checkout rules behind the payment machine: the plans a
 * visitor may choose, the special offer's plan at its price, a restored plan matched against the
 * plans on offer now, and what keeps a visitor from paying. Pure functions.
 */
import type { Agreement, Subscription } from './payment.ts'
import { isPlanOpen, offerFits } from './plans.ts'

export interface PremiumState {
  subscription: Subscription | null
  /** The plan's label as shown (a trial by its name, other plans by days count), used as description. */
  label: string
  agreements: Record<Agreement, boolean>
  redirectAfterLoginTo: string | null
  goToSubscription: boolean
}

/** A plan and its label as shown. */
export interface OfferedPlan {
  plan: Subscription
  label: string
}

/** R7: the special offer of `GET /users/subscription/special`. */
export interface SpecialOffer {
  subscriptionId: number
  /** The offer's price, in `currency`. */
  price: number
  currency: string
}

/**
 * R3, R4: what keeps a visitor from paying: no plan, no session, no e-mail for the receipt
 * (decision 072), or agreements not ticked.
 */
export type PayBlocker = 'plan' | 'login' | 'email' | 'agreements' | Agreement

/** What decides whether a visitor may pay: the plan and agreements chosen, the session, the agreements needed. */
export interface PayFacts extends Pick<PremiumState, 'subscription' | 'agreements'> {
  loggedIn: boolean
  hasEmail: boolean
  requiredAgreements: readonly Agreement[]
}

/** The agreements this visitor must tick and has not, in the order the checkout shows them. */
export function missingAgreements(context: Pick<PayFacts, 'requiredAgreements' | 'agreements'>): readonly Agreement[] {
  return context.requiredAgreements.filter((name) => !context.agreements[name])
}

/**
 * The first thing missing before paying, or null when paying is possible. Several agreements
 * missing are one reason (`agreements`); one missing is named.
 */
export function payBlocker(context: PayFacts): PayBlocker | null {
  if (context.subscription === null) return 'plan'
  if (!context.loggedIn) return 'login'
  if (!context.hasEmail) return 'email'
  const missing = missingAgreements(context)
  if (missing.length > 1) return 'agreements'
  return missing[0] ?? null
}

/**
 * A restored plan is matched against the plans on offer now (prices and the label may have
 * changed, or the page may be in another language); a plan no longer offered is dropped.
 */
export function reconcileRestored(state: PremiumState | null, offered: readonly OfferedPlan[]): PremiumState | null {
  if (!state) return null
  const match = state.subscription ? offered.find((view) => view.plan.id === state.subscription!.id) : undefined
  return match ? { ...state, subscription: match.plan, label: match.label } : { ...state, subscription: null, label: '' }
}

/** R9.2: the plans a visitor may choose: the trial only for who has not used it. */
export function openPlans(context: { offered: readonly OfferedPlan[]; trialUsed: boolean }): readonly OfferedPlan[] {
  return context.offered.filter((view) => isPlanOpen(view.plan, context.trialUsed))
}

/** The offered plan the special offer is for, priced at the offer (null when it is not on offer). */
export function offerPlan(offered: readonly OfferedPlan[], offer: SpecialOffer | null): OfferedPlan | null {
  if (!offer) return null
  const base = offered.find((view) => view.plan.id === offer.subscriptionId)
  if (!base) return null
  const prices = base.plan.prices as NonNullable<Subscription['prices']>
  // R9.15: never an offer in another currency than the plans beside it.
  if (!offerFits(offer.currency, prices.using?.currency)) return null
  return { plan: { ...base.plan, prices: { ...prices, using: { ...prices.using, actual: offer.price, currency: offer.currency } } }, label: base.label }
}
