import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildMeta, pageDescription, pageTitle } from '#app/core/meta.ts'
import { ROUTE_PAGES } from '#app/core/meta-tags.ts'
import { parseConfig } from '#config'
import { pageAt } from '../support/route-pages.ts'

const config = parseConfig({})
const meta = (pathname: string, locale: 'en' | 'ru' | 'de', brand: 'original' | 'mirror') =>
  buildMeta({ origin: 'https://example.test', pathname, page: pageAt(pathname), locale, brand: config.brands[brand], config })
const content = (m: ReturnType<typeof buildMeta>, name: string) =>
  (m.meta.find((t) => (t as unknown as Record<string, string>).name === name) as { content: string } | undefined)?.content

const pages = (locale: string) => JSON.parse(readFileSync(`messages/pages/${locale}.json`, 'utf8')) as Record<string, string>

describe('R1: the mirror has its own texts', () => {
  it('its own home title and description, in every language', () => {
    for (const locale of ['en', 'ru', 'de'] as const) {
      const product = locale === 'ru' ? 'СВ Чейнджер' : 'SV Changer'
      const m = meta(`/${locale}`, locale, 'mirror')
      expect(m.meta[0]).toEqual({ title: pages(locale).meta_mirror_home_title!.replaceAll('{product}', product) })
      expect(content(m, 'description')).toBe(pages(locale).meta_mirror_home_description!.replaceAll('{product}', product))
      expect(content(meta(`/${locale}`, locale, 'original'), 'description')).not.toBe(
        content(m, 'description')!.replaceAll(product, locale === 'ru' ? 'Скинволт' : 'Skinvault'),
      )
    }
  })

  it('its own descriptions of the marketing pages; shared page titles and other pages, with its own name', () => {
    for (const key of ['csgo', 'faq', 'wiki', 'promo', 'premium'] as const) {
      expect(pageDescription(key, 'SV Changer', 'de', 'mirror')).toBe(pages('de')[`meta_mirror_${key}_description`]!.replaceAll('{product}', 'SV Changer'))
    }
    expect(pageTitle('faq', 'SV Changer', 'en', 'mirror')).toBe('FAQ — SV Changer')
    expect(pageDescription('login', 'SV Changer', 'en', 'mirror')).toBe(pageDescription('login', 'SV Changer', 'en', 'original'))
  })

  it('every mirror text exists in en, ru and de, differs from the original text and names the product', () => {
    const en = pages('en')
    const mirrorKeys = Object.keys(en).filter((k) => k.startsWith('meta_mirror_') || k.startsWith('mirror_'))
    expect(mirrorKeys.length).toBeGreaterThanOrEqual(9)
    for (const locale of ['en', 'ru', 'de']) {
      const all = pages(locale)
      for (const key of mirrorKeys) {
        const original = key.startsWith('meta_mirror_') ? key.replace('meta_mirror_', 'meta_') : key.replace('mirror_', 'page_')
        expect(all[key], `${locale} ${key}`).toBeTruthy()
        expect(all[key], `${locale} ${key}`).not.toBe(all[original])
        if (key !== 'mirror_home_heading') expect(all[key], `${locale} ${key}`).toContain('{product}')
      }
      // Page keys the meta lookup knows.
      for (const key of mirrorKeys.filter((k) => k.startsWith('meta_mirror_'))) {
        expect(ROUTE_PAGES as readonly string[]).toContain(key.replace(/^meta_mirror_/, '').replace(/_(title|description)$/, ''))
      }
    }
  })
})

describe('German copy addresses the reader in one form ("Sie") throughout', () => {
  // The site's German copy is formal; an informal "du" form in these files is a slip.
  const INFORMAL = /(^|[^\p{L}])(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)(?=[^\p{L}]|$)/iu
  const IMPERATIVE =
    /(^|[.!?–:,]\s*|\bund\s+)(schau|schreib|nenne|beschreibe|melde dich|prüfe|wähle|gib|lade|starte|öffne|klicke|versuche|nutze|hol|setze|stimme|akzeptiere|schließe|bestätige|sieh|lies)(?=[^\p{L}])/u
  for (const file of [
    'messages/de.json',
    'messages/pages/de.json',
    'messages/content/de.json',
    'messages/legal/de.json',
    'messages/marketing/de.json',
    'messages/premium/de.json',
    'messages/account/de.json',
  ]) {
    it(file, () => {
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>
      const informal = Object.entries(messages).filter(([key, value]) => key !== '$schema' && (INFORMAL.test(value) || IMPERATIVE.test(value)))
      expect(informal).toEqual([])
    })
  }
})
