/** R3: the shape of the premium state kept in sessionStorage (see persist.ts). */
import { type } from 'arktype'
import type { PremiumState } from '#machines/rules/checkout.ts'

const Stored = type({
  subscription: type({ id: 'number', name: 'string', days: 'number', 'prices?': 'object' }).or('null'),
  label: 'string',
  agreements: { premium: 'boolean', promo: 'boolean', withdrawal: 'boolean = false' },
  redirectAfterLoginTo: 'string | null',
  goToSubscription: 'boolean',
})

export function parseStoredPremiumState(value: unknown): PremiumState | null {
  const parsed = Stored(value)
  return parsed instanceof type.errors ? null : (parsed as PremiumState)
}
