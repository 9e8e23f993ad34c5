import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildMeta } from '#app/core/meta.ts'
import { routePage } from '#app/core/meta-tags.ts'
import { sessionFacts } from '#app/core/session.ts'
import { parseConfig } from '#config'
import { sessionState } from '#machines/rules/access.ts'
import { pageAt } from './support/route-pages.ts'

const now = 1_800_000_000_000
const token = 'Bearer%20abcdefghijklmnop0123'

/** The stored session as the server and the guards read it, and what the access rule makes of it. */
const stateOf = (cookies: string | null) => sessionState(sessionFacts(cookies), now)

describe('R3, R4, R9: the auth cookies', () => {
  it('a token with a future expiry is a session', () => {
    expect(sessionFacts(`auth._token.local=${token}; auth._token_expiration.local=${now + 60_000}`)).toEqual({
      token: 'abcdefghijklmnop0123',
      expiresAt: now + 60_000,
      refreshToken: null,
      refreshExpiresAt: null,
    })
    expect(stateOf(`auth._token.local=${token}; auth._token_expiration.local=${now + 60_000}`)).toBe('signedIn')
  })
  it('expiry within the 500 ms margin counts as expired', () => {
    expect(stateOf(`auth._token.local=${token}; auth._token_expiration.local=${now + 500}`)).toBe('signedOut')
    expect(stateOf(`auth._token.local=${token}; auth._token_expiration.local=${now + 501}`)).toBe('signedIn')
  })
  it('an expired token with a live refresh token can be refreshed; an expired refresh token cannot', () => {
    const expired = `auth._token.local=${token}; auth._token_expiration.local=${now - 1}`
    expect(stateOf(`${expired}; auth._refresh_token.local=refreshrefreshrefresh; auth._refresh_token_expiration.local=${now + 60_000}`)).toBe('refreshable')
    expect(stateOf(`${expired}; auth._refresh_token.local=refreshrefreshrefresh; auth._refresh_token_expiration.local=${now - 1}`)).toBe('signedOut')
    expect(stateOf(`${expired}; auth._refresh_token.local=short; auth._refresh_token_expiration.local=${now + 60_000}`)).toBe('signedOut')
  })
  it('no cookie, a junk token or a junk expiry', () => {
    expect(sessionFacts(null)).toEqual({ token: null, expiresAt: null, refreshToken: null, refreshExpiresAt: null })
    expect(stateOf('auth._token.local=false')).toBe('signedOut')
    // R9: a token cookie without a usable expiry is a live session (it lives 1800 s from now).
    expect(sessionFacts(`auth._token.local=${token}; auth._token_expiration.local=soon`)).toMatchObject({ token: 'abcdefghijklmnop0123', expiresAt: null })
    expect(stateOf(`auth._token.local=${token}; auth._token_expiration.local=soon`)).toBe('signedIn')
  })
})

