/**
 * Issue 38, part 2: each domain's sitemap and robots.txt. The sitemap is checked with an XML parser
 * against the sitemap protocol's rules (sitemaps.org, schema 0.9) written out here, and against the
 * list of the site's indexable addresses written out here too.
 */
import { describe, expect, it } from 'vitest'
import { robotsText, sitemapXml } from '#app/server/search-files.server.ts'
import { parseXml, type XmlElement } from '../machines/flows-export/xml.ts'

const ORIGINAL = 'https://skinvault.gg'
const MIRROR = 'https://svchanger.com'
const BUILT = '2026-11-27T01:02:03.000Z'

/** Every indexable address, by language: 11 English, 12 Russian, 7 German (German legal pages are the English ones). */
const EXPECTED_PATHS = [
  '/en',
  '/premium',
  '/promo',
  '/wiki',
  '/faq',
  '/cs-go',
  '/impressum',
  '/en/oferta',
  '/en/user-license',
  '/en/policy',
  '/en/cookies-policy',
  '/ru',
  '/ru/premium',
  '/ru/promo',
  '/ru/wiki',
  '/ru/faq',
  '/ru/cs-go',
  '/ru/impressum',
  '/ru/oferta',
  '/ru/user-license',
  '/ru/policy',
  '/ru/cookies-policy',
  '/ru/requisites',
  '/de',
  '/de/premium',
  '/de/promo',
  '/de/wiki',
  '/de/faq',
  '/de/cs-go',
  '/de/impressum',
]

/** The sitemap protocol's rules, as its schema and page state them. */
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'
const XHTML_NS = 'http://www.w3.org/1999/xhtml'
const MAX_URLS = 50_000
const MAX_BYTES = 50 * 1024 * 1024
const MAX_LOC = 2048
/** W3C Datetime, as `lastmod` takes it: a date, or a date and time with a zone. */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/u
const URL_CHILDREN = ['loc', 'lastmod', 'changefreq', 'priority', 'xhtml:link']

function checkSitemap(xml: string, origin: string): XmlElement[] {
  expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(MAX_BYTES)
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
  const root = parseXml(xml)
  expect(root.name).toBe('urlset')
  expect(root.attributes.xmlns).toBe(SITEMAP_NS)
  expect(root.attributes['xmlns:xhtml']).toBe(XHTML_NS)
  expect(root.children.every((child) => child.name === 'url')).toBe(true)
  expect(root.children.length).toBeGreaterThan(0)
  expect(root.children.length).toBeLessThanOrEqual(MAX_URLS)
  for (const url of root.children) {
    for (const child of url.children) expect(URL_CHILDREN).toContain(child.name)
    const locs = url.children.filter((c) => c.name === 'loc')
    expect(locs).toHaveLength(1)
    expect(url.children[0]!.name).toBe('loc')
    const loc = locs[0]!.text
    expect(loc.length).toBeLessThanOrEqual(MAX_LOC)
    expect(new URL(loc).origin).toBe(origin)
    const lastmods = url.children.filter((c) => c.name === 'lastmod')
    expect(lastmods.length).toBeLessThanOrEqual(1)
    for (const lastmod of lastmods) expect(lastmod.text).toMatch(W3C_DATETIME)
    // hreflang alternates: each names its language and an address of this domain; the page lists itself and the x-default.
    const links = url.children.filter((c) => c.name === 'xhtml:link')
    for (const link of links) {
      expect(link.attributes.rel).toBe('alternate')
      expect(['en', 'ru', 'de', 'x-default']).toContain(link.attributes.hreflang)
      expect(new URL(link.attributes.href!).origin).toBe(origin)
    }
    expect(links.map((l) => l.attributes.href)).toContain(loc)
    expect(links.filter((l) => l.attributes.hreflang === 'x-default')).toHaveLength(1)
  }
  const locs = root.children.map((url) => url.children[0]!.text)
  expect(new Set(locs).size).toBe(locs.length)
  return root.children
}

