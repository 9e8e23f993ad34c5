import { m } from '#app/paraglide/messages.js'
import type { LoginLinkWordKey } from '#machines/login-link-words.ts'

/**
 * The messages the sign-in link's words table (machines/login-link-words.ts) names, by key: the
 * table decides which words a state shows, this only finds them among the messages.
 */
export const LOGIN_LINK_TEXT: Record<LoginLinkWordKey, (inputs: { product: string }) => string> = {
  page_login_code_ask_heading: () => m.page_login_code_ask_heading(),
  page_login_code_heading: ({ product }) => m.page_login_code_heading({ product }),
  page_login_code_intro: ({ product }) => m.page_login_code_intro({ product }),
  page_login_code_failed_intro: () => m.page_login_code_failed_intro(),
  acc_link_ask: () => m.acc_link_ask(),
  acc_link_continue: () => m.acc_link_continue(),
  acc_link_failed_title: () => m.acc_link_failed_title(),
  acc_link_retry: () => m.acc_link_retry(),
}
