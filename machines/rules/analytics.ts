/** R4: analytics after a successful payment. Pure functions. */
import { type PaymentOptions, TRIAL_AMOUNT } from './payment.ts'

/** R4: the e-commerce actions the site may push. */
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

/** R4: an amount of exactly 1 is a trial. */
export function purchaseKind(amount: number): PurchaseKind {
  return amount === TRIAL_AMOUNT ? 'trial' : 'subscribe'
}

/**
 * R4: a trial sends a tag-manager `trial` event; a subscription pushes an e-commerce
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

/** R4: a plan as an e-commerce product. */
export interface PlanProduct {
  id: string
  name: string
  price: number
  quantity: 1
}

/** R4: what changing the selected plan pushes: `remove` for the plan left (if any), then `add`. */
export interface CartChange {
  remove: { product: PlanProduct; currencyCode: string } | null
  add: { product: PlanProduct; currencyCode: string }
}

interface PricedPlan {
  id: number
  name: string
  prices?: { using?: { actual?: number; currency?: string } }
}

/** A plan on offer always has its price (R3: prices.using.actual, in its currency). */
function planLine(plan: PricedPlan): { product: PlanProduct; currencyCode: string } {
  const using = (plan.prices as { using: { actual: number; currency: string } }).using
  return { product: { id: String(plan.id), name: plan.name, price: using.actual, quantity: 1 }, currencyCode: using.currency }
}

/**
 * R4: choosing a plan adds it to the cart; choosing another one first removes the previous
 * plan. Choosing the plan already selected, at the same price, changes nothing (null); the same
 * plan at another price (the special offer) is another line.
 */
export function cartChange(previous: PricedPlan | null, next: PricedPlan): CartChange | null {
  const add = planLine(next)
  const remove = previous ? planLine(previous) : null
  if (remove && remove.product.id === add.product.id && remove.product.price === add.product.price && remove.currencyCode === add.currencyCode) return null
  return { remove, add }
}
