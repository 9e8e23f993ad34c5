/**
 * Whether a payment may still give what it was created for, decided in one place for the provider's
 * Check (before the card is taken) and for its notification (after): decision 117.
 */

/** Why a payment whose card was taken is refused; each one returns the money. */
export type Refusal = 'plan_unavailable' | 'trial_used' | 'offer_used' | 'offer_expired'

export interface SettlementFacts {
  /** The plan is still sold in the payment's country group (R9.1). */
  planSold: boolean
  trial: boolean
  /** The account's trial was used by another payment (R9.2). */
  trialUsed: boolean
  specialOffer: boolean
  /** Another offer payment of the account is paid (R9.16). */
  offerTaken: boolean
  /** When the account's offer window ends (R9.16), or null when it has none. */
  offerEndsAt: Date | null
  now: Date
}

export function settlementRefusal(f: SettlementFacts): Refusal | null {
  if (!f.planSold) return 'plan_unavailable'
  if (f.trial && f.trialUsed) return 'trial_used'
  if (!f.specialOffer) return null
  if (f.offerTaken) return 'offer_used'
  if (f.offerEndsAt === null || f.offerEndsAt.getTime() <= f.now.getTime()) return 'offer_expired'
  return null
}

/** How a provider gives money back: a hold is voided, a charge refunded. */
export function returnKind(outcome: 'charge' | 'auth'): 'void' | 'refund' {
  return outcome === 'auth' ? 'void' : 'refund'
}

/**
 * How long a trial or offer payment whose Check was answered yes holds the account's trial or
 * offer against another payment of the same kind: the time a payer may spend in the card form
 * (3-D Secure included) before the provider takes the card.
 */
export const CHECK_CLAIM_MS = 15 * 60_000

/** Whether another payment's claim still holds at `now`: it is pending and was claimed within CHECK_CLAIM_MS. */
export function claimHolds(claim: { status: string; checkClaimedAt: Date | null }, now: Date): boolean {
  return claim.status === 'pending' && claim.checkClaimedAt !== null && now.getTime() - claim.checkClaimedAt.getTime() < CHECK_CLAIM_MS
}
