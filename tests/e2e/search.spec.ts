/**
 * Issue 38, part 2: what search engines read of each domain, served by the site: the original and
 * the mirror each name their own sitemap in robots.txt and list their own addresses; the pages that
 * must not be indexed say so in the head the server renders.
 */
import { SITE_PORT } from '../../playwright.config.ts'
import { expect, test } from './support/fixtures.ts'

const ORIGINAL = `http://localhost:${SITE_PORT}`
const MIRROR = `http://mirror.localhost:${SITE_PORT}`
/** The mirror's requests, as the proxy in front of the site forwards them (the test's requests do not resolve mirror.localhost). */
const headersFor = (origin: string): Record<string, string> => (origin === MIRROR ? { 'x-forwarded-host': `mirror.localhost:${SITE_PORT}` } : {})

test.describe('R2.20: robots.txt and the sitemap, per domain', () => {
  for (const origin of [ORIGINAL, MIRROR]) {
    test(`${origin}: robots.txt names its own sitemap, which lists its own addresses`, async ({ request }) => {
      const robots = await request.get(`${ORIGINAL}/robots.txt`, { headers: headersFor(origin) })
      expect(robots.status()).toBe(200)
      expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8')
      const text = await robots.text()
      expect(text).toContain(`Sitemap: ${origin}/sitemap.xml\n`)
      expect(text).toContain('Disallow: /ru/account\n')

      const sitemap = await request.get(`${ORIGINAL}/sitemap.xml`, { headers: headersFor(origin) })
      expect(sitemap.status()).toBe(200)
      expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8')
      const xml = await sitemap.text()
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/gu)].map((m) => m[1])
      expect(locs).toHaveLength(30)
      expect(locs).toContain(`${origin}/de/premium`)
      expect(locs).toContain(`${origin}/ru/requisites`)
      expect(locs.every((loc) => loc!.startsWith(`${origin}/`))).toBe(true)
      expect(xml).not.toContain(origin === ORIGINAL ? 'mirror.localhost' : `//localhost:${SITE_PORT}`)
      expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${origin}/"/>`)
    })
  }

  test('a HEAD is answered without a body, any other method is refused', async ({ request }) => {
    const head = await request.head(`${ORIGINAL}/sitemap.xml`)
    expect(head.status()).toBe(200)
    expect(await head.text()).toBe('')
    expect((await request.post(`${ORIGINAL}/robots.txt`)).status()).toBe(405)
  })
})

test.describe('R2.20: pages that must not be indexed say so', () => {
  test('the sign-in page reached by the header link, and the ways in, carry noindex; the pages listed in the sitemap do not', async ({ page }) => {
    await page.goto('/de/premium')
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
    await page.getByTestId('login-link').click()
    await expect(page).toHaveURL(/\/de\/login/u)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    for (const path of ['/en/login', '/ru/confirm-email', '/en/join/K7PQ2M9X', '/de/no-such-page']) {
      await page.goto(path)
      await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', 'noindex')
    }
    for (const path of ['/en', '/ru/faq', '/de/wiki', '/ru/oferta']) {
      await page.goto(path)
      await expect(page.locator('meta[name="robots"]'), path).toHaveCount(0)
    }
  })

  test('signed in, the account carries noindex', async ({ page, signedIn }) => {
    expect(signedIn.email).toContain('@')
    await page.goto('/en')
    await page.getByTestId('account-link').click()
    await expect(page).toHaveURL(/\/en\/account$/u)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  })
})
