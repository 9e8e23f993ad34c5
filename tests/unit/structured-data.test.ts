/**
 * Issue 38, part 3 (R2.21): the pages' schema.org structured data, built for the three languages
 * and both brands and compared with texts written out here from the messages (messages/pages,
 * messages/premium, messages/content) and with the plan list's prices as the backend sends them:
 * nothing expected is computed by the code under test.
 */
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { SubscriptionList } from '#app/api/schemas.ts'
import { pageTexts } from '#app/core/meta.ts'
import { type MetaInput, productName, shownPageKey } from '#app/core/meta-tags.ts'
import type { PlansResult } from '#app/features/premium/plans-result.ts'
import { inlineScriptHashes } from '#app/server/script-hashes.server.ts'
import { pageStructuredData } from '#app/site/page-structured-data.ts'
import { jsonLdScript, scriptSafeJson } from '#app/site/structured-data.ts'
import { type Operator, parseConfig } from '#config'
import type { Locale } from '#machines/rules/locale.ts'
import { pageAt } from './support/route-pages.ts'

const config = parseConfig({})
const ORIGINAL = 'https://skinvault.gg'
const MIRROR = 'https://svchanger.app'
const OPERATOR: Operator = { name: 'ООО «Ромашка»', taxId: '7700000000', address: 'Москва', registration: null }

/** The plan list as the backend answers for a language's country group (spec 3, 9: trial id 1; 9000 and above not shown). */
function plans(currency: string, [trial, month, quarter, hidden]: [number, number, number, number]): PlansResult {
  const list: SubscriptionList = {
    subscriptions: [
      { id: 1, name: currency === 'RUB' ? 'Пробный' : 'Trial', days: 3, prices: { using: { actual: trial, currency } } },
      { id: 3, name: 'Month', days: 30, prices: { using: { actual: month, old: month * 2, currency } } },
      { id: 4, name: 'Quarter', days: 90, prices: { using: { actual: quarter, currency } } },
      { id: 5, name: 'Year', days: 365, prices: { using: { actual: hidden, currency } } },
    ],
  }
  return { ok: true, list }
}
const USD = plans('USD', [1, 6.99, 17.49, 9999])
const RUB = plans('RUB', [1, 490, 1290, 9000])
const EUR = plans('EUR', [1, 6.49, 15.99, 12000])

interface Page {
  pathname: string
  locale: Locale
  brand: 'original' | 'mirror'
  plans?: PlansResult | null
  operator?: Operator | null
  trialUsed?: boolean
  standIn?: MetaInput['standIn']
}

async function graphOf(page: Page) {
  const brand = config.brands[page.brand]
  const meta: MetaInput = {
    pathname: page.pathname,
    page: page.standIn ? 'home' : pageAt(page.pathname),
    locale: page.locale,
    origin: page.brand === 'original' ? ORIGINAL : MIRROR,
    brand,
    config,
    standIn: page.standIn ?? null,
  }
  const texts = pageTexts(shownPageKey(meta), productName(brand, page.locale), page.locale, page.brand)
  const graph = await pageStructuredData({
    meta,
    texts,
    operator: page.operator ?? null,
    debugPrices: false,
    trialUsed: page.trialUsed ?? false,
    plans: page.plans,
  })
  expect(graph['@context']).toBe('https://schema.org')
  const nodes = graph['@graph'] as unknown as Record<string, any>[]
  const byType = (type: string) => nodes.filter((node) => node['@type'] === type)
  const one = (type: string): Record<string, any> => {
    const [node] = byType(type)
    expect(node, type).toBeDefined()
    return node!
  }
  return { nodes, byType, one }
}

describe('R2.21: the brand on every page', () => {
  it('the original in English: its name, logo, support e-mail, and the configured seller', async () => {
    const { one } = await graphOf({ pathname: '/wiki', locale: 'en', brand: 'original', operator: OPERATOR })
    expect(one('Organization')).toMatchObject({
      '@id': 'https://skinvault.gg/#organization',
      name: 'Skinvault',
      url: 'https://skinvault.gg/',
      email: 'support@skinvault.gg',
      legalName: 'ООО «Ромашка»',
    })
    expect(one('Organization').logo.url).toMatch(/^https:\/\/skinvault\.gg\/icons\/original-any-512\.[0-9a-f]{10}\.png$/u)
    expect(one('WebSite')).toMatchObject({
      name: 'Skinvault',
      url: 'https://skinvault.gg/',
      inLanguage: 'en',
      publisher: { '@id': 'https://skinvault.gg/#organization' },
    })
  })
  it('without operator settings, no seller is named', async () => {
    const { one } = await graphOf({ pathname: '/ru/wiki', locale: 'ru', brand: 'original' })
    expect(one('Organization')).not.toHaveProperty('legalName')
    expect(one('Organization').name).toBe('Скинволт')
    expect(one('WebSite').inLanguage).toBe('ru')
  })
  it("the mirror names itself in each language, and never the original's name, e-mail or icons", async () => {
    for (const [locale, name] of [
      ['en', 'SV Changer'],
      ['ru', 'СВ Чейнджер'],
      ['de', 'SV Changer'],
    ] as const) {
      const { one, nodes } = await graphOf({ pathname: `/${locale}/faq`, locale, brand: 'mirror', operator: OPERATOR })
      expect(one('Organization')).toMatchObject({ name, email: 'help@svchanger.app', url: 'https://svchanger.app/', legalName: 'ООО «Ромашка»' })
      expect(one('Organization').logo.url).toMatch(/^https:\/\/svchanger\.app\/icons\/mirror-any-512\./u)
      expect(one('WebSite')).toMatchObject({ name, inLanguage: locale })
      expect(JSON.stringify(nodes)).not.toMatch(/Skinvault|Скинволт|skinvault\.gg|original-/u)
    }
  })
})

