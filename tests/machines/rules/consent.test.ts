/**
 * R9.23–R9.25 (decision 111): the consent rules, written out: the choice cookie as it is written
 * and read, the banner's variants, "Accept all" with and without Global Privacy Control, what a
 * withdrawal takes back, and the tag manager's Consent Mode.
 */
import { describe, expect, it } from 'vitest'
import {
  acceptAll,
  allows,
  CONSENT_CATEGORIES,
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_MODE_DEFAULTS,
  CONSENT_VERSION,
  consentCookieValue,
  consentModeUpdate,
  consentVariant,
  GPC_REFUSED,
  NOTHING_ALLOWED,
  readConsent,
  sendsGpc,
  withdrawn,
} from '#machines/rules/consent.ts'

const AT = Date.UTC(2026, 10, 27, 15, 0)
const ALL = { analytics: true, marketing: true, chat: true }

describe('R9.23: the categories and the cookie that holds the choice', () => {
  it('three optional categories, a cookie of the policy version 2 that lives 12 months', () => {
    expect(CONSENT_CATEGORIES).toEqual(['analytics', 'marketing', 'chat'])
    expect([CONSENT_COOKIE, CONSENT_VERSION, CONSENT_MAX_AGE_SECONDS]).toEqual(['cookie_consent', 2, 31_536_000])
    expect(NOTHING_ALLOWED).toEqual({ analytics: false, marketing: false, chat: false })
    expect(Object.isFrozen(NOTHING_ALLOWED)).toBe(true)
  })

  it.each([
    [{ analytics: true, marketing: true, chat: true }, '2.analytics-marketing-chat.2026-11-27'],
    [{ analytics: true, marketing: false, chat: true }, '2.analytics-chat.2026-11-27'],
    [{ analytics: false, marketing: true, chat: false }, '2.marketing.2026-11-27'],
    [{ analytics: false, marketing: false, chat: false }, '2.none.2026-11-27'],
  ])('%o is written %s and read back', (choice, value) => {
    expect(consentCookieValue(choice, AT)).toBe(value)
    expect(readConsent(value)).toEqual({ version: 2, choice, date: '2026-11-27' })
  })

  it('the day is the UTC day the choice was made', () => {
    expect(consentCookieValue(ALL, Date.UTC(2026, 11, 31, 23, 59, 59))).toBe('2.analytics-marketing-chat.2026-12-31')
    expect(consentCookieValue(NOTHING_ALLOWED, Date.UTC(2027, 0, 1, 0, 0, 0))).toBe('2.none.2027-01-01')
  })

  it.each([
    ['1.analytics.2026-11-27', 'a choice under version 1 of the policy'],
    ['3.analytics.2026-11-27', 'a later version'],
    ['2.analytics-analytics.2026-11-27', 'a category twice'],
    ['2.ads.2026-11-27', 'an unknown category'],
    ['2.analytics-ads.2026-11-27', 'a known and an unknown category'],
    ['2.analytics', 'no day'],
    ['2.analytics.2026-11-27x', 'something after the day'],
    ['x2.analytics.2026-11-27', 'something before the version'],
    ['2..2026-11-27', 'no categories at all'],
    ['2.Analytics.2026-11-27', 'a category in capitals'],
    ['2.analytics.26-11-27', 'a short year'],
    ['12345.analytics.2026-11-27', 'a version of five digits'],
    ['yes', 'a word'],
    ['', 'nothing'],
  ])('%s is no choice (%s): the visitor is asked again', (value) => {
    expect(readConsent(value)).toBeNull()
  })

  it('no cookie is no choice', () => {
    expect(readConsent(null)).toBeNull()
    expect(readConsent(undefined)).toBeNull()
  })

  it('a choice is read under the version asked for', () => {
    expect(readConsent('3.chat.2026-11-27', 3)).toEqual({ version: 3, choice: { analytics: false, marketing: false, chat: true }, date: '2026-11-27' })
    expect(readConsent('2.chat.2026-11-27', 3)).toBeNull()
    // A version has up to four digits: the policy's tenth and thousandth versions read too.
    expect(readConsent('10.chat.2026-11-27', 10)).toEqual({ version: 10, choice: { analytics: false, marketing: false, chat: true }, date: '2026-11-27' })
    expect(readConsent('1000.analytics.2026-11-27', 1000)).toEqual({
      version: 1000,
      choice: { analytics: true, marketing: false, chat: false },
      date: '2026-11-27',
    })
    // Up to 40 characters of categories: all three, each once, is 26.
    expect(readConsent('2.chat-marketing-analytics.2026-11-27')).toEqual({ version: 2, choice: ALL, date: '2026-11-27' })
  })
})