describe('R2: meta', () => {
  const config = parseConfig({})
  const base = { origin: 'https://skinvault.gg', brand: config.brands.original, config }
  const meta = (pathname: string, locale: 'en' | 'ru' | 'de', brand = config.brands.original) =>
    buildMeta({ ...base, pathname, page: pageAt(pathname), locale, brand })
  const find = (m: ReturnType<typeof buildMeta>, attr: string, name: string) =>
    m.meta.find((t) => (t as unknown as Record<string, string>)[attr] === name) as { content: string } | undefined

  it('the title names the brand in the page language', () => {
    expect(meta('/ru/faq', 'ru').meta[0]).toEqual({ title: 'Частые вопросы — Скинволт' })
    expect(meta('/faq', 'en', config.brands.mirror).meta[0]).toEqual({ title: 'FAQ — SV Changer' })
  })
  it('three share images: original, mirror, promo', () => {
    expect(find(meta('/faq', 'en'), 'property', 'og:image')?.content).toBe('https://skinvault.gg/share/original.jpg')
    expect(find(meta('/faq', 'en', config.brands.mirror), 'property', 'og:image')?.content).toBe('https://skinvault.gg/share/mirror.jpg')
    expect(find(meta('/de/promo', 'de', config.brands.mirror), 'property', 'og:image')?.content).toBe('https://skinvault.gg/share/promo.jpg')
    expect(find(meta('/de/promo', 'de'), 'name', 'twitter:card')?.content).toBe('summary_large_image')
  })
  it('canonical and alternates; legal pages follow the legal prefix', () => {
    const links = meta('/de/wiki', 'de').links
    expect(links).toContainEqual({ rel: 'canonical', href: 'https://skinvault.gg/de/wiki' })
    expect(links).toContainEqual({ rel: 'alternate', hrefLang: 'x-default', href: 'https://skinvault.gg/wiki' })
    expect(meta('/de/policy', 'de').links).toContainEqual({ rel: 'canonical', href: 'https://skinvault.gg/en/policy' })
    expect(meta('/policy', 'en').links).toContainEqual({ rel: 'alternate', hrefLang: 'ru', href: 'https://skinvault.gg/ru/policy' })
    expect(meta('/ru', 'ru').links).toContainEqual({ rel: 'canonical', href: 'https://skinvault.gg/ru' })
  })
  it('decision 081: the English home page is /en, the root the x-default and its own canonical', () => {
    for (const [path, locale] of [
      ['/', 'en'],
      ['/en', 'en'],
      ['/ru', 'ru'],
      ['/de', 'de'],
    ] as const) {
      const links = meta(path, locale).links
      expect(links).toContainEqual({ rel: 'alternate', hrefLang: 'en', href: 'https://skinvault.gg/en' })
      expect(links).toContainEqual({ rel: 'alternate', hrefLang: 'ru', href: 'https://skinvault.gg/ru' })
      expect(links).toContainEqual({ rel: 'alternate', hrefLang: 'de', href: 'https://skinvault.gg/de' })
      expect(links).toContainEqual({ rel: 'alternate', hrefLang: 'x-default', href: 'https://skinvault.gg/' })
    }
    // The root is the x-default: a page listed among the alternates names itself as canonical.
    expect(buildMeta({ ...base, pathname: '/', page: 'home', locale: 'en', brand: config.brands.original, atRoot: true }).links).toContainEqual({
      rel: 'canonical',
      href: 'https://skinvault.gg/',
    })
    expect(buildMeta({ ...base, pathname: '/', page: 'home', locale: 'ru', brand: config.brands.original, atRoot: false }).links).toContainEqual({
      rel: 'canonical',
      href: 'https://skinvault.gg/ru',
    })
    expect(meta('/en', 'en').links).toContainEqual({ rel: 'canonical', href: 'https://skinvault.gg/en' })
    // Other English pages keep their unprefixed address.
    expect(meta('/en/faq', 'en').links).toContainEqual({ rel: 'canonical', href: 'https://skinvault.gg/faq' })
  })
  it('the 404 and error pages have their own titles, no canonical and no alternates, and are not indexed', () => {
    const notFound = buildMeta({ ...base, pathname: '/de/nope', page: 'home', locale: 'de', standIn: 'not_found' })
    expect(notFound.meta[0]).toEqual({ title: 'Seite nicht gefunden — Skinvault' })
    expect(find(notFound, 'name', 'robots')?.content).toBe('noindex')
    expect(notFound.links.map((l) => l.rel)).toEqual(['icon', 'icon', 'apple-touch-icon', 'manifest'])
    // Raster icons: an SVG one is decoded as a document of its own on the page's main thread.
    expect(notFound.links).toContainEqual({ rel: 'icon', type: 'image/png', sizes: '48x48', href: '/favicon.png' })
    // R2.22: the domain's favicon.ico, and the manifest in the page's language.
    expect(notFound.links).toContainEqual({ rel: 'icon', href: '/favicon.ico', sizes: '48x48' })
    expect(notFound.links).toContainEqual({ rel: 'manifest', href: '/manifest.webmanifest?lang=de' })
    expect(buildMeta({ ...base, pathname: '/ru/account', page: 'account', locale: 'ru', standIn: 'error' }).meta[0]).toEqual({ title: 'Ошибка — Скинволт' })
    // A page that exists is indexed.
    expect(find(meta('/de/faq', 'de'), 'name', 'robots')).toBeUndefined()
  })
  it("R2.20: a visitor's own pages and the ways in are not indexed; every other page is", () => {
    for (const [path, locale] of [
      ['/ru/account', 'ru'],
      ['/en/account/receipts/12', 'en'],
      ['/login', 'en'],
      ['/de/login', 'de'],
      ['/en/login/abcdef', 'en'],
      ['/ru/confirm-email', 'ru'],
      ['/de/confirm-email/xyz', 'de'],
      ['/en/join/K7PQ2M9X', 'en'],
      ['/join', 'en'],
    ] as const)
      expect(find(meta(path, locale), 'name', 'robots')?.content, path).toBe('noindex')
    for (const [path, locale] of [
      ['/en', 'en'],
      ['/premium', 'en'],
      ['/ru/promo', 'ru'],
      ['/de/wiki', 'de'],
      ['/cs-go', 'en'],
      ['/ru/oferta', 'ru'],
      ['/impressum', 'en'],
      ['/ru/requisites', 'ru'],
    ] as const)
      expect(find(meta(path, locale), 'name', 'robots'), path).toBeUndefined()
  })
  it('the seller details and the e-mailed link have their own titles', () => {
    expect(meta('/ru/requisites', 'ru').meta[0]).toEqual({ title: 'Реквизиты — Скинволт' })
    expect(meta('/en/login/abc', 'en').meta[0]).toEqual({ title: 'Checking your sign-in link — Skinvault' })
  })
})

