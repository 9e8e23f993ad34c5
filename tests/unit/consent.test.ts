/** R9.23–R9.25: deleting a withdrawn cookie, and the form without JavaScript. */
import { describe, expect, it } from 'vitest'
import { expiredCookies } from '#app/core/cookies.ts'
import { answerConsent, consentEvents } from '#app/forms/consent-form.server.ts'

const AT = Date.UTC(2026, 10, 27, 15, 0)

// The rules themselves (the choice cookie, the variants, Consent Mode, what a withdrawal deletes)
// are the machine suite's: tests/machines/rules/consent.test.ts and cookie-list.test.ts.
describe('a withdrawn cookie is deleted on the host and on each parent domain', () => {
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
