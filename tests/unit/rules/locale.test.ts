import { describe, expect, it } from 'vitest'
import { detectLocale, localePath, stripLocale, toLocale } from '#machines/rules/locale'

describe('spec 2: locale detection', () => {
  it('takes the URL, then the cookie, then the browser language, else English', () => {
    expect(detectLocale({ urlLocale: 'de', cookieLocale: 'ru', browserLanguages: ['en'] })).toBe('de')
    expect(detectLocale({ urlLocale: null, cookieLocale: 'ru', browserLanguages: ['de'] })).toBe('ru')
    expect(detectLocale({ cookieLocale: 'xx', browserLanguages: ['fr-FR', 'de-AT'] })).toBe('de')
    expect(detectLocale({ browserLanguages: ['fr'] })).toBe('en')
    expect(detectLocale({})).toBe('en')
  })
  it('takes the host when domains differ by locale', () => {
    expect(detectLocale({ differentDomains: true, hostLocale: 'ru', urlLocale: 'de' })).toBe('ru')
    expect(detectLocale({ differentDomains: true, hostLocale: null })).toBe('en')
  })
  it('normalises language tags', () => {
    expect(toLocale('RU-ru')).toBe('ru')
    expect(toLocale('de_AT')).toBe('de')
    expect(toLocale('ge')).toBeNull()
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