describe('R2.20: /sitemap.xml', () => {
  it('lists every indexable page in every language it is written in, once, with the build time', () => {
    const urls = checkSitemap(sitemapXml(ORIGINAL, BUILT), ORIGINAL)
    // The protocol gives the order no meaning.
    expect(urls.map((url) => url.children[0]!.text).sort()).toEqual(EXPECTED_PATHS.map((path) => `${ORIGINAL}${path}`).sort())
    expect(urls).toHaveLength(30)
    for (const url of urls) expect(url.children[1]).toMatchObject({ name: 'lastmod', text: BUILT })
  })

  it('names the alternates the page heads name: the home page in three languages and the root as x-default', () => {
    const [home] = checkSitemap(sitemapXml(ORIGINAL, BUILT), ORIGINAL)
    expect(home!.children.filter((c) => c.name === 'xhtml:link').map((l) => [l.attributes.hreflang, l.attributes.href])).toEqual([
      ['en', `${ORIGINAL}/en`],
      ['ru', `${ORIGINAL}/ru`],
      ['de', `${ORIGINAL}/de`],
      ['x-default', `${ORIGINAL}/`],
    ])
  })

  it('a legal page in English and Russian; the Russian-only requisites with their own language only', () => {
    const urls = checkSitemap(sitemapXml(ORIGINAL, BUILT), ORIGINAL)
    const links = (path: string) =>
      urls
        .find((url) => url.children[0]!.text === `${ORIGINAL}${path}`)!
        .children.filter((c) => c.name === 'xhtml:link')
        .map((l) => [l.attributes.hreflang, l.attributes.href])
    expect(links('/ru/oferta')).toEqual([
      ['en', `${ORIGINAL}/en/oferta`],
      ['ru', `${ORIGINAL}/ru/oferta`],
      ['x-default', `${ORIGINAL}/en/oferta`],
    ])
    expect(links('/ru/requisites')).toEqual([
      ['ru', `${ORIGINAL}/ru/requisites`],
      ['x-default', `${ORIGINAL}/ru/requisites`],
    ])
  })

  it('lists no page that must not be indexed', () => {
    const xml = sitemapXml(ORIGINAL, BUILT)
    for (const page of ['/account', '/login', '/confirm-email', '/join', '/download', '/receipts']) expect(xml).not.toContain(page)
  })

  it('on the mirror, the mirror only', () => {
    const urls = checkSitemap(sitemapXml(MIRROR, BUILT), MIRROR)
    expect(urls).toHaveLength(30)
    expect(sitemapXml(MIRROR, BUILT)).not.toContain('skinvault.gg')
  })

  it('a broken sitemap fails these rules (the check can fail)', () => {
    const good = sitemapXml(ORIGINAL, BUILT)
    expect(() => checkSitemap(good.replace('<loc>https://skinvault.gg/premium</loc>', '<loc>/premium</loc>'), ORIGINAL)).toThrow()
    expect(() => checkSitemap(good.replace(BUILT, '27.11.2026'), ORIGINAL)).toThrow()
    expect(() => checkSitemap(good.replace('</url>', ''), ORIGINAL)).toThrow()
    expect(() => checkSitemap(good.replace('hreflang="x-default"', 'hreflang="fr"'), ORIGINAL)).toThrow()
  })
})

describe('R2.20: /robots.txt', () => {
  it("names the domain's own sitemap and keeps crawlers out of the visitor's own pages in every language", () => {
    expect(robotsText(MIRROR)).toBe(
      [
        'User-agent: *',
        'Allow: /',
        ...['/account', '/login', '/confirm-email', '/join'].flatMap((path) => [
          `Disallow: ${path}`,
          ...['en', 'ru', 'de'].map((l) => `Disallow: /${l}${path}`),
        ]),
        '',
        'Sitemap: https://svchanger.com/sitemap.xml',
        '',
      ].join('\n'),
    )
  })
})
