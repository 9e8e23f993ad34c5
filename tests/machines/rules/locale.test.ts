import { describe, expect, it } from 'vitest'
import { detectLocale, localePath, rootRedirectPath, stripLocale, toLocale, type LocaleDetectionInput } from '#machines/rules/locale'

// The one detection: the server's root redirect and the locale machine both call it, so each
// case of the order is tested here once (tests/unit/locale.test.ts tests how a request becomes its input).
describe('spec 2: locale detection order (URL, cookie, browser; or the host when domains differ by locale)', () => {
  const cases: Array<[string, LocaleDetectionInput, 'en' | 'ru' | 'de']> = [
    ['a URL prefix decides over everything', { urlLocale: 'de', cookieLocale: 'ru', browserLanguages: ['ru'], hostLocale: 'ru', differentDomains: true }, 'de'],
    ['with domains by locale, the host decides an unprefixed page, not the cookie or browser', { atRoot: true, hostLocale: 'ru', differentDomains: true, cookieLocale: 'de', browserLanguages: ['de'] }, 'ru'],
    ['with domains by locale, a host bound to no locale serves English', { atRoot: true, hostLocale: null, differentDomains: true, cookieLocale: 'de', browserLanguages: ['de'] }, 'en'],
    ['an unprefixed path other than the root is the English default form', { atRoot: false, cookieLocale: 'ru', browserLanguages: ['de'] }, 'en'],
    ['at the root, the cookie comes before the browser', { atRoot: true, cookieLocale: 'ru', browserLanguages: ['de'] }, 'ru'],
    ['a cookie naming no site locale is skipped for the first supported browser language', { atRoot: true, cookieLocale: 'fr', browserLanguages: ['fr-FR', 'de-AT', 'ru'] }, 'de'],
    ['no supported browser language: English', { atRoot: true, browserLanguages: ['fr', 'pl'] }, 'en'],
    ['nothing known: English', {}, 'en'],
  ]
  it.each(cases)('%s', (_name, input, expected) => {
    expect(detectLocale(input)).toBe(expected)
  })
  it('normalises language tags', () => {
    expect(toLocale('RU-ru')).toBe('ru')
    expect(toLocale('de_AT')).toBe('de')
    expect(toLocale('ge')).toBeNull()
  })
})

describe('spec 2: only the root redirects, to the detected locale', () => {
  it.each([
    ['to the stored locale', { atRoot: true, cookieLocale: 'ru' }, '/ru'],
    ['to the browser language', { atRoot: true, browserLanguages: ['de-DE'] }, '/de'],
    ['never to English, which the root serves in place', { atRoot: true, cookieLocale: 'en', browserLanguages: ['ru'] }, null],
    ['never from another path', { atRoot: false, cookieLocale: 'ru' }, null],
    ['never when domains differ by locale (the host decides in place)', { atRoot: true, differentDomains: true, hostLocale: 'ru', browserLanguages: ['de'] }, null],
  ] as Array<[string, LocaleDetectionInput, string | null]>)('%s', (_name, input, expected) => {
    expect(rootRedirectPath(input)).toBe(expected)
  })
})

describe('spec 2: locale paths (prefix-and-default)', () => {
  it('replaces or adds the prefix', () => {
    expect(localePath('ru', '/en/premium?plan=3')).toBe('/ru/premium?plan=3')
    expect(localePath('de', '/')).toBe('/de')
    expect(localePath('en', '/ru')).toBe('/en')
    expect(localePath('ru', '/account')).toBe('/ru/account')
    expect(localePath('ru', '/english')).toBe('/ru/english')
  })
  it('strips a leading locale only', () => {
    expect(stripLocale('/ru/faq')).toBe('/faq')
    expect(stripLocale('/de')).toBe('/')
    expect(stripLocale('/den')).toBe('/den')
  })
})
