/**
 * The tag manager's `dataLayer` (R4, R7): e-commerce actions (detail, add, remove,
 * purchase) and events, once the visitor allows marketing. Browser only; on the server
 * every call is a no-op.
 */
import { consentOf } from '#app/core/cookies.ts'
import { type CartChange, ECOMMERCE_ACTIONS, type EcommerceAction, type PurchaseAnalytics } from '#machines/rules/analytics.ts'
import { allows } from '#machines/rules/consent.ts'

type DataLayerEntry = Record<string, unknown>
declare global {
  interface Window {
    dataLayer?: DataLayerEntry[]
  }
}

/** R9.23: the data layer the site pushes to, only while the visitor allows marketing (the tag manager). */
function layer(): DataLayerEntry[] | null {
  if (typeof window === 'undefined') return null
  if (!allows(consentOf(document.cookie), 'marketing')) return null
  window.dataLayer ??= []
  return window.dataLayer
}

export function pushEvent(event: string, data: Record<string, unknown> = {}): void {
  layer()?.push({ event, ...data })
}

/**
 * R3: the signed-in user's id is the analytics user id. The tag manager reads `user_id` from
 * the data layer: it is set when a user is known and cleared (null) when the visitor signs out,
 * each change once.
 */
let identified: string | null | undefined
export function identifyUser(id: string | number | null): void {
  const userId = id === null ? null : String(id)
  if (userId === identified) return
  // Before anyone signed in there is nothing to clear.
  if (userId === null && identified === undefined) return
  identified = userId
  pushEvent('user_id', { user_id: userId })
}

export interface EcommerceProduct {
  id: string
  name: string
  price: number
  quantity?: number
}

/** R4: only detail, add, remove and purchase are allowed. */
export function pushEcommerce(
  action: EcommerceAction,
  payload: { currencyCode: string; products: EcommerceProduct[]; actionField?: Record<string, unknown> },
): void {
  if (!ECOMMERCE_ACTIONS.includes(action)) throw new Error(`Unknown e-commerce action "${action}"; allowed: ${ECOMMERCE_ACTIONS.join(', ')}`)
  const l = layer()
  if (!l) return
  l.push({ ecommerce: null })
  l.push({
    event: `ecommerce.${action}`,
    ecommerce: {
      currencyCode: payload.currencyCode,
      [action]: { ...(payload.actionField ? { actionField: payload.actionField } : {}), products: payload.products },
    },
  })
}

/** R4: another plan chosen on the premium page: `remove` for the previous one first, then `add`. */
export function pushCartChange(change: CartChange | null): void {
  if (!change) return
  if (change.remove) pushEcommerce('remove', { currencyCode: change.remove.currencyCode, products: [change.remove.product] })
  pushEcommerce('add', { currencyCode: change.add.currencyCode, products: [change.add.product] })
}

/** R4: after a successful payment: the e-commerce purchase (subscriptions) and the tag-manager event. */
export function pushPurchase(analytics: PurchaseAnalytics): void {
  const l = layer()
  if (!l) return
  if (analytics.ecommerce) {
    l.push({ ecommerce: null })
    l.push({ event: 'ecommerce.purchase', ecommerce: { currencyCode: analytics.ecommerce.currencyCode, purchase: analytics.ecommerce.purchase } })
  }
  l.push({ event: analytics.tagManager.event, value: analytics.tagManager.value, currency: analytics.tagManager.currency })
}