describe('R2.21: the application and its plans on the home and premium pages', () => {
  it('the English premium page offers the plans its cards show, with their prices in dollars', async () => {
    const { one } = await graphOf({ pathname: '/premium', locale: 'en', brand: 'original', plans: USD })
    const app = one('SoftwareApplication')
    expect(app).toMatchObject({
      name: 'Skinvault',
      operatingSystem: 'Windows',
      applicationCategory: 'GameApplication',
      inLanguage: 'en',
      url: 'https://skinvault.gg/premium',
      description:
        'Skinvault Premium unlocks every feature of the launcher. Choose a plan for the number of days you need, start with a trial plan and pay securely by card.',
    })
    expect(app.offers.map((o: any) => [o.name, o.price, o.priceCurrency])).toEqual([
      ['Trial', 1, 'USD'],
      ['30 days', 6.99, 'USD'],
      ['90 days', 17.49, 'USD'],
    ])
    for (const offer of app.offers)
      expect(offer).toMatchObject({ '@type': 'Offer', url: 'https://skinvault.gg/premium', availability: 'https://schema.org/InStock' })
  })
  it('the Russian premium page of the mirror, in roubles and Russian labels; no trial for an account that used it', async () => {
    const { one } = await graphOf({ pathname: '/ru/premium', locale: 'ru', brand: 'mirror', plans: RUB, trialUsed: true })
    const app = one('SoftwareApplication')
    expect(app.name).toBe('СВ Чейнджер')
    expect(app.description).toBe(
      'Все возможности СВ Чейнджер с Premium: выберите нужное число дней, начните с пробного периода и оплатите картой в защищённой форме.',
    )
    expect(app.offers.map((o: any) => [o.name, o.price, o.priceCurrency, o.url])).toEqual([
      ['30 дней', 490, 'RUB', 'https://svchanger.app/ru/premium'],
      ['90 дней', 1290, 'RUB', 'https://svchanger.app/ru/premium'],
    ])
  })
  it('the German home page has no plan cards: it describes the application and offers none', async () => {
    const { one, byType } = await graphOf({ pathname: '/de', locale: 'de', brand: 'original', plans: EUR })
    const app = one('SoftwareApplication')
    expect(app.url).toBe('https://skinvault.gg/de')
    expect(app.description).toBe(
      'Skinvault ist ein Windows-Launcher, der Waffen-, Messer- und Handschuh-Skins in CS2 und CS:GO auf Ihrem Bildschirm ändert. Kostenlos starten, Premium optional.',
    )
    expect(app).not.toHaveProperty('offers')
    // The home page is the top of every trail: it has none of its own.
    expect(byType('BreadcrumbList')).toEqual([])
  })
  it('the mirror home page in English describes the mirror in its own words', async () => {
    const { one } = await graphOf({ pathname: '/en', locale: 'en', brand: 'mirror', plans: USD })
    expect(one('SoftwareApplication').description).toBe(
      'Try any weapon, knife or glove skin in CS2 or CS:GO with SV Changer: a lightweight Windows launcher that works on your screen only. Start for free and add Premium when you want more.',
    )
  })
  it('a plan list that could not be read offers nothing; other pages describe no application', async () => {
    const failed = await graphOf({ pathname: '/premium', locale: 'en', brand: 'original', plans: { ok: false, status: 500, message: null } })
    expect(failed.one('SoftwareApplication')).not.toHaveProperty('offers')
    expect((await graphOf({ pathname: '/faq', locale: 'en', brand: 'original', plans: USD })).byType('SoftwareApplication')).toEqual([])
  })
})

