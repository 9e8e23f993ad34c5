/**
 * arktype schemas of every backend response the site reads (R3, R7). Undeclared keys are
 * allowed, so the backend may add fields; a missing or mistyped field is a clear error.
 */
import { type } from 'arktype'

const isoDate = type('string')
const id = type('number | string')

export const Message = type({ message: 'string' })

export const Device = type({
  bound: 'boolean',
  'bound_at?': isoDate.or('null'),
  'last_reset_at?': isoDate.or('null'),
  'next_reset_at?': isoDate.or('null'),
})

export const UserSubscription = type({
  active: 'boolean',
  trial: 'boolean',
  'plan_id?': id.or('null'),
  'plan_name?': 'string | null',
  'days?': 'number | null',
  'started_at?': isoDate.or('null'),
  expires_at: isoDate.or('null'),
  'days_left?': 'number | null',
  'cancelled?': 'boolean',
  /** Renewal on (the next charge is due) or off (the subscription ends). */
  'auto_renew?': 'boolean',
  'next_charge_at?': isoDate.or('null'),
  'next_charge_amount?': 'number | null',
  'currency?': 'string | null',
  /** The country group the subscription was paid in: its currency is every later price's (R9.15; an extension of R3). */
  'country_group_id?': 'number | null',
  /** The plan a renewal charges: a trial renews into the 30-day plan. */
  'renews_into?': type({ subscription_id: 'number', days: 'number' }).or('null'),
  /** The days of the plan bought. */
  'plan_days?': 'number | null',
  /** The last payment bought the special offer. */
  'offer?': 'boolean',
  /** The payment that bought or extended it last. */
  'last_payment_id?': id.or('null'),
})

/** R3: the user, fetched as a whole object with an id. */
export const User = type({
  id,
  /** Null for an account made by signing in with Steam, until an address is added. */
  email: 'string | null',
  'steam_id?': 'string | null',
  'display_name?': 'string | null',
  'email_confirmed?': 'boolean',
  'has_password?': 'boolean',
  'locale?': 'string | null',
  'referral_code?': 'string | null',
  'referrer_code?': 'string | null',
  'pending_email?': 'string | null',
  'device?': Device.or('null'),
  'subscription?': UserSubscription.or('null'),
  'trial_used?': 'boolean',
  /** R9.17, an extension of R3: what the invitation link brought (a backend without it: the link alone is shown). */
  'referral?': type({
    friends_joined: 'number.integer >= 0',
    friends_paid: 'number.integer >= 0',
    days_earned: 'number.integer >= 0',
    days_pending: 'number.integer >= 0',
    days_per_friend: 'number.integer > 0',
  }).or('null'),
  /** R6: the scope names, as a list or as a map of name to flag. */
  'scope?': type('string[]').or({ '[string]': 'boolean' }),
  'created_at?': isoDate,
})
export type User = typeof User.infer

export const TokenGrant = type({
  token: 'string > 0',
  'token_type?': 'string',
  'expires_in?': 'number | null',
  'refresh_token?': 'string | null',
  'refresh_expires_in?': 'number | null',
})
export type TokenGrant = typeof TokenGrant.infer

export const SignInRequested = type({ message: 'string', 'email?': 'string', 'expires_in?': 'number', 'resend_in?': 'number' })
export const UserMessage = type({ message: 'string', user: User })
export const ConfirmResult = type({ message: 'string', user: User }).and(TokenGrant)

export const Referrer = type({ code: 'string', valid: 'boolean', 'applied?': 'boolean' })

