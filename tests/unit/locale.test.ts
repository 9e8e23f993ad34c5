import { describe, expect, it } from 'vitest'
import {
  detectLocale,
  legalHref,
  legalPrefix,
  localeCookie,
  localeFromAcceptLanguage,
  pageLocale,
  rootRedirect,
  splitLocalePrefix,
  switchLocaleHref,
} from '~/lib/locale'

describe('spec 2: prefix-and-default', () => {
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
    expect(pageLocale({ pathname: '/faq', cookieHeader: 'i18n_redirected=ru', acceptLanguage: 'de' })).toBe('en')
  })
})

describe('spec 2: detection order', () => {
  const hosts = { 'ru.example.com': 'ru' as const }
  it('URL first', () => {
    expect(detectLocale({ pathname: '/de/x', cookieHeader: 'i18n_redirected=ru', acceptLanguage: 'en', host: 'ru.example.com', localeHosts: hosts })).toBe('de')
  })
  it('then the host, when domains differ by locale', () => {
    expect(detectLocale({ pathname: '/', cookieHeader: 'i18n_redirected=de', host: 'www.ru.example.com:8443', localeHosts: hosts })).toBe('ru')
  })
  it('then the cookie', () => {
    expect(detectLocale({ pathname: '/', cookieHeader: 'a=1; i18n_redirected=ru', acceptLanguage: 'de' })).toBe('ru')
  })
  it('a cookie naming an unsupported locale is ignored', () => {
    expect(detectLocale({ pathname: '/', cookieHeader: 'i18n_redirected=fr', acceptLanguage: 'de' })).toBe('de')
  })
  it('then the browser, by quality', () => {
    expect(localeFromAcceptLanguage('fr-FR,fr;q=0.9,ru;q=0.5,de;q=0.7')).toBe('de')
    expect(localeFromAcceptLanguage('pl,ru-RU;q=0.8')).toBe('ru')
    expect(localeFromAcceptLanguage('fr;q=1, de;q=0')).toBeNull()
    expect(localeFromAcceptLanguage('')).toBeNull()
  })
  it('then English', () => {
    expect(detectLocale({ pathname: '/' })).toBe('en')
  })
})

describe('spec 2: only the root redirects', () => {
  it('to the stored or preferred locale', () => {
    expect(rootRedirect({ pathname: '/', cookieHeader: 'i18n_redirected=ru' })).toBe('/ru')
    expect(rootRedirect({ pathname: '/', acceptLanguage: 'de' })).toBe('/de')
  })
  it('English is served in place', () => {
    expect(rootRedirect({ pathname: '/', cookieHeader: 'i18n_redirected=en', acceptLanguage: 'ru' })).toBeNull()
    expect(rootRedirect({ pathname: '/' })).toBeNull()
  })
  it('no other path redirects', () => {
    expect(rootRedirect({ pathname: '/faq', cookieHeader: 'i18n_redirected=ru' })).toBeNull()
    expect(rootRedirect({ pathname: '/en', cookieHeader: 'i18n_redirected=ru' })).toBeNull()
  })
  it('a host that names its locale needs no redirect', () => {
    expect(rootRedirect({ pathname: '/', host: 'ru.example.com', localeHosts: { 'ru.example.com': 'ru' }, acceptLanguage: 'de' })).toBeNull()
  })
})

describe('spec 9: the locale cookie', () => {
  it('365 days, path /, SameSite=Lax', () => {
    expect(localeCookie('de')).toBe('i18n_redirected=de; Max-Age=31536000; Path=/; SameSite=Lax')
  })
  it('None and Secure when cross-origin', () => {
    expect(localeCookie('ru', true)).toBe('i18n_redirected=ru; Max-Age=31536000; Path=/; SameSite=None; Secure')
  })
})

describe('spec 2: legal and info links', () => {
  it('/ru for Russian, /en for every other language', () => {
    expect(legalPrefix('ru')).toBe('/ru')
    expect(legalPrefix('en')).toBe('/en')
    expect(legalPrefix('de')).toBe('/en')
    expect(legalHref('de', 'oferta')).toBe('/en/oferta')
    expect(legalHref('ru', 'faq', 'payment')).toBe('/ru/faq#payment')
  })
})

describe('spec 2: the language switcher keeps the rest of the path', () => {
  it.each([
    ['/', 'ru', '/ru'],
    ['/faq?x=1#a', 'de', '/de/faq?x=1#a'],
    ['/ru/login/abc', 'en', '/en/login/abc'],
    ['/de', 'en', '/en'],
  ] as const)('%s to %s', (from, to, expected) => {
    expect(switchLocaleHref(from, to)).toBe(expected)
  })
})
