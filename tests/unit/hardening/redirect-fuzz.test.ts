/**
 * Issue 9, R2, R5: fuzzing the redirect rules with thousands of generated inputs from a
 * fixed seed. Whatever `isSafeRedirect` accepts must stay on the site's origin however a
 * browser resolves it, and the locale rules never send a visitor to another origin.
 */
import { describe, expect, it } from 'vitest'
import { joinPrefix, rootRedirect, splitLocalePrefix, switchLocaleHref } from '#app/core/locale.ts'
import { acceptedLanguages } from '#app/core/negotiate.ts'
import { LOCALES } from '#machines/rules/locale.ts'
import { isSafeRedirect, safeRedirect } from '#machines/rules/redirect.ts'
import { path, pick, seeded, TRICKY, target, word } from './fuzz-support.ts'

const BASE = 'https://site.example'
const ORIGIN = new URL(BASE).origin
const RUNS = 20_000

function decodeAll(value: string): string {
  let current = value
  for (let i = 0; i < 6; i++) {
    try {
      const next = decodeURIComponent(current)
      if (next === current) break
      current = next
    } catch {
      break
    }
  }
  return current
}

/**
 * Every way the path of an accepted target could be read: as given, decoded, with the
 * characters browsers strip removed. (A backslash or `//` in the query or hash is harmless.)
 */
function readings(value: string): string[] {
  const path = value.split(/[?#]/, 1)[0]!
  const decoded = decodeAll(path)
  const stripped = (s: string) => s.replace(/[\t\n\r]/g, '')
  return [path, decoded, stripped(path), stripped(decoded)]
}

function sameOrigin(value: string): boolean {
  try {
    return new URL(value, BASE).origin === ORIGIN
  } catch {
    // Unparseable: a browser would not navigate anywhere.
    return true
  }
}

describe('issue 9: redirect target fuzz (R5)', () => {
  it(`isSafeRedirect accepts nothing that leaves the origin (${RUNS} generated targets, seed 9001)`, () => {
    const random = seeded(9001)
    let accepted = 0
    const offenders: string[] = []
    for (let i = 0; i < RUNS; i++) {
      const t = target(random)
      if (!isSafeRedirect(t)) {
        expect(safeRedirect(t, '/fallback')).toBe('/fallback')
        continue
      }
      accepted++
      expect(safeRedirect(t)).toBe(t)
      const bad =
        !t.startsWith('/') ||
        t.startsWith('//') ||
        t.includes('\\') ||
        /^[a-z][a-z0-9+.-]*:/i.test(t) ||
        !sameOrigin(t) ||
        !sameOrigin(decodeAll(t)) ||
        readings(t).some((r) => !sameOrigin(r) || r.startsWith('//') || r.includes('\\') || /^\/?[a-z][a-z0-9+.-]*:/i.test(r))
      if (bad) offenders.push(JSON.stringify(t))
    }
    expect(offenders).toEqual([])
    // The generator must also produce plenty of accepted targets, or the test proves nothing.
    expect(accepted).toBeGreaterThan(RUNS / 20)
  })

  it('every tricky piece alone and after a slash is judged safely', () => {
    for (const piece of TRICKY) {
      for (const t of [piece, `/${piece}`, `/${piece}/${piece}`, `/en/${piece}`, `${piece}${piece}`]) {
        if (isSafeRedirect(t)) for (const r of readings(t)) expect(sameOrigin(r), JSON.stringify(t)).toBe(true)
      }
    }
  })

  it('accepts ordinary local paths (the generator is not only rejecting)', () => {
    const random = seeded(7)
    for (let i = 0; i < 2000; i++) {
      const local = `/${pick(random, LOCALES)}/${word(random)}${random() < 0.5 ? `?a=${word(random)}` : ''}${random() < 0.3 ? `#${word(random)}` : ''}`
      const plain = local.replace(/%/g, '')
      expect(isSafeRedirect(plain), plain).toBe(true)
    }
  })
})

describe('issue 9: locale rules never redirect off-site (R2)', () => {
  it(`splitLocalePrefix and joinPrefix keep every generated path on the origin (${RUNS} paths, seed 42)`, () => {
    const random = seeded(42)
    for (let i = 0; i < RUNS; i++) {
      const p = path(random)
      const split = splitLocalePrefix(p)
      expect(split.rest.startsWith('/'), p).toBe(true)
      // A prefixed path joined again is the same path, so nothing is invented.
      if (split.prefix && split.rest !== '/') expect(joinPrefix(split.prefix, split.rest), p).toBe(p)
      for (const locale of LOCALES) {
        const joined = joinPrefix(`/${locale}`, split.rest)
        expect(sameOrigin(joined), joined).toBe(true)
        const switched = switchLocaleHref(`${p}?q=${word(random)}#${word(random)}`, locale)
        expect(switched.startsWith(`/${locale}`), switched).toBe(true)
        expect(sameOrigin(switched), switched).toBe(true)
      }
    }
  })

  it('the language switcher reads `//…` as a path, not a host (it threw on some and dropped the path of others)', () => {
    expect(switchLocaleHref('//<x-fuzz>', 'ru')).toBe('/ru//<x-fuzz>')
    expect(switchLocaleHref('//', 'de')).toBe('/de//')
    expect(switchLocaleHref('//user:pass@evil.example/ru/faq?x=1#a', 'en')).toBe('/en//user:pass@evil.example/ru/faq?x=1#a')
    expect(switchLocaleHref('/ru/faq?#', 'de')).toBe('/de/faq')
  })

  it(`rootRedirect answers only /en, /ru or /de, with the query kept on the origin (${RUNS} requests, seed 1234)`, () => {
    const random = seeded(1234)
    const localeHosts = { 'ru.site.example': 'ru', 'de.site.example': 'de' } as const
    for (let i = 0; i < RUNS; i++) {
      const pathname = random() < 0.5 ? '/' : path(random)
      const cookieHeader =
        random() < 0.5 ? `i18n_redirected=${pick(random, [...TRICKY, 'ru', 'de', 'en'])}; other=${word(random)}` : random() < 0.5 ? word(random, 40) : null
      const acceptLanguage = random() < 0.7 ? `${pick(random, [...TRICKY, 'ru', 'de-DE', 'en;q=0.1'])};q=${random().toFixed(2)},${word(random)}` : null
      const host = random() < 0.2 ? pick(random, ['ru.site.example', 'de.site.example', word(random), 'evil.example']) : 'site.example'
      const result = rootRedirect({
        pathname,
        host,
        cookieHeader,
        browserLanguages: acceptedLanguages(acceptLanguage),
        localeHosts: random() < 0.3 ? localeHosts : null,
      })
      if (pathname !== '/') expect(result).toBeNull()
      if (result === null) continue
      expect(['/ru', '/de'], JSON.stringify({ cookieHeader, acceptLanguage })).toContain(result)
      // The server entry appends the request's search string.
      const search = `?${target(random).replace(/#/g, '%23')}`
      expect(sameOrigin(`${result}${new URL(`${BASE}/${search}`).search}`)).toBe(true)
    }
  })
})