export const Price = type({
  actual: 'number',
  'old?': 'number | null',
  currency: 'string',
  'country_group_id?': 'number',
})
export const Subscription = type({
  id: 'number',
  name: 'string',
  days: 'number',
  'trial?': 'boolean',
  prices: { using: Price },
  /** The trial: the plan it renews into. */
  'renews_into?': type({ subscription_id: 'number', days: 'number' }).or('null'),
})
export type Subscription = typeof Subscription.infer
export const Currency = type({ 'country_group_id?': 'number', code: 'string', 'symbol?': 'string' })
/** R8: `subscriptions` must be an array. */
export const SubscriptionList = type({
  subscriptions: Subscription.array(),
  'currencies?': Currency.array(),
  'country_group_id?': 'number | null',
})
export type SubscriptionList = typeof SubscriptionList.infer

export const SpecialOffer = type({
  offer: type({
    subscription_id: 'number',
    'discount_percent?': 'number',
    price: 'number',
    'old_price?': 'number | null',
    currency: 'string',
    'expires_at?': isoDate.or('null'),
  }).or('null'),
})
export type SpecialOffer = typeof SpecialOffer.infer

/** R3: payment options from the server. */
export const PaymentOptions = type({
  amount: 'number',
  currency: 'string',
  payment_id: id,
  user_id: id,
  email: 'string',
  'tax_system_id?': 'number | null',
  'description?': 'string',
  'subscription_id?': 'number',
  /** R10.2: the stand-in's sandbox widget token (development mode only). */
  'widget_token?': /^[A-Za-z0-9_-]{43}$/,
})
export type PaymentOptions = typeof PaymentOptions.infer

export const Accepted = type({ 'ok?': 'boolean' })

/** The state of a payment: `paid` once the provider's notification reached the backend. */
/**
 * Issue 37, an extension of R7 (GET /payments): a payment of the account's history. `held` is the
 * trial's card check; `refunded` is a provider's refund (a backend may report it).
 */
export const PaymentEntry = type({
  payment_id: id,
  created_at: isoDate,
  paid_at: isoDate.or('null'),
  subscription_id: id,
  plan_name: 'string',
  days: 'number.integer > 0',
  trial: 'boolean',
  special_offer: 'boolean',
  amount: 'number >= 0',
  currency: 'string',
  status: "'paid' | 'held' | 'failed' | 'refunded'",
  'failure?': 'string | null',
  /** Decision 117: a refused payment's money on its way back (`pending`) or back (`done`). */
  'refund?': "'pending' | 'done' | null",
  card: type({ brand: 'string | null', last4: /^\d{4}$/ }).or('null'),
  'service?': 'string',
})
export type PaymentEntry = typeof PaymentEntry.infer
export const PaymentHistory = type({ payments: PaymentEntry.array() })
/** Issue 37, an extension of R7 (GET /payments/{id}/receipt): a paid or held payment's receipt. */
export const Receipt = PaymentEntry.and({
  transaction_id: 'string | null',
  email: 'string',
  /** R1.8: the brand of the domain the payment was made on, named in the page's language (an extension of R7). */
  'site?': type({ name: 'string', support_email: 'string' }).or('null'),
})
export type Receipt = typeof Receipt.infer

/**
 * R7: a payment's state; `failure` (why a failed one failed: `declined`, `scheme_mismatch`,
 * `trial_used`, `offer_used`, `offer_expired`, `plan_unavailable`, or a reason this site does not
 * know, read as a refusal), `refund` (the money of a refused payment on its way back or back,
 * decision 117) and `voided` (a card check done, R9.22) are extensions of the spec's contract.
 */
export const PaymentStatus = type({
  payment_id: id,
  status: "'pending' | 'paid' | 'failed' | 'voided'",
  'failure?': 'string <= 64 | null',
  'refund?': "'pending' | 'done' | null",
})
export type PaymentStatus = typeof PaymentStatus.infer

/** R9.22, an extension of R7 (GET /payments/card): the card renewals are charged to, if any. */
export const RenewalCardAnswer = type({
  card: type({ brand: 'string <= 32 | null', last4: /^\d{4}$/, 'service?': 'string', 'updated_at?': isoDate }).or('null'),
})
export type RenewalCardAnswer = typeof RenewalCardAnswer.infer
