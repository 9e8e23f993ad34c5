/** R9.23–R9.25: the choice's cookie, what a withdrawal deletes, and the form without JavaScript. */
import { describe, expect, it } from 'vitest'
import { expiredCookies } from '#app/core/cookies.ts'
import { answerConsent, consentEvents } from '#app/forms/consent-form.server.ts'
import { acceptAll, consentCookieValue, consentModeUpdate, consentVariant, readConsent } from '#machines/rules/consent.ts'
import { cookiesToDelete } from '#machines/rules/cookie-list.ts'

const AT = Date.UTC(2026, 10, 27, 15, 0)

describe('the choice cookie', () => {
  it.each([
    [{ analytics: true, marketing: true, chat: true }, '2.analytics-marketing-chat.2026-11-27'],
    [{ analytics: true, marketing: false, chat: true }, '2.analytics-chat.2026-11-27'],
    [{ analytics: false, marketing: false, chat: false }, '2.none.2026-11-27'],
  ])('%o is written %s and read back', (choice, value) => {
    expect(consentCookieValue(choice, AT)).toBe(value)
    expect(readConsent(value)).toEqual({ version: 2, choice, date: '2026-11-27' })
  })
  it.each(['1.analytics.2026-11-27', '2.analytics-analytics.2026-11-27', '2.ads.2026-11-27', '2.analytics', 'yes', '', null])(
    '%s is no choice (asks again)',
    (value) => {
      expect(readConsent(value)).toBeNull()
    },
  )
  it('the banner variants a guest page is kept by', () => {
    expect(consentVariant(null, false)).toBe('ask')
    expect(consentVariant(null, true)).toBe('ask-gpc')
    expect(consentVariant(readConsent('2.chat.2026-11-27'), true)).toBe('gpc.chat')
    expect(consentVariant(readConsent('2.none.2026-11-27'), false)).toBe('none')
  })
  it('R9.25: "Accept all" of a GPC browser allows the chat only', () => {
    expect(acceptAll(true)).toEqual({ analytics: false, marketing: false, chat: true })
    expect(acceptAll(false)).toEqual({ analytics: true, marketing: true, chat: true })
  })
  it('Consent Mode: analytics storage by analytics, the three ad signals by marketing', () => {
    expect(consentModeUpdate({ analytics: true, marketing: false, chat: true })).toEqual({
      ad_storage: 'denied',
      analytics_storage: 'granted',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    })
  })
})

describe("a withdrawal deletes its categories' cookies, and nothing else", () => {
  const held = ['auth._token.local', 'i18n_redirected', 'cookie_consent', 'utm', '_ga', '_ga_ABC123', 'sv_cid', '_gcl_au', 'chat_visitor', 'other']
  it.each([
    [['analytics'], ['utm', '_ga', '_ga_ABC123', 'sv_cid']],
    [['marketing'], ['_gcl_au']],
    [['chat'], ['chat_visitor']],
    [[], []],
  ] as const)('%o → %o', (categories, deleted) => {
    expect(cookiesToDelete(held, categories, 'sv_cid')).toEqual(deleted)
  })
  it('on the host and on each parent domain', () => {
    expect(expiredCookies('_ga', 'www.skinvault.gg')).toEqual([
      '_ga=; Max-Age=0; Path=/',
      '_ga=; Max-Age=0; Path=/; Domain=.www.skinvault.gg',
      '_ga=; Max-Age=0; Path=/; Domain=.skinvault.gg',
    ])
    expect(expiredCookies('_ga', 'localhost:3210')).toEqual(['_ga=; Max-Age=0; Path=/'])
    expect(expiredCookies('_ga', '127.0.0.1:3210')).toEqual(['_ga=; Max-Age=0; Path=/'])
  })
})

describe('R9.24: the form without JavaScript runs the consent machine', () => {
  const post = { cookieHeader: null, gpcHeader: null, host: 'skinvault.gg', crossOrigin: false, clientIdCookie: null, now: AT }
  it('"Accept all", "Reject all" and "Save" with its switches', () => {
    expect(answerConsent({ ...post, values: { choice: 'all' } })).toEqual([
      'cookie_consent=2.analytics-marketing-chat.2026-11-27; Max-Age=31536000; Path=/; SameSite=Lax',
    ])
    expect(answerConsent({ ...post, values: { choice: 'none' } })).toEqual(['cookie_consent=2.none.2026-11-27; Max-Age=31536000; Path=/; SameSite=Lax'])
    expect(answerConsent({ ...post, values: { choice: 'custom', chat: 'on', analytics: 'on' } })).toEqual([
      'cookie_consent=2.analytics-chat.2026-11-27; Max-Age=31536000; Path=/; SameSite=Lax',
    ])
  })
  it('R9.25: with Sec-GPC: 1, "Accept all" is the chat only', () => {
    expect(answerConsent({ ...post, gpcHeader: '1', values: { choice: 'all' } })).toEqual([
      'cookie_consent=2.chat.2026-11-27; Max-Age=31536000; Path=/; SameSite=Lax',
    ])
  })
  it('withdrawing deletes the cookies the browser holds of the category', () => {
    const cookieHeader = 'cookie_consent=2.analytics-chat.2026-10-01; _ga=GA1.1.1.2; chat_visitor=9; i18n_redirected=de'
    expect(answerConsent({ ...post, cookieHeader, values: { choice: 'custom', chat: 'on' } })).toEqual([
      'cookie_consent=2.chat.2026-11-27; Max-Age=31536000; Path=/; SameSite=Lax',
      '_ga=; Max-Age=0; Path=/',
      '_ga=; Max-Age=0; Path=/; Domain=.skinvault.gg',
    ])
  })
  it('an unknown button changes nothing', () => {
    expect(consentEvents({ choice: 'maybe' })).toEqual([])
    expect(answerConsent({ ...post, values: { choice: 'maybe' } })).toEqual([])
  })
})
