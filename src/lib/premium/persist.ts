/**
 * Spec 3: the premium state survives the trip to the login page in sessionStorage (one tab,
 * gone when it closes). Only what `persistedPremiumState` returns is kept: never payment
 * options or a payment under way. Browser only; storage errors are ignored.
 */
import { type } from 'arktype'
import type { PremiumState } from '#machines/payment'

export const PREMIUM_STORAGE_KEY = 'premium.state'

const Stored = type({
  subscription: type({ id: 'number', name: 'string', days: 'number', 'prices?': 'object' }).or('null'),
  label: 'string',
  agreements: { premium: 'boolean', promo: 'boolean' },
  redirectAfterLoginTo: 'string | null',
  goToSubscription: 'boolean',
})

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function isEmpty(state: PremiumState): boolean {
  return !state.subscription && !state.redirectAfterLoginTo && !state.goToSubscription && !state.agreements.premium && !state.agreements.promo
}

export function readPremiumState(storage: StorageLike | null | undefined): PremiumState | null {
  try {
    const raw = storage?.getItem(PREMIUM_STORAGE_KEY)
    if (!raw) return null
    const parsed = Stored(JSON.parse(raw))
    if (parsed instanceof type.errors) return null
    return parsed as PremiumState
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

/**
 * A restored plan is matched against the plans on offer now (prices and the label may have
 * changed, or the page may be in another language); a plan no longer offered is dropped.
 */
export function reconcileRestored(
  state: PremiumState | null,
  offered: ReadonlyArray<{ plan: PremiumState['subscription'] & object; label: string }>,
): PremiumState | null {
  if (!state) return null
  const id = state.subscription?.id
  const match = id === undefined ? undefined : offered.find((view) => view.plan.id === id)
  return match ? { ...state, subscription: match.plan, label: match.label } : { ...state, subscription: null, label: '' }
}
