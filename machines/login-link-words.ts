/**
 * R4.24: what the sign-in link's page (`/login/{code}`) says in each of its states, as message
 * keys: its heading, its lead, and its one action. The state is the auth machine's answer to the
 * link and two facts of the page: whether the visitor opened the link from the site's own e-mail
 * flow (not from another website) and whether the page's script runs. One table, so the heading
 * of one state never stands above the words of another.
 */

/**
 * - `ask`: opened from another website: the page asks before it signs in.
 * - `ready`: the visitor's own link, before the page's script runs (or without it): the button signs in.
 * - `checking`: the auth machine is checking the link's code.
 * - `failed`: the code was refused; the way to a new one.
 */
export type LoginLinkState = 'ask' | 'ready' | 'checking' | 'failed'

export const LOGIN_LINK_WORDS = {
  ask: { heading: 'page_login_code_ask_heading', lead: 'acc_link_ask', action: 'acc_link_continue' },
  ready: { heading: 'page_login_code_heading', lead: 'page_login_code_intro', action: 'acc_link_continue' },
  checking: { heading: 'page_login_code_heading', lead: 'page_login_code_intro', action: null },
  failed: { heading: 'acc_link_failed_title', lead: 'page_login_code_failed_intro', action: 'acc_link_retry' },
} as const satisfies Record<LoginLinkState, { heading: string; lead: string; action: string | null }>

export type LoginLinkWordKey = {
  [S in LoginLinkState]: Exclude<(typeof LOGIN_LINK_WORDS)[S][keyof (typeof LOGIN_LINK_WORDS)[S]], null>
}[LoginLinkState]

/** The page's state: a refusal wins; the visitor's own link is checked once the script runs; another site's waits for the button. */
export function loginLinkState(facts: { failed: boolean; own: boolean; hydrated: boolean }): LoginLinkState {
  if (facts.failed) return 'failed'
  if (!facts.own) return 'ask'
  return facts.hydrated ? 'checking' : 'ready'
}
