import { describe, expect, it } from 'vitest'
import { launcherDownloadUrl } from '#app/core/download.ts'
import { HttpError } from '#app/core/http-error.ts'
import { getMiddleware, MIDDLEWARE_NAMES, runMiddleware } from '#app/core/middleware.ts'
import { parseUtmCookie, utmFromSearch } from '#app/core/utm.ts'
import { sanitizeReferrerCode } from '#machines/rules/referrer.ts'

const ctx = (over: Partial<Parameters<typeof runMiddleware>[1]> = {}) => ({
  locale: 'ru' as const,
  pathname: '/download',
  search: {},
  cookieHeader: null,
  config: { apiBrowserBase: 'https://api.example.com/' },
  ...over,
})

describe('R2, R8: the route middleware registry', () => {
  it('knows download-proxy, promo and russian-only', () => {
    expect(MIDDLEWARE_NAMES.sort()).toEqual(['download-proxy', 'promo', 'russian-only'])
  })
  it('an unknown name is a 500 "Unknown middleware"', () => {
    expect(() => getMiddleware('auth')).toThrowError('Unknown middleware')
    try {
      runMiddleware(['promo', 'nope'], ctx())
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError)
      expect((error as HttpError).status).toBe(500)
    }
  })
  it('does not resolve names from the prototype', () => {
    expect(() => getMiddleware('toString')).toThrowError('Unknown middleware')
  })
})

describe('R7: download-proxy', () => {
  it('redirects to {backend}/{locale}/launcher/download', () => {
    expect(runMiddleware(['download-proxy'], ctx()).redirect).toBe('https://api.example.com/ru/launcher/download')
  })
  it('adds referrer_link_code from the referrer cookie', () => {
    const r = runMiddleware(['download-proxy'], ctx({ cookieHeader: 'x=1; referrer_link_code=FRIEND2024' }))
    expect(r.redirect).toBe('https://api.example.com/ru/launcher/download?referrer_link_code=FRIEND2024')
  })
  it('ignores a referrer code that is not one', () => {
    expect(sanitizeReferrerCode('<script>')).toBeNull()
    expect(sanitizeReferrerCode('a'.repeat(65))).toBeNull()
    expect(launcherDownloadUrl('http://b', 'en', null)).toBe('http://b/en/launcher/download')
  })
})

describe('R5, R9: promo remembers the campaign', () => {
  it('R9.23: stores nothing before the visitor allows analytics', () => {
    const search = { utm_source: 'tg', utm_medium: 'post', utm_campaign: 'spring' }
    expect(runMiddleware(['promo'], ctx({ search }))).toEqual({})
    expect(runMiddleware(['promo'], ctx({ search, cookieHeader: 'cookie_consent=2.marketing-chat.2026-11-27' }))).toEqual({})
  })
  it('stores utm when source, medium and campaign are present', () => {
    const r = runMiddleware(
      ['promo'],
      ctx({
        search: { utm_source: 'tg', utm_medium: 'post', utm_campaign: 'spring', utm_term: 'skins' },
        cookieHeader: 'cookie_consent=2.analytics.2026-11-27',
      }),
    )
    expect(r.setCookies).toHaveLength(1)
    const cookie = r.setCookies![0]!
    expect(cookie).toMatch(/; Max-Age=31536000; Path=\//)
    expect(parseUtmCookie(decodeURIComponent(cookie.split(';')[0]!.slice('utm='.length)))).toEqual({
      source: 'tg',
      medium: 'post',
      campaign: 'spring',
      term: 'skins',
    })
  })
  it('stores nothing when one of the three is missing', () => {
    expect(runMiddleware(['promo'], ctx({ search: { utm_source: 'tg', utm_medium: 'post' } })).setCookies).toBeUndefined()
    expect(utmFromSearch({ utm_source: 'tg', utm_medium: 'post', utm_campaign: ' ' })).toBeNull()
  })
  it('a tampered utm cookie reads as none', () => {
    expect(parseUtmCookie('{"source":1}')).toBeNull()
    expect(parseUtmCookie('not json')).toBeNull()
  })
})

describe('R2: the Russian-only page guard', () => {
  it('lets Russian through', () => {
    expect(runMiddleware(['russian-only'], ctx({ locale: 'ru', pathname: '/ru/requisites' }))).toEqual({})
  })
  it.each([
    ['en', '/en'],
    ['de', '/de'],
  ] as const)('sends %s to its home page %s', (locale, home) => {
    expect(runMiddleware(['russian-only'], ctx({ locale, pathname: `/${locale}/requisites` }))).toEqual({ redirect: home })
  })
})
