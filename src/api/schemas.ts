/**
 * arktype schemas of every backend response the site reads (spec 3, 7). Undeclared keys are
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
})

/** Spec 3: the user, fetched as a whole object with an id. */
export const User = type({
  id,
  email: 'string',
  'email_confirmed?': 'boolean',
  'has_password?': 'boolean',
  'locale?': 'string | null',
  'referral_code?': 'string | null',
  'referrer_code?': 'string | null',
  'pending_email?': 'string | null',
  'device?': Device.or('null'),
  'subscription?': UserSubscription.or('null'),
  'trial_used?': 'boolean',
  'scope?': 'string[]',
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
})
export type Subscription = typeof Subscription.infer
export const Currency = type({ 'country_group_id?': 'number', code: 'string', 'symbol?': 'string' })
/** Spec 8: `subscriptions` must be an array. */
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

/** Spec 3: payment options from the server. */
export const PaymentOptions = type({
  amount: 'number',
  currency: 'string',
  payment_id: id,
  user_id: id,
  email: 'string',
  'tax_system_id?': 'number | null',
  'description?': 'string',
  'subscription_id?': 'number',
})
export type PaymentOptions = typeof PaymentOptions.infer

export const Accepted = type({ 'ok?': 'boolean' })
