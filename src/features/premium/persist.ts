/**
 * R3: the premium state survives the trip to the login page in sessionStorage (one tab,
 * gone when it closes). Only what `persistedPremiumState` returns is kept: never payment
 * options or a payment under way. Browser only; storage errors are ignored.
 */
import type { PremiumState } from '#machines/rules/checkout.ts'

export const PREMIUM_STORAGE_KEY = 'premium.state'

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function isEmpty(state: PremiumState): boolean {
  return (
    !state.subscription &&
    !state.redirectAfterLoginTo &&
    !state.goToSubscription &&
    !state.agreements.premium &&
    !state.agreements.promo &&
    !state.agreements.withdrawal
  )
}

/**
 * The stored state, checked against its schema; null when there is none or it is not one.
 * The schema (and its validation library) loads only when something is stored.
 */
export async function readPremiumState(storage: StorageLike | null | undefined): Promise<PremiumState | null> {
  try {
    const raw = storage?.getItem(PREMIUM_STORAGE_KEY)
    if (!raw) return null
    const { parseStoredPremiumState } = await import('./persist-schema.ts')
    return parseStoredPremiumState(JSON.parse(raw))
  } catch {
    return null
  }
}

/** Writes the state, or removes the key when there is nothing worth keeping. */
export function writePremiumState(storage: StorageLike | null | undefined, state: PremiumState): void {
  try {
    if (isEmpty(state)) storage?.removeItem(PREMIUM_STORAGE_KEY)
    else storage?.setItem(PREMIUM_STORAGE_KEY, JSON.stringify(state))
  } catch {
    // Storage may be full or disabled; the state then only lives on this page.
  }
}

export function sessionStorageOrNull(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

/** R3: the stored plan is matched with the plans on offer by the payment machine. */
export { reconcileRestored } from '#machines/rules/checkout.ts'