describe('R2: each page route names its page, and the head reads it', () => {
  // The route files and the page each must name; the layouts and the endpoints name none.
  const DECLARED: Record<string, string> = {
    'index.tsx': 'home',
    'cs-go.tsx': 'csgo',
    'faq.tsx': 'faq',
    'premium.tsx': 'premium',
    'promo.tsx': 'promo',
    'wiki.tsx': 'wiki',
    'oferta.tsx': 'oferta',
    'user-license.tsx': 'user_license',
    'policy.tsx': 'policy',
    'cookies-policy.tsx': 'cookies_policy',
    'requisites.tsx': 'requisites',
    'impressum.tsx': 'impressum',
    'confirm-email.{-$code}.tsx': 'confirm_email',
    'join.{-$code}.tsx': 'join',
    '_guests/login/index.tsx': 'login',
    '_guests/login/$code.tsx': 'login_code',
    '_protected/account.tsx': 'account',
    '_protected/account_.receipts.$id.tsx': 'receipt',
  }
  const NONE = ['__root.tsx', '_guests.tsx', '_protected.tsx', 'download.ts', 'forms.$form.ts']

  it('every route file is either a page that names its page or one of the routes that name none', () => {
    const files = readdirSync('src/routes', { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/u.test(file))
      .map((file) => file.replaceAll('\\', '/'))
    expect(files.sort()).toEqual([...Object.keys(DECLARED), ...NONE].sort())
    for (const [file, page] of Object.entries(DECLARED)) {
      const named = [...readFileSync(`src/routes/${file}`, 'utf8').matchAll(/staticData: \{ page: '([a-z_]+)'/gu)].map((match) => match[1])
      expect(named, file).toEqual([page])
    }
    for (const file of NONE) expect(readFileSync(`src/routes/${file}`, 'utf8'), file).not.toMatch(/\bpage: '/u)
  })

  it('the deepest matched route that names a page decides; with none, the home page', () => {
    expect(routePage([{ staticData: {} }, { staticData: { page: 'faq' } }])).toBe('faq')
    expect(routePage([{ staticData: { page: 'account' } }, { staticData: {} }, { staticData: { page: 'receipt' } }])).toBe('receipt')
    expect(routePage([{ staticData: { page: 'account' } }, { staticData: {} }])).toBe('account')
    expect(routePage([{ staticData: {} }, {}])).toBe('home')
    expect(routePage([])).toBe('home')
  })
})
