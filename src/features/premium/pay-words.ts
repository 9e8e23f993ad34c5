import { m } from '#app/paraglide/messages.js'
import type { PayWordKey } from '#machines/payment-words.ts'

/**
 * The messages the payment machine's words table (machines/payment-words.ts) names, by key: the
 * table decides which words a state shows, this only finds them among the messages.
 */
export const PAY_WORDS: Record<PayWordKey, (inputs: { price: string; count: number }) => string> = {
  premium_pay: () => m.premium_pay(),
  premium_pay_amount: ({ price }) => m.premium_pay_amount({ price }),
  premium_paying: () => m.premium_paying(),
  premium_pay_form_open: () => m.premium_pay_form_open(),
  premium_confirming: () => m.premium_confirming(),
  premium_paid: () => m.premium_paid(),
  premium_reason_opening: () => m.premium_reason_opening(),
  premium_reason_busy: () => m.premium_reason_busy(),
  premium_reason_confirming: () => m.premium_reason_confirming(),
  premium_reason_preparing: () => m.premium_reason_preparing(),
  premium_reason_plan: () => m.premium_reason_plan(),
  premium_reason_login: () => m.premium_reason_login(),
  premium_reason_email: () => m.premium_reason_email(),
  premium_reason_agreements: () => m.premium_reason_agreements(),
  premium_reason_agreements_one: ({ count }) => m.premium_reason_agreements_one({ count }),
  premium_reason_agreements_few: ({ count }) => m.premium_reason_agreements_few({ count }),
  premium_reason_agreements_many: ({ count }) => m.premium_reason_agreements_many({ count }),
  premium_reason_premium: () => m.premium_reason_premium(),
  premium_reason_promo: () => m.premium_reason_promo(),
  premium_reason_withdrawal: () => m.premium_reason_withdrawal(),
}
