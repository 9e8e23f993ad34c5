/**
 * R4.2, R4.24: what the checkout says in each state of the payment machine, as message keys: the
 * pay button's label and the hint under it. One table, read by the premium page (which only
 * renders the words) and by the tests; a sentence that counts agreements takes the count from the
 * rule that lists them (`missingAgreements`), in the plural form of the page's language.
 */
import { missingAgreements } from '#machines/rules/checkout.ts'
import type { Locale } from '#machines/rules/locale.ts'
import { type PluralForm, pluralForm } from '#machines/rules/plans.ts'
import { type PayReason, selectPayReason } from './payment-selectors.ts'
import type { PaymentContext } from './payment-types.ts'

/** The pay button's state: the machine's state as the button shows it. */
export type PayButtonState = 'choose' | 'pay' | 'opening' | 'formOpen' | 'confirming' | 'paid'

/** The pay button's words in each of its states. `pay` shows the chosen plan's price. */
export const PAY_BUTTON_WORDS = {
  choose: 'premium_pay',
  pay: 'premium_pay_amount',
  opening: 'premium_paying',
  formOpen: 'premium_pay_form_open',
  confirming: 'premium_confirming',
  paid: 'premium_paid',
} as const satisfies Record<PayButtonState, string>

/**
 * The hint under the button for each reason paying waits. `agreements` (two or more still to
 * tick): "both" when the checkout asks for two and neither is ticked, else the count in its plural form.
 */
export const PAY_REASON_WORDS = {
  opening: 'premium_reason_opening',
  busy: 'premium_reason_busy',
  confirming: 'premium_reason_confirming',
  preparing: 'premium_reason_preparing',
  plan: 'premium_reason_plan',
  login: 'premium_reason_login',
  email: 'premium_reason_email',
  agreements: {
    both: 'premium_reason_agreements',
    one: 'premium_reason_agreements_one',
    few: 'premium_reason_agreements_few',
    many: 'premium_reason_agreements_many',
  },
  premium: 'premium_reason_premium',
  promo: 'premium_reason_promo',
  withdrawal: 'premium_reason_withdrawal',
} as const satisfies Record<PayReason, string | Record<PluralForm | 'both', string>>

type Plain<T> = T extends string ? T : T[keyof T]
export type PayWordKey = (typeof PAY_BUTTON_WORDS)[PayButtonState] | Plain<(typeof PAY_REASON_WORDS)[PayReason]>

interface WordsSnapshot {
  context: PaymentContext
  matches(value: 'restoring' | 'succeeded' | { paying: 'charging' | 'confirming' }): boolean
  hasTag(tag: 'busy'): boolean
}

/** Selector: the pay button's state. Only while the provider's form is open does it say so. */
export function selectPayButtonState(snapshot: WordsSnapshot): PayButtonState {
  if (snapshot.matches({ paying: 'charging' })) return 'formOpen'
  if (snapshot.matches({ paying: 'confirming' })) return 'confirming'
  if (snapshot.matches('succeeded')) return 'paid'
  if (snapshot.hasTag('busy')) return 'opening'
  return snapshot.context.subscription ? 'pay' : 'choose'
}

/** What the hint says now: its key and the count it names (the agreements still to tick), or null when nothing waits. */
export function selectPayHint(snapshot: WordsSnapshot, locale: Locale): { key: PayWordKey; count: number } | null {
  const reason = selectPayReason(snapshot)
  if (reason === null) return null
  if (reason !== 'agreements') return { key: PAY_REASON_WORDS[reason], count: 0 }
  const count = missingAgreements(snapshot.context).length
  // Several missing of two asked for are both of them.
  const both = snapshot.context.requiredAgreements.length === 2
  return { key: PAY_REASON_WORDS.agreements[both ? 'both' : pluralForm(locale, count)], count }
}
