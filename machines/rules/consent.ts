/**
 * R9.23–R9.25 (decision 111): what a visitor allowed, and what each choice lets the site do. Pure.
 *
 * - Necessary cookies need no consent: the session, the language, the referral code a join link
 *   brings, a form's outcome, a Steam sign-in's state and the choice itself.
 * - analytics: the analytics script, the `_ga` copy, the utm cookie and `POST /analytics/collect`.
 * - marketing: the tag manager and what the site pushes to its data layer.
 * - chat: the chat widget.
 *
 * The choice is one necessary cookie, `cookie_consent`, for 12 months: the policy's version, the
 * categories allowed and the day it was made (`1.analytics-chat.2026-11-27`). A cookie of another
 * version is no choice: the visitor is asked again.
 */

export const CONSENT_CATEGORIES = ['analytics', 'marketing', 'chat'] as const
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number]
export type ConsentChoice = Readonly<Record<ConsentCategory, boolean>>

/** The cookie that holds the choice (necessary). */
export const CONSENT_COOKIE = 'cookie_consent'
/** The cookie policy's version: a choice made under another one asks again. */
export const CONSENT_VERSION = 2
/** 12 months. */
export const CONSENT_MAX_AGE_SECONDS = 31_536_000

/** Nothing optional allowed: before a choice, and after "Reject all". */
export const NOTHING_ALLOWED: ConsentChoice = Object.freeze({ analytics: false, marketing: false, chat: false })

/** R9.25: what a browser sending Global Privacy Control (`Sec-GPC: 1`) refuses unless switched on one by one. */
export const GPC_REFUSED: readonly ConsentCategory[] = ['analytics', 'marketing']

/** "Accept all": every category, but those a GPC browser refuses (decision 111). */
export function acceptAll(gpc: boolean): ConsentChoice {
  return { analytics: !gpc, marketing: !gpc, chat: true }
}

/** Whether a choice allows a category (no choice allows nothing). */
export function allows(choice: ConsentChoice | null | undefined, category: ConsentCategory): boolean {
  return choice?.[category] === true
}

/** The categories allowed before and not after. */
export function withdrawn(previous: ConsentChoice | null, next: ConsentChoice): ConsentCategory[] {
  return CONSENT_CATEGORIES.filter((c) => allows(previous, c) && !next[c])
}

export interface StoredConsent {
  version: number
  choice: ConsentChoice
  /** The day it was made, `YYYY-MM-DD` (UTC). */
  date: string
}

/** The cookie's value: `2.analytics-chat.2026-11-27`, `2.none.2026-11-27`. */
export function consentCookieValue(choice: ConsentChoice, at: number): string {
  const allowed = CONSENT_CATEGORIES.filter((c) => choice[c])
  return `${CONSENT_VERSION}.${allowed.length ? allowed.join('-') : 'none'}.${new Date(at).toISOString().slice(0, 10)}`
}

const VALUE = /^(\d{1,4})\.([a-z-]{1,40})\.(\d{4}-\d{2}-\d{2})$/

/** The stored choice, or null: no cookie, a malformed one, or one of another version of the policy. */
export function readConsent(value: string | null | undefined, version: number = CONSENT_VERSION): StoredConsent | null {
  const match = value ? VALUE.exec(value) : null
  if (!match) return null
  if (Number(match[1]) !== version) return null
  const names = match[2] === 'none' ? [] : match[2]!.split('-')
  if (!names.every((n) => (CONSENT_CATEGORIES as readonly string[]).includes(n))) return null
  if (new Set(names).size !== names.length) return null
  const choice = Object.fromEntries(CONSENT_CATEGORIES.map((c) => [c, names.includes(c)])) as Record<ConsentCategory, boolean>
  return { version, choice, date: match[3]! }
}

/**
 * What the page renders for this visitor: the banner (`ask`, or `ask-gpc` with its note) or a
 * choice. A guest page kept for others is kept per variant (decision 111).
 */
export function consentVariant(stored: StoredConsent | null, gpc: boolean): string {
  if (!stored) return gpc ? 'ask-gpc' : 'ask'
  return `${gpc ? 'gpc.' : ''}${CONSENT_CATEGORIES.filter((c) => stored.choice[c]).join('-') || 'none'}`
}

/** R9.25: a request header `Sec-GPC: 1`. */
export function sendsGpc(header: string | null | undefined): boolean {
  return header?.trim() === '1'
}

// --- the tag manager's Consent Mode (v2) ------------------------------------------------------

export type ConsentModeState = Readonly<{
  ad_storage: 'granted' | 'denied'
  analytics_storage: 'granted' | 'denied'
  ad_user_data: 'granted' | 'denied'
  ad_personalization: 'granted' | 'denied'
}>

/** In the data layer before the container loads: everything denied. */
export const CONSENT_MODE_DEFAULTS: ConsentModeState = Object.freeze({
  ad_storage: 'denied',
  analytics_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
})

/** The update a choice sends: analytics storage by analytics, the three ad signals by marketing. */
export function consentModeUpdate(choice: ConsentChoice): ConsentModeState {
  const ad = choice.marketing ? 'granted' : 'denied'
  return { ad_storage: ad, analytics_storage: choice.analytics ? 'granted' : 'denied', ad_user_data: ad, ad_personalization: ad }
}
