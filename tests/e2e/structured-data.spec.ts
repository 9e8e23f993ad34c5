/**
 * Issue 38, part 3 (R2.21): the structured data in the head the server renders says what the page
 * shows: the domain's brand, the page's language, the FAQ's questions as the page lists them and
 * the plan cards' prices. The data is read from the server's HTML (what a crawler reads); what the
 * page shows, from the page in the browser.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import { SITE_PORT } from '../../playwright.config.ts'
import { expect, test } from './support/fixtures.ts'

const ORIGINAL = `http://localhost:${SITE_PORT}`
const MIRROR = `http://mirror.localhost:${SITE_PORT}`
/** The mirror's requests, as the proxy in front of the site forwards them (the test's requests do not resolve mirror.localhost). */
const headersFor = (origin: string): Record<string, string> => (origin === MIRROR ? { 'x-forwarded-host': `mirror.localhost:${SITE_PORT}` } : {})

type Node = Record<string, any>

/** Every `<script type="application/ld+json">` of the server's page, parsed; its nodes by type. */
async function structuredData(request: APIRequestContext, origin: string, path: string) {
  const response = await request.get(`${ORIGINAL}${path}`, { headers: headersFor(origin) })
  expect(response.status(), path).toBe(200)
  const html = await response.text()
  const texts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/gu)].map((m) => m[1]!)
  expect(texts.length, path).toBeGreaterThan(0)
  const nodes: Node[] = []
  for (const text of texts) {
    // Nothing in the data can end the script early: no raw markup characters.
    expect(text).not.toMatch(/[<>]/u)
    const json = JSON.parse(text)
    expect(json['@context']).toBe('https://schema.org')
    nodes.push(...(json['@graph'] ?? [json]))
  }
  const byType = (type: string) => nodes.filter((node) => node['@type'] === type)
  return { html, nodes, byType, one: (type: string): Node => byType(type)[0] ?? {} }
}

/** A price as a plan card shows it ("$6.99", "1 290 ₽", "6,49 €") as a number. */
function amount(shown: string, locale: 'en' | 'ru' | 'de'): number {
  const digits = shown.replace(/[^\d.,]/gu, '')
  if (locale === 'en') return Number(digits.replace(/,/gu, ''))
  if (locale === 'de') return Number(digits.replace(/\./gu, '').replace(',', '.'))
  return Number(digits.replace(',', '.'))
}

/** The plan cards of the premium page: their titles and prices as numbers. */
async function planCards(page: Page, url: string, locale: 'en' | 'ru' | 'de') {
  await page.goto(url)
  const cards = page.locator('li.plan-card:not(.plan-card--offer)')
  await expect(cards.first()).toBeVisible()
  const titles = await cards.locator('.plan-card__title').allTextContents()
  const prices = (await cards.getByTestId('plan-price').allTextContents()).map((text) => amount(text, locale))
  return titles.map((title, i) => ({ name: title.trim(), price: prices[i] }))
}

const offersOf = (app: Node) => (app.offers ?? []).map((offer: Node) => ({ name: offer.name, price: Number(offer.price) }))

test.describe('R2.21: structured data, as the pages show it', () => {
  test('the English home page: the brand and its language; no plan cards, so no offers', async ({ request }) => {
    const { one, byType } = await structuredData(request, ORIGINAL, '/')
    expect(one('Organization')).toMatchObject({ name: 'Skinvault', email: 'support@skinvault.gg' })
    expect(one('WebSite')).toMatchObject({ name: 'Skinvault', inLanguage: 'en' })
    const app = one('SoftwareApplication')
    expect(app).toMatchObject({ name: 'Skinvault', operatingSystem: 'Windows', applicationCategory: 'GameApplication', inLanguage: 'en' })
    expect(app).not.toHaveProperty('offers')
    expect(byType('BreadcrumbList')).toEqual([])
  })

  test('the Russian premium page: Russian names, and an offer per plan card at its price', async ({ request, page }) => {
    const { one } = await structuredData(request, ORIGINAL, '/ru/premium')
    expect(one('Organization').name).toBe('Скинволт')
    expect(one('WebSite').inLanguage).toBe('ru')
    const app = one('SoftwareApplication')
    expect(app).toMatchObject({ name: 'Скинволт', inLanguage: 'ru', url: `${ORIGINAL}/ru/premium` })
    const cards = await planCards(page, '/ru/premium', 'ru')
    expect(cards.length).toBeGreaterThan(0)
    expect(offersOf(app)).toEqual(cards)
    expect(one('BreadcrumbList').itemListElement.map((item: Node) => item.name)).toEqual(['Главная', 'Premium'])
  })

  test('the German FAQ: its questions are the ones the page lists, in order', async ({ request, page }) => {
    const { one } = await structuredData(request, ORIGINAL, '/de/faq')
    const faq = one('FAQPage')
    expect(faq.inLanguage).toBe('de')
    await page.goto('/de/faq')
    const shown = (await page.locator('.faq-item__question').allTextContents()).map((text) => text.trim())
    expect(shown.length).toBeGreaterThan(0)
    expect(faq.mainEntity.map((question: Node) => question.name)).toEqual(shown)
    for (const question of faq.mainEntity) expect(question.acceptedAnswer.text.length).toBeGreaterThan(0)
    expect(one('BreadcrumbList').itemListElement.map((item: Node) => [item.name, item.item])).toEqual([
      ['Startseite', `${ORIGINAL}/de`],
      ['FAQ', `${ORIGINAL}/de/faq`],
    ])
  })

  test("the mirror names itself, never the original, and offers its own plan cards' prices", async ({ request, page }) => {
    const { one, html, byType } = await structuredData(request, MIRROR, '/ru/premium')
    expect(one('Organization')).toMatchObject({ name: 'СВ Чейнджер', email: 'help@svchanger.app', url: `${MIRROR}/` })
    expect(one('WebSite')).toMatchObject({ name: 'СВ Чейнджер', inLanguage: 'ru' })
    const data = JSON.stringify(byType('Organization').concat(byType('WebSite'), byType('SoftwareApplication'), byType('BreadcrumbList')))
    expect(data).not.toMatch(/Skinvault|Скинволт|skinvault\.gg/u)
    // Every address in it is the mirror's (schema.org's own names aside).
    const addresses = [...data.matchAll(/https?:\/\/[^"]+/gu)].map((m) => m[0]).filter((url) => !url.startsWith('https://schema.org/'))
    expect(addresses.length).toBeGreaterThan(0)
    for (const url of addresses) expect(url.startsWith(`${MIRROR}/`), url).toBe(true)
    expect(html).toContain('application/ld+json')
    expect(offersOf(one('SoftwareApplication'))).toEqual(await planCards(page, `${MIRROR}/ru/premium`, 'ru'))

    const faq = await structuredData(request, MIRROR, '/de/faq')
    expect(faq.one('Organization').name).toBe('SV Changer')
    expect(JSON.stringify(faq.one('FAQPage'))).toContain('help@svchanger.app')
  })

  test('after hydration the data is still in the head, the same as the server sent', async ({ page, request, hydrated }) => {
    const { nodes } = await structuredData(request, ORIGINAL, '/de/faq')
    await page.goto('/de/faq')
    await hydrated()
    const texts = await page.locator('script[type="application/ld+json"]').allTextContents()
    expect(texts.flatMap((text) => JSON.parse(text)['@graph'])).toEqual(nodes)
  })
})
