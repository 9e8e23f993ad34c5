import type { AreaKey } from './area-key.ts'
import type * as faqText from './messages/faq.ts'

/** The name of one of this area's messages (messages/faq/{locale}.json): checked by the compiler. */
type MessageKey = AreaKey<typeof faqText>

export interface FaqItem {
  /** Stable kebab-case fragment id, unique across all groups. */
  readonly anchor: string
  /** Question message; takes no inputs. */
  readonly q: MessageKey
  /** Answer message; may take `product` and `email`. Paragraphs are split by "\n\n", list lines start with "- ". */
  readonly a: MessageKey
}

export interface FaqGroup {
  readonly id: string
  readonly title: MessageKey
  readonly items: readonly FaqItem[]
}

/** The FAQ page, in display order. */
export const FAQ_GROUPS = [
  {
    id: 'general',
    title: 'faq_group_general_title',
    items: [
      { anchor: 'what-is-it', q: 'faq_what_is_it_q', a: 'faq_what_is_it_a' },
      { anchor: 'game-versions', q: 'faq_game_versions_q', a: 'faq_game_versions_a' },
      { anchor: 'system-requirements', q: 'faq_system_requirements_q', a: 'faq_system_requirements_a' },
      { anchor: 'how-to-install', q: 'faq_how_to_install_q', a: 'faq_how_to_install_a' },
      { anchor: 'launcher-language', q: 'faq_launcher_language_q', a: 'faq_launcher_language_a' },
    ],
  },
  {
    id: 'safety',
    title: 'faq_group_safety_title',
    items: [
      { anchor: 'visible-to-others', q: 'faq_visible_to_others_q', a: 'faq_visible_to_others_a' },
      { anchor: 'inventory-trading', q: 'faq_inventory_trading_q', a: 'faq_inventory_trading_a' },
      { anchor: 'game-rules', q: 'faq_game_rules_q', a: 'faq_game_rules_a' },
      { anchor: 'game-updates', q: 'faq_game_updates_q', a: 'faq_game_updates_a' },
    ],
  },
  {
    id: 'premium',
    title: 'faq_group_premium_title',
    items: [
      { anchor: 'free-vs-premium', q: 'faq_free_vs_premium_q', a: 'faq_free_vs_premium_a' },
      { anchor: 'trial-plan', q: 'faq_trial_plan_q', a: 'faq_trial_plan_a' },
      { anchor: 'payment-methods', q: 'faq_payment_methods_q', a: 'faq_payment_methods_a' },
      { anchor: 'cancel-subscription', q: 'faq_cancel_subscription_q', a: 'faq_cancel_subscription_a' },
      { anchor: 'referral-bonus', q: 'faq_referral_bonus_q', a: 'faq_referral_bonus_a' },
    ],
  },
  {
    id: 'account',
    title: 'faq_group_account_title',
    items: [
      { anchor: 'passwordless-sign-in', q: 'faq_passwordless_sign_in_q', a: 'faq_passwordless_sign_in_a' },
      { anchor: 'device-binding', q: 'faq_device_binding_q', a: 'faq_device_binding_a' },
      { anchor: 'device-reset', q: 'faq_device_reset_q', a: 'faq_device_reset_a' },
      { anchor: 'change-email', q: 'faq_change_email_q', a: 'faq_change_email_a' },
      { anchor: 'contact-support', q: 'faq_contact_support_q', a: 'faq_contact_support_a' },
    ],
  },
] as const satisfies readonly FaqGroup[]

export type FaqGroupId = (typeof FAQ_GROUPS)[number]['id']
export type FaqAnchor = (typeof FAQ_GROUPS)[number]['items'][number]['anchor']

/** The questions shown in the home page teaser, in display order. */
export const FAQ_TEASER_ANCHORS = ['what-is-it', 'visible-to-others', 'free-vs-premium', 'device-binding'] as const satisfies readonly FaqAnchor[]
