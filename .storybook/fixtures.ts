/** Sample data for stories, in the backend contract's shapes (src/api/schemas.ts). */
import type { SubscriptionList, User } from '#app/api/schemas.ts'
import type { PlansResult } from '#app/features/premium/plans-result.ts'

export type Currency = 'RUB' | 'USD' | 'EUR'

const PRICES: Record<Currency, { trial: number; week: number; month: number; monthOld: number; quarter: number }> = {
  RUB: { trial: 1, week: 290, month: 990, monthOld: 1290, quarter: 2490 },
  USD: { trial: 1, week: 3.99, month: 9.99, monthOld: 12.99, quarter: 24.99 },
  EUR: { trial: 1, week: 3.49, month: 8.99, monthOld: 11.99, quarter: 22.99 },
}

export function planList(currency: Currency): SubscriptionList {
  const p = PRICES[currency]
  return {
    subscriptions: [
      { id: 1, name: 'Trial', days: 3, trial: true, prices: { using: { actual: p.trial, currency } } },
      { id: 2, name: 'Week', days: 7, prices: { using: { actual: p.week, currency } } },
      { id: 3, name: 'Month', days: 30, prices: { using: { actual: p.month, old: p.monthOld, currency } } },
      { id: 4, name: 'Quarter', days: 90, prices: { using: { actual: p.quarter, currency } } },
    ],
  }
}

export function plansOk(currency: Currency = 'RUB'): PlansResult {
  return { ok: true, list: planList(currency) }
}

export const USER_WITH_SUBSCRIPTION: User = {
  id: 4821,
  email: 'alex@example.com',
  email_confirmed: true,
  has_password: true,
  locale: 'en',
  referral_code: 'ALEX4821',
  pending_email: null,
  device: { bound: true, bound_at: '2025-01-02T10:00:00.000Z', last_reset_at: null, next_reset_at: null },
  subscription: {
    active: true,
    trial: false,
    plan_id: 3,
    plan_name: 'Month',
    days: 30,
    started_at: '2025-01-10T10:00:00.000Z',
    expires_at: '2025-02-09T10:00:00.000Z',
    days_left: 25,
    cancelled: false,
  },
  trial_used: true,
}

export const USER_ON_TRIAL: User = {
  ...USER_WITH_SUBSCRIPTION,
  email: 'new.player@example.com',
  has_password: false,
  email_confirmed: false,
  pending_email: 'player@example.org',
  device: null,
  subscription: { active: true, trial: true, plan_id: 1, plan_name: 'Trial', days: 3, expires_at: '2025-01-18T10:00:00.000Z', days_left: 3, cancelled: false },
}

export const PAYMENT_OPTIONS = {
  amount: 990,
  currency: 'RUB',
  payment_id: 'pay_story_1',
  user_id: 4821,
  email: 'alex@example.com',
  tax_system_id: 0,
  description: 'Month',
  subscription_id: 3,
}