describe('R2.21: the FAQ page', () => {
  it('German: every question of the page in its order, the answers with the brand and its support address', async () => {
    const { one } = await graphOf({ pathname: '/de/faq', locale: 'de', brand: 'original' })
    const faq = one('FAQPage')
    expect(faq).toMatchObject({ url: 'https://skinvault.gg/de/faq', inLanguage: 'de', name: 'FAQ — Skinvault' })
    expect(faq.mainEntity).toHaveLength(19)
    expect(faq.mainEntity[0]).toEqual({
      '@type': 'Question',
      name: 'Was ist das für ein Launcher?',
      acceptedAnswer: {
        '@type': 'Answer',
        text: 'Skinvault ist eine Desktop-Anwendung für Windows, die das Aussehen von Waffen, Messern und Handschuhen in Counter-Strike verändert. Sie wählen Skins im Launcher aus, und sie werden lokal in Ihrem eigenen Spiel-Client angewendet.\n\nDie Änderungen sind rein optisch: Ihrem Steam-Inventar wird nichts hinzugefügt, andere Spieler sehen Ihre Skins nicht, und das Gameplay bleibt unverändert. Skinvault ist ein unabhängiges Projekt und steht in keiner Verbindung zu Valve.',
      },
    })
    expect(faq.mainEntity[18].name).toBe('Wie erreiche ich den Support?')
    expect(faq.mainEntity[18].acceptedAnswer.text).toMatch(/^Schreiben Sie an support@skinvault\.gg\. /u)
  })
  it('English on the mirror: list lines kept, the mirror named', async () => {
    const { one } = await graphOf({ pathname: '/faq', locale: 'en', brand: 'mirror' })
    const requirements = one('FAQPage').mainEntity[2]
    expect(requirements.name).toBe('What are the system requirements?')
    expect(requirements.acceptedAnswer.text).toBe(
      "You need:\n\n- Windows 10 or Windows 11, 64-bit\n- Counter-Strike installed through Steam: CS2 or the legacy CS:GO\n- an internet connection to sign in and download skins\n- some free disk space for the launcher and skin files\n\nSV Changer doesn't run on macOS or Linux.",
    )
  })
})

describe('R2.21: breadcrumbs on every page but home', () => {
  it('in the page language, from the home page of that language to the page', async () => {
    const crumbs = async (page: Page) => (await graphOf(page)).one('BreadcrumbList').itemListElement.map((i: any) => [i.position, i.name, i.item])
    expect(await crumbs({ pathname: '/de/faq', locale: 'de', brand: 'original' })).toEqual([
      [1, 'Startseite', 'https://skinvault.gg/de'],
      [2, 'FAQ', 'https://skinvault.gg/de/faq'],
    ])
    expect(await crumbs({ pathname: '/ru/premium', locale: 'ru', brand: 'mirror', plans: RUB })).toEqual([
      [1, 'Главная', 'https://svchanger.app/ru'],
      [2, 'Premium', 'https://svchanger.app/ru/premium'],
    ])
    expect(await crumbs({ pathname: '/cs-go', locale: 'en', brand: 'original' })).toEqual([
      [1, 'Home', 'https://skinvault.gg/en'],
      [2, 'CS:GO support', 'https://skinvault.gg/cs-go'],
    ])
    // A German legal page is the English document under /en (decision 003), named in German.
    expect(await crumbs({ pathname: '/de/oferta', locale: 'de', brand: 'original' })).toEqual([
      [1, 'Startseite', 'https://skinvault.gg/de'],
      [2, 'Öffentliches Angebot', 'https://skinvault.gg/en/oferta'],
    ])
  })
  it('a page standing in for a missing one has the brand only', async () => {
    const { nodes } = await graphOf({ pathname: '/de/nope', locale: 'de', brand: 'original', standIn: 'not_found' })
    expect(nodes.map((node) => node['@type'])).toEqual(['Organization', 'WebSite'])
  })
})

describe('R2.21: the inline script is safe and hashed as every inline script (decision 084)', () => {
  it('no text of the data can close the script; a JSON parser reads the same value', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028' }
    const text = scriptSafeJson(value)
    expect(text).not.toMatch(/[<>&\u2028\u2029]/u)
    expect(text).toContain('\\u003c/script\\u003e')
    expect(JSON.parse(text)).toEqual(value)
  })
  it("the guest page's CSP lists the hash of the JSON-LD script's UTF-8 text", async () => {
    const { nodes } = await graphOf({ pathname: '/ru/faq', locale: 'ru', brand: 'mirror' })
    const script = jsonLdScript({ '@context': 'https://schema.org', '@graph': nodes as any })
    expect(script.type).toBe('application/ld+json')
    const page = `<!DOCTYPE html><html><head><script type="application/ld+json">${script.children}</script></head><body><script>self.x=1</script></body></html>`
    const sha = (text: string) => `'sha256-${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64')}'`
    expect(inlineScriptHashes(new TextEncoder().encode(page))).toEqual([sha(script.children), sha('self.x=1')])
  })
})
