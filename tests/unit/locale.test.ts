import { describe, expect, it } from 'vitest'
import {
  detectLocale,
  legalHref,
  legalPrefix,
  localeCookie,
  localeDetectionInput,
  pageLocale,
  rootRedirect,
  splitLocalePrefix,
  switchLocaleHref,
} from '#app/core/locale.ts'
import { acceptedLanguages } from '#app/core/negotiate.ts'

describe('R2: prefix-and-default', () => {
  it.each([
    ['/', null, '', '/'],
    ['/faq', null, '', '/faq'],
    ['/en', 'en', '/en', '/'],
    ['/ru/faq', 'ru', '/ru', '/faq'],
    ['/de/login/abc', 'de', '/de', '/login/abc'],
    ['/english', null, '', '/english'],
    ['/fr/faq', null, '', '/fr/faq'],
  ])('%s', (path, locale, prefix, rest) => {
    expect(splitLocalePrefix(path)).toEqual({ locale, prefix, rest })
  })

  it('an unprefixed page is English whatever the cookie or browser say', () => {
    expect(pageLocale({ pathname: '/faq', cookieHeader: 'i18n_redirected=ru', browserLanguages: acceptedLanguages('de') })).toBe('en')
    expect(pageLocale({ pathname: '/', cookieHeader: 'i18n_redirected=ru', browserLanguages: acceptedLanguages('de') })).toBe('en')
  })
  it('a prefixed page is in its prefix, an unprefixed one on a host bound to a locale in that locale', () => {
    expect(pageLocale({ pathname: '/de/faq', host: 'ru.example.com', localeHosts: { 'ru.example.com': 'ru' } })).toBe('de')
    expect(pageLocale({ pathname: '/faq', host: 'ru.example.com', localeHosts: { 'ru.example.com': 'ru' } })).toBe('ru')
  })
})

// The order itself is tested once, in tests/unit/rules/locale.test.ts: here, how a request becomes its input.
describe('R2: what a request tells the locale detection', () => {
  it('the prefix, the root, the cookie, the languages by quality and the host', () => {
    expect(
      localeDetectionInput({
        pathname: '/de/x',
        host: 'www.ru.example.com:8443',
        cookieHeader: 'a=1; i18n_redirected=ru',
        browserLanguages: acceptedLanguages('fr-FR,fr;q=0.9,ru;q=0.5,de;q=0.7'),
        localeHosts: { 'ru.example.com': 'ru' },
      }),
    ).toEqual({ urlLocale: 'de', atRoot: false, cookieLocale: 'ru', browserLanguages: ['fr-FR', 'fr', 'de', 'ru'], hostLocale: 'ru', differentDomains: true })
  })
  it('nothing known', () => {
    expect(localeDetectionInput({ pathname: '/' })).toEqual({
      urlLocale: null,
      atRoot: true,
      cookieLocale: null,
      browserLanguages: [],
      hostLocale: null,
      differentDomains: false,
    })
  })
  it("the detection takes the browser's languages as given, and none when none are known", () => {
    expect(localeDetectionInput({ pathname: '/', browserLanguages: ['de-AT', 'en'] }).browserLanguages).toEqual(['de-AT', 'en'])
    expect(localeDetectionInput({ pathname: '/' }).browserLanguages).toEqual([])
  })
  it('Accept-Language by quality, ties in order, refused and empty entries dropped', () => {
    expect(acceptedLanguages('fr;q=1, de;q=0, , ru;q=0.8,en;q=oops,pl')).toEqual(['fr', 'pl', 'ru'])
    expect(acceptedLanguages('')).toEqual([])
    expect(acceptedLanguages(null)).toEqual([])
  })
  it('the server detects with that input', () => {
    expect(detectLocale({ pathname: '/', cookieHeader: 'i18n_redirected=fr', browserLanguages: acceptedLanguages('pl,ru-RU;q=0.8') })).toBe('ru')
  })
})

describe('R2: the root redirect of a request', () => {
  it('reads the cookie and Accept-Language of the root only', () => {
    expect(rootRedirect({ pathname: '/', cookieHeader: 'i18n_redirected=ru' })).toBe('/ru')
    expect(rootRedirect({ pathname: '/', browserLanguages: acceptedLanguages('de') })).toBe('/de')
    expect(rootRedirect({ pathname: '/faq', cookieHeader: 'i18n_redirected=ru' })).toBeNull()
    expect(rootRedirect({ pathname: '/en', cookieHeader: 'i18n_redirected=ru' })).toBeNull()
  })
  it('a host that names its locale needs no redirect', () => {
    expect(
      rootRedirect({ pathname: '/', host: 'ru.example.com', localeHosts: { 'ru.example.com': 'ru' }, browserLanguages: acceptedLanguages('de') }),
    ).toBeNull()
  })
})

describe('R9: the locale cookie', () => {
  it('365 days, path /, SameSite=Lax', () => {
    expect(localeCookie('de')).toBe('i18n_redirected=de; Max-Age=31536000; Path=/; SameSite=Lax')
  })
  it('None and Secure when cross-origin', () => {
    expect(localeCookie('ru', true)).toBe('i18n_redirected=ru; Max-Age=31536000; Path=/; SameSite=None; Secure')
  })
})

describe('R2: legal and info links', () => {
  it('the canonical text: /ru for Russian, /en for every other language', () => {
    expect(legalPrefix('ru')).toBe('/ru')
    expect(legalPrefix('en')).toBe('/en')
    expect(legalPrefix('de')).toBe('/en')
  })
  it("decision 123: a page links them in its own language, German's included", () => {
    expect(legalHref('de', 'oferta')).toBe('/de/oferta')
    expect(legalHref('de', 'user-license')).toBe('/de/user-license')
    expect(legalHref('de', 'policy')).toBe('/de/policy')
    expect(legalHref('de', 'cookies-policy')).toBe('/de/cookies-policy')
    expect(legalHref('en', 'oferta')).toBe('/en/oferta')
    expect(legalHref('ru', 'policy')).toBe('/ru/policy')
    expect(legalHref('de', 'faq')).toBe('/de/faq')
    expect(legalHref('de', 'cs-go', 'game-versions')).toBe('/de/cs-go#game-versions')
    expect(legalHref('en', 'faq')).toBe('/en/faq')
    expect(legalHref('ru', 'cs-go')).toBe('/ru/cs-go')
    expect(legalHref('ru', 'faq', 'payment')).toBe('/ru/faq#payment')
  })
})

describe('R2: the language switcher keeps the rest of the path', () => {
  it.each([
    ['/', 'ru', '/ru'],
    ['/faq?x=1#a', 'de', '/de/faq?x=1#a'],
    ['/ru/login/abc', 'en', '/en/login/abc'],
    ['/de', 'en', '/en'],
  ] as const)('%s to %s', (from, to, expected) => {
    expect(switchLocaleHref(from, to)).toBe(expected)
  })
})
