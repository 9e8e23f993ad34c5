/**
 * Issue 38, part 4 (R2.22): each domain is installable and recognisable. `/favicon.ico` and the web
 * app manifest answer per domain (the mirror's requests carry the proxy's X-Forwarded-Host, as in
 * search.spec.ts); the icons are files of the build, cached as immutable; every icon and manifest
 * link of a page's head resolves.
 */
import type { APIRequestContext, APIResponse } from '@playwright/test'
import { SITE_PORT } from '../../playwright.config.ts'
import { expect, test } from './support/fixtures.ts'

const ORIGINAL = `http://localhost:${SITE_PORT}`
const MIRROR = `http://mirror.localhost:${SITE_PORT}`
const headersFor = (origin: string): Record<string, string> => (origin === MIRROR ? { 'x-forwarded-host': `mirror.localhost:${SITE_PORT}` } : {})
const YEAR = 31_536_000

function maxAge(response: APIResponse): number {
  const match = /(?:^|,)\s*max-age=(\d+)/u.exec(response.headers()['cache-control'] ?? '')
  return match ? Number(match[1]) : 0
}

/** An ICO's images (6-byte header, 16-byte entries): their sizes, and whether each is a PNG. */
function icoImages(body: Buffer) {
  expect(body.readUInt16LE(0)).toBe(0)
  expect(body.readUInt16LE(2)).toBe(1)
  return Array.from({ length: body.readUInt16LE(4) }, (_, i) => {
    const entry = 6 + 16 * i
    const offset = body.readUInt32LE(entry + 12)
    return { size: body.readUInt8(entry), png: body.subarray(offset, offset + 4).toString('latin1') === '\x89PNG' }
  })
}

async function get(request: APIRequestContext, origin: string, path: string) {
  return request.get(`${ORIGINAL}${path}`, { headers: headersFor(origin) })
}

test.describe('R2.22: favicon.ico and the manifest, per domain', () => {
  test("each domain's favicon.ico: 16, 32 and 48 px, its own, cached for a year", async ({ request }) => {
    const bodies: Buffer[] = []
    for (const origin of [ORIGINAL, MIRROR]) {
      const response = await get(request, origin, '/favicon.ico')
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toBe('image/x-icon')
      expect(maxAge(response)).toBeGreaterThanOrEqual(YEAR)
      const body = await response.body()
      expect(icoImages(body)).toEqual([
        { size: 16, png: true },
        { size: 32, png: true },
        { size: 48, png: true },
      ])
      bodies.push(body)
    }
    expect(bodies[0]!.equals(bodies[1]!)).toBe(false)
  })

  for (const [origin, names] of [
    [ORIGINAL, { en: 'Skinvault', ru: 'Скинволт', short: 'SV' }],
    [MIRROR, { en: 'SV Changer', ru: 'СВ Чейнджер', short: 'SVC' }],
  ] as const) {
    test(`${origin}: the manifest names the domain's brand in the page's language, with icons that resolve as immutable files`, async ({ request }) => {
      const response = await get(request, origin, '/manifest.webmanifest?lang=ru')
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toBe('application/manifest+json; charset=utf-8')
      // A day, not a year (decision 112): its names come from the configuration at run time.
      expect(maxAge(response)).toBeGreaterThanOrEqual(86_400)
      const manifest = await response.json()
      expect(manifest).toMatchObject({ name: names.ru, short_name: names.short, lang: 'ru', start_url: '/ru', display: 'standalone' })
      expect((await (await get(request, origin, '/manifest.webmanifest?lang=de')).json()).name).toBe(names.en)
      expect(manifest.icons.map((icon: any) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable'])
      for (const icon of manifest.icons) {
        expect(icon.src).toContain(origin === MIRROR ? '/icons/mirror-' : '/icons/original-')
        const file = await get(request, origin, icon.src)
        expect(file.status(), icon.src).toBe(200)
        expect(file.headers()['content-type']).toBe('image/png')
        expect(maxAge(file)).toBeGreaterThanOrEqual(YEAR)
        expect(file.headers()['cache-control']).toContain('immutable')
      }
    })
  }
})

test.describe("R2.22: each page's head links icons and a manifest that resolve", () => {
  for (const [origin, path] of [
    [ORIGINAL, '/de'],
    [ORIGINAL, '/premium'],
    [MIRROR, '/ru/faq'],
  ] as const) {
    test(`${origin}${path}`, async ({ request }) => {
      const html = await (await get(request, origin, path)).text()
      const links = [...html.matchAll(/<link\b[^>]*>/gu)].map((m) => m[0])
      const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'u').exec(tag)?.[1] ?? null
      const byRel = (rel: string) => links.filter((tag) => attr(tag, 'rel') === rel)

      const icons = byRel('icon')
      expect(icons.map((tag) => attr(tag, 'href'))).toEqual(['/favicon.ico', origin === MIRROR ? '/favicon-mirror.png' : '/favicon.png'])
      const apple = byRel('apple-touch-icon')
      expect(apple).toHaveLength(1)
      expect(attr(apple[0]!, 'sizes')).toBe('180x180')
      const manifest = byRel('manifest')
      expect(manifest).toHaveLength(1)
      expect(attr(manifest[0]!, 'href')).toBe(`/manifest.webmanifest?lang=${path.startsWith('/ru') ? 'ru' : path.startsWith('/de') ? 'de' : 'en'}`)

      for (const tag of [...icons, ...apple, ...manifest]) {
        const href = attr(tag, 'href')!.replaceAll('&amp;', '&')
        const response = await get(request, origin, href)
        expect(response.status(), href).toBe(200)
        expect(response.headers()['content-type'], href).toMatch(/^(image\/(png|x-icon)|application\/manifest\+json)/u)
      }
      const touch = await get(request, origin, attr(apple[0]!, 'href')!)
      expect(maxAge(touch)).toBeGreaterThanOrEqual(YEAR)
      expect(attr(apple[0]!, 'href')).toContain(origin === MIRROR ? 'mirror-apple-touch-180' : 'original-apple-touch-180')
    })
  }

  test('in the browser, the mirror page links its own manifest and the browser reads it', async ({ page }) => {
    await page.goto(`${MIRROR}/de/faq`)
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBe('/manifest.webmanifest?lang=de')
    const manifest = await page.evaluate(async (url) => (await fetch(url)).json(), href!)
    expect(manifest).toMatchObject({ name: 'SV Changer', lang: 'de', start_url: '/de' })
  })
})
