import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  detectLocale,
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  type Locale,
  type LocaleDetectionInput,
  localePath,
  rootRedirectPath,
  stripLocale,
  toLocale,
} from '#machines/rules/locale.ts'

// The one detection: the server's root redirect and the locale machine both call it, so each
// case of the order is tested here once (tests/unit/locale.test.ts tests how a request becomes its input).
describe('R2: locale detection order (URL, cookie, browser; or the host when domains differ by locale)', () => {
  const cases: Array<[string, LocaleDetectionInput, 'en' | 'ru' | 'de']> = [
    ['a URL prefix decides over everything', { urlLocale: 'de', cookieLocale: 'ru', browserLanguages: ['ru'], hostLocale: 'ru', differentDomains: true }, 'de'],
    [
      'with domains by locale, the host decides an unprefixed page, not the cookie or browser',
      { atRoot: true, hostLocale: 'ru', differentDomains: true, cookieLocale: 'de', browserLanguages: ['de'] },
      'ru',
    ],
    [
      'with domains by locale, a host bound to no locale serves English',
      { atRoot: true, hostLocale: null, differentDomains: true, cookieLocale: 'de', browserLanguages: ['de'] },
      'en',
    ],
    ['an unprefixed path other than the root is the English default form', { atRoot: false, cookieLocale: 'ru', browserLanguages: ['de'] }, 'en'],
    ['at the root, the cookie comes before the browser', { atRoot: true, cookieLocale: 'ru', browserLanguages: ['de'] }, 'ru'],
    [
      'a cookie naming no site locale is skipped for the first supported browser language',
      { atRoot: true, cookieLocale: 'fr', browserLanguages: ['fr-FR', 'de-AT', 'ru'] },
      'de',
    ],
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

describe('R2: only the root redirects, to the detected locale', () => {
  it.each([
    ['to the stored locale', { atRoot: true, cookieLocale: 'ru' }, '/ru'],
    ['to the browser language', { atRoot: true, browserLanguages: ['de-DE'] }, '/de'],
    ['never to English, which the root serves in place', { atRoot: true, cookieLocale: 'en', browserLanguages: ['ru'] }, null],
    ['never from another path', { atRoot: false, cookieLocale: 'ru' }, null],
    [
      'never when domains differ by locale (the host decides in place)',
      { atRoot: true, differentDomains: true, hostLocale: 'ru', browserLanguages: ['de'] },
      null,
    ],
  ] as Array<[string, LocaleDetectionInput, string | null]>)('%s', (_name, input, expected) => {
    expect(rootRedirectPath(input)).toBe(expected)
  })
})

describe('R2: locale paths (prefix-and-default)', () => {
  it.each([
    ['ru', '/en/premium?plan=3', '/ru/premium?plan=3'],
    ['de', '/', '/de'],
    ['en', '/ru', '/en'],
    ['ru', '/account', '/ru/account'],
    ['ru', '/english', '/ru/english'],
    // The home page has no slash of its own before a query or a hash either.
    ['de', '/ru?x=1', '/de?x=1'],
    ['de', '/?x=1', '/de?x=1'],
    ['ru', '/en#top', '/ru#top'],
    ['ru', '/en/faq#top', '/ru/faq#top'],
  ] as Array<[Locale, string, string]>)('replaces or adds the prefix: %s, %s -> %s', (locale, path, localized) => {
    expect(localePath(locale, path)).toBe(localized)
  })
  it('strips a leading locale only', () => {
    expect(stripLocale('/ru/faq')).toBe('/faq')
    expect(stripLocale('/de')).toBe('/')
    expect(stripLocale('/den')).toBe('/den')
  })
})

describe('R2, R9: the locale cookie', () => {
  it('is i18n_redirected, kept 365 days', () => {
    expect(LOCALE_COOKIE).toBe('i18n_redirected')
    expect(LOCALE_COOKIE_MAX_AGE_S).toBe(31_536_000)
  })
})

describe('R2: site locales and language tags', () => {
  it('only en, ru and de are site locales, and only as strings', () => {
    for (const value of ['en', 'ru', 'de']) expect(isLocale(value)).toBe(true)
    for (const value of ['EN', 'ge', 'fr', '', ' en', 1, null, undefined, ['en'], { en: true }]) expect(isLocale(value)).toBe(false)
  })
  it('takes a tag with spaces around it or any case', () => {
    expect(toLocale(' ru-RU ')).toBe('ru')
    expect(toLocale('\tDE\n')).toBe('de')
    expect(toLocale('En_gb')).toBe('en')
    expect(toLocale('')).toBeNull()
    expect(toLocale(null)).toBeNull()
    expect(toLocale(undefined)).toBeNull()
    expect(detectLocale({ atRoot: true, cookieLocale: ' de ' })).toBe('de')
  })
  it('at the root with nothing known, or no browser language at all: English', () => {
    expect(detectLocale({ atRoot: true })).toBe('en')
    expect(detectLocale({ atRoot: true, cookieLocale: null, browserLanguages: [] })).toBe('en')
  })
  it("the first supported browser language decides, in the browser's order", () => {
    expect(detectLocale({ atRoot: true, browserLanguages: ['ru', 'de'] })).toBe('ru')
    expect(detectLocale({ atRoot: true, browserLanguages: ['fr', 'de-CH', 'en'] })).toBe('de')
  })
})

describe('R2: a path without its locale prefix always starts with /', () => {
  it.each([
    ['faq', '/faq'],
    ['', '/'],
    ['/', '/'],
    ['/ru/', '/'],
    ['/ru?x=1', '/?x=1'],
    ['/de#top', '/#top'],
    ['/en/faq?x=1#a', '/faq?x=1#a'],
    ['/wiki/ru', '/wiki/ru'],
    ['/x/en/faq', '/x/en/faq'],
    ['/english', '/english'],
    ['/ru-ru/faq', '/ru-ru/faq'],
    ['/ge/faq', '/ge/faq'],
  ])('%s -> %s', (path, bare) => {
    expect(stripLocale(path)).toBe(bare)
  })
})

describe('R2: any path in any locale (prefix-and-default)', () => {
  const locale = fc.constantFrom<Locale>('en', 'ru', 'de')
  // Paths of the site without a locale prefix: `/`, or segments that are not a locale code.
  const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/u).filter((s) => !['en', 'ru', 'de'].includes(s))
  const bare = fc.array(segment, { minLength: 0, maxLength: 4 }).map((segments) => `/${segments.join('/')}`)

  it("the locale's prefix is put on a bare path: the home page is the prefix alone", () => {
    fc.assert(
      fc.property(locale, bare, (l, p) => {
        expect(localePath(l, p)).toBe(p === '/' ? `/${l}` : `/${l}${p}`)
      }),
    )
  })
  it('a prefix already there is replaced, never doubled', () => {
    fc.assert(
      fc.property(locale, locale, bare, (l, other, p) => {
        expect(localePath(l, p === '/' ? `/${other}` : `/${other}${p}`)).toBe(localePath(l, p))
      }),
    )
  })
  it('taking the prefix off gives the bare path back', () => {
    fc.assert(
      fc.property(locale, bare, (l, p) => {
        expect(stripLocale(localePath(l, p))).toBe(p)
        expect(stripLocale(p)).toBe(p)
      }),
    )
  })
})
