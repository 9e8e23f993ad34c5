/** Spec 4: analytics after a successful payment. Pure functions. */
import { TRIAL_AMOUNT, type PaymentOptions } from './payment'

/** Spec 4: the e-commerce actions the site may push. */
export const ECOMMERCE_ACTIONS = ['detail', 'add', 'remove', 'purchase'] as const
export type EcommerceAction = (typeof ECOMMERCE_ACTIONS)[number]

export type PurchaseKind = 'trial' | 'subscribe'

export interface PurchaseAnalytics {
  kind: PurchaseKind
  /** The tag-manager event. */
  tagManager: { event: PurchaseKind; value: number; currency: string }
  /** The e-commerce purchase; only for a real subscription. */
  ecommerce: {
    action: 'purchase'
    purchase: {
      actionField: { id: string; revenue: number }
      products: [{ id: string; name: string; price: number; quantity: 1 }]
    }
    currencyCode: string
  } | null
}

/** Spec 4: an amount of exactly 1 is a trial. */
export function purchaseKind(amount: number): PurchaseKind {
  return amount === TRIAL_AMOUNT ? 'trial' : 'subscribe'
}

/**
 * Spec 4: a trial sends a tag-manager `trial` event; a subscription pushes an e-commerce
 * purchase and a tag-manager `subscribe` event with value and currency.
 */
export function purchaseAnalytics(options: PaymentOptions, subscription: { id: number; name: string }): PurchaseAnalytics {
  const kind = purchaseKind(options.amount)
  const tagManager = { event: kind, value: options.amount, currency: options.currency }
  if (kind === 'trial') return { kind, tagManager, ecommerce: null }
  return {
    kind,
    tagManager,
    ecommerce: {
      action: 'purchase',
      purchase: {
        actionField: { id: String(options.payment_id), revenue: options.amount },
        products: [{ id: String(subscription.id), name: subscription.name, price: options.amount, quantity: 1 }],
      },
      currencyCode: options.currency,
    },
  }
}

/** Spec 4: a plan as an e-commerce product. */
export interface PlanProduct {
  id: string
  name: string
  price: number
  quantity: 1
}

/** Spec 4: what changing the selected plan pushes: `remove` for the plan left (if any), then `add`. */
export interface CartChange {
  remove: { product: PlanProduct; currencyCode: string } | null
  add: { product: PlanProduct; currencyCode: string }
}

interface PricedPlan {
  id: number
  name: string
  prices?: { using?: { actual?: number; currency?: string } }
}

function planLine(plan: PricedPlan): { product: PlanProduct; currencyCode: string } {
  return {
    product: { id: String(plan.id), name: plan.name, price: plan.prices?.using?.actual ?? 0, quantity: 1 },
    currencyCode: plan.prices?.using?.currency ?? '',
  }
}

/**
 * Spec 4: choosing a plan adds it to the cart; choosing another one first removes the previous
 * plan. Choosing the plan already selected changes nothing (null).
 */
export function cartChange(previous: PricedPlan | null, next: PricedPlan): CartChange | null {
  if (previous && previous.id === next.id) return null
  return { remove: previous ? planLine(previous) : null, add: planLine(next) }
}