describe('R9.23, R9.25: what a choice allows', () => {
  it('no choice allows nothing; a choice allows what it says', () => {
    for (const category of CONSENT_CATEGORIES) {
      expect(allows(null, category)).toBe(false)
      expect(allows(undefined, category)).toBe(false)
      expect(allows(NOTHING_ALLOWED, category)).toBe(false)
      expect(allows(ALL, category)).toBe(true)
    }
    expect(allows({ analytics: false, marketing: false, chat: true }, 'chat')).toBe(true)
    expect(allows({ analytics: false, marketing: false, chat: true }, 'analytics')).toBe(false)
  })

  it('R9.25: "Accept all" allows everything, but analytics and marketing to a browser sending Global Privacy Control', () => {
    expect(GPC_REFUSED).toEqual(['analytics', 'marketing'])
    expect(acceptAll(false)).toEqual({ analytics: true, marketing: true, chat: true })
    expect(acceptAll(true)).toEqual({ analytics: false, marketing: false, chat: true })
  })

  it('R9.25: only `Sec-GPC: 1` is Global Privacy Control', () => {
    expect(sendsGpc('1')).toBe(true)
    expect(sendsGpc(' 1 ')).toBe(true)
    for (const header of ['0', 'true', '11', '', null, undefined]) expect(sendsGpc(header)).toBe(false)
  })

  it('a withdrawal is what was allowed before and is not now, in the categories’ order', () => {
    expect(withdrawn(ALL, NOTHING_ALLOWED)).toEqual(['analytics', 'marketing', 'chat'])
    expect(withdrawn(ALL, { analytics: false, marketing: true, chat: false })).toEqual(['analytics', 'chat'])
    expect(withdrawn({ analytics: false, marketing: false, chat: true }, ALL)).toEqual([])
    expect(withdrawn(null, NOTHING_ALLOWED)).toEqual([])
    expect(withdrawn(NOTHING_ALLOWED, ALL)).toEqual([])
  })
})

describe('R9.24: the banner a page renders, and the variants a guest page is kept by', () => {
  it('without a choice, the banner (with its note for a GPC browser); with one, the choice', () => {
    expect(consentVariant(null, false)).toBe('ask')
    expect(consentVariant(null, true)).toBe('ask-gpc')
    expect(consentVariant(readConsent('2.chat.2026-11-27'), true)).toBe('gpc.chat')
    expect(consentVariant(readConsent('2.chat.2026-11-27'), false)).toBe('chat')
    expect(consentVariant(readConsent('2.none.2026-11-27'), false)).toBe('none')
    expect(consentVariant(readConsent('2.none.2026-11-27'), true)).toBe('gpc.none')
    expect(consentVariant(readConsent('2.analytics-marketing-chat.2026-11-27'), false)).toBe('analytics-marketing-chat')
  })
})

describe('R9.23: the tag manager’s Consent Mode', () => {
  it('denies everything before a choice, and the defaults cannot be changed', () => {
    expect(CONSENT_MODE_DEFAULTS).toEqual({ ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' })
    expect(Object.isFrozen(CONSENT_MODE_DEFAULTS)).toBe(true)
  })

  it.each([
    [
      { analytics: true, marketing: false, chat: true },
      { ad_storage: 'denied', analytics_storage: 'granted', ad_user_data: 'denied', ad_personalization: 'denied' },
    ],
    [
      { analytics: false, marketing: true, chat: false },
      { ad_storage: 'granted', analytics_storage: 'denied', ad_user_data: 'granted', ad_personalization: 'granted' },
    ],
    [
      { analytics: true, marketing: true, chat: true },
      { ad_storage: 'granted', analytics_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' },
    ],
    [
      { analytics: false, marketing: false, chat: true },
      { ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ],
  ])('%o sends %o: analytics storage by analytics, the three ad signals by marketing', (choice, update) => {
    expect(consentModeUpdate(choice)).toEqual(update)
  })
})
