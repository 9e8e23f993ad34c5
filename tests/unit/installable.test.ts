/**
 * Issue 38, part 4 (R2.22): each domain is installable and recognisable. The icons are the files
 * in public/icons, read here with the ICO and PNG formats' own layouts written out (no image
 * library): the ICO header and directory, the PNG signature and its IHDR chunk. The manifests are
 * checked against the brands' names as the configuration's defaults give them, written out.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildMeta } from '#app/core/meta.ts'
import { brandFileResponse, webManifest } from '#app/server/brand-files.server.ts'
import { parseConfig } from '#config'

const ICONS = new URL('../../public/icons/', import.meta.url)
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** The one file of public/icons whose name starts so (its hash follows). */
function iconFile(prefix: string): Buffer {
  const names = readdirSync(ICONS).filter((name) => name.startsWith(`${prefix}.`))
  expect(names, prefix).toHaveLength(1)
  return readFileSync(new URL(names[0]!, ICONS))
}

/** A PNG's width and height from its IHDR chunk, which must come first. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  const bytes = Buffer.from(png)
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE)
  expect(bytes.readUInt32BE(8)).toBe(13)
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

/** An ICO file's images: its header (reserved 0, type 1 = icon, count), then one 16-byte entry per image. */
function icoImages(ico: Buffer) {
  expect(ico.readUInt16LE(0)).toBe(0)
  expect(ico.readUInt16LE(2)).toBe(1)
  const count = ico.readUInt16LE(4)
  return Array.from({ length: count }, (_, i) => {
    const entry = 6 + 16 * i
    const size = ico.readUInt32LE(entry + 8)
    const offset = ico.readUInt32LE(entry + 12)
    return {
      width: ico.readUInt8(entry) || 256,
      height: ico.readUInt8(entry + 1) || 256,
      planes: ico.readUInt16LE(entry + 4),
      bitCount: ico.readUInt16LE(entry + 6),
      offset,
      size,
      payload: ico.subarray(offset, offset + size),
    }
  })
}

describe('R2.22: favicon.ico, per brand', () => {
  for (const brand of ['original', 'mirror']) {
    it(`${brand}: three PNG images of 16, 32 and 48 px, laid out one after the other`, () => {
      const ico = iconFile(`${brand}-favicon`)
      const images = icoImages(ico)
      expect(images.map((image) => [image.width, image.height])).toEqual([
        [16, 16],
        [32, 32],
        [48, 48],
      ])
      expect(images[0]!.offset).toBe(6 + 16 * 3)
      for (const [i, image] of images.entries()) {
        expect(image.planes).toBe(1)
        expect(image.bitCount).toBe(32)
        expect(pngSize(image.payload)).toEqual({ width: image.width, height: image.height })
        if (i > 0) expect(image.offset).toBe(images[i - 1]!.offset + images[i - 1]!.size)
      }
      expect(ico.length).toBe(images[2]!.offset + images[2]!.size)
    })
  }
  it('the two brands have icons of their own', () => {
    expect(iconFile('original-favicon').equals(iconFile('mirror-favicon'))).toBe(false)
  })
})

describe('R2.22: the icons of the manifest and the home screen are PNG of their stated sizes', () => {
  const sizes: [string, number][] = [
    ['apple-touch-180', 180],
    ['any-192', 192],
    ['any-512', 512],
    ['maskable-192', 192],
    ['maskable-512', 512],
  ]
  for (const brand of ['original', 'mirror']) {
    for (const [name, size] of sizes) {
      it(`${brand}-${name}`, () => {
        expect(pngSize(iconFile(`${brand}-${name}`))).toEqual({ width: size, height: size })
      })
    }
  }
  it('the 48 px PNG icons of the head stay', () => {
    expect(pngSize(readFileSync(new URL('../../public/favicon.png', import.meta.url)))).toEqual({ width: 48, height: 48 })
    expect(pngSize(readFileSync(new URL('../../public/favicon-mirror.png', import.meta.url)))).toEqual({ width: 48, height: 48 })
  })
})

describe('R2.22: the web app manifest, per brand and language', () => {
  const config = parseConfig({})
  it('the original in English, Russian and German: its own names, start page and language', () => {
    const en = webManifest(config.brands.original, 'en')
    expect(en).toMatchObject({ name: 'Skinvault', short_name: 'Skinvault', lang: 'en', start_url: '/en', id: '/en', scope: '/', display: 'standalone' })
    expect(en.description).toBe(
      'Skinvault is a Windows launcher that changes weapon, knife and glove skins in CS2 and CS:GO on your own screen. Free to start, with optional Premium.',
    )
    expect(webManifest(config.brands.original, 'ru')).toMatchObject({ name: 'Скинволт', short_name: 'SV', lang: 'ru', start_url: '/ru' })
    expect(webManifest(config.brands.original, 'de')).toMatchObject({ name: 'Skinvault', short_name: 'Skinvault', lang: 'de', start_url: '/de' })
    expect(webManifest(config.brands.original, 'de').description).toBe(
      'Skinvault ist ein Windows-Launcher, der Waffen-, Messer- und Handschuh-Skins in CS2 und CS:GO auf Ihrem Bildschirm ändert. Kostenlos starten, Premium optional.',
    )
  })
  it("the mirror: its own names and its own description, never the original's", () => {
    const ru = webManifest(config.brands.mirror, 'ru')
    expect(ru).toMatchObject({ name: 'СВ Чейнджер', short_name: 'SVC', lang: 'ru', start_url: '/ru' })
    expect(ru.description).toBe(
      'Примеряйте любые скины оружия, ножей и перчаток в CS2 и CS:GO с СВ Чейнджер: лёгкий лаунчер для Windows, который работает только на вашем экране. Начните бесплатно, а Premium подключите, когда захочется большего.',
    )
    const en = webManifest(config.brands.mirror, 'en')
    expect(en).toMatchObject({ name: 'SV Changer', short_name: 'SV Changer', lang: 'en' })
    expect(JSON.stringify(webManifest(config.brands.mirror, 'de'))).not.toMatch(/Skinvault|Скинволт|original-/u)
  })
  it('colours of the page, and icons of 192 and 512 px for any use and maskable, all of the brand', () => {
    for (const brand of ['original', 'mirror'] as const) {
      const manifest = webManifest(config.brands[brand], 'en')
      expect(manifest.theme_color).toBe('#0d1117')
      expect(manifest.background_color).toBe('#0d1117')
      expect(manifest.icons.map((icon) => [icon.sizes, icon.purpose, icon.type])).toEqual([
        ['192x192', 'any', 'image/png'],
        ['512x512', 'any', 'image/png'],
        ['192x192', 'maskable', 'image/png'],
        ['512x512', 'maskable', 'image/png'],
      ])
      for (const icon of manifest.icons) {
        expect(icon.src).toMatch(new RegExp(`^/icons/${brand}-${icon.purpose}-${icon.sizes.split('x')[0]}\\.[0-9a-f]{10}\\.png$`, 'u'))
        const size = Number(icon.sizes.split('x')[0])
        expect(pngSize(readFileSync(new URL(`../../public${icon.src}`, import.meta.url)))).toEqual({ width: size, height: size })
      }
    }
  })
})

describe('R2.22: /favicon.ico and /manifest.webmanifest answer for the domain asked', () => {
  const saved = process.env.MIRROR_BASE_URL
  beforeAll(() => {
    process.env.MIRROR_BASE_URL = 'https://mirror.example'
  })
  afterAll(() => {
    if (saved === undefined) delete process.env.MIRROR_BASE_URL
    else process.env.MIRROR_BASE_URL = saved
  })
  const get = (url: string) => brandFileResponse(new Request(url), new URL(url))

  it("each domain's favicon.ico, cached for a year", async () => {
    for (const [origin, brand] of [
      ['https://skinvault.example', 'original'],
      ['https://mirror.example', 'mirror'],
    ] as const) {
      const response = get(`${origin}/favicon.ico`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/x-icon')
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000')
      expect(response.headers.get('vary')).toBe('Host')
      expect(Buffer.from(await response.arrayBuffer()).equals(iconFile(`${brand}-favicon`))).toBe(true)
    }
  })
  it("each domain's manifest in the language asked, English when none or an unknown one is", async () => {
    const mirror = get('https://mirror.example/manifest.webmanifest?lang=de')
    expect(mirror.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8')
    expect(await mirror.json()).toMatchObject({ name: 'SV Changer', lang: 'de', start_url: '/de' })
    expect(await get('https://skinvault.example/manifest.webmanifest?lang=ru').json()).toMatchObject({ name: 'Скинволт', lang: 'ru' })
    expect(await get('https://skinvault.example/manifest.webmanifest?lang=xx').json()).toMatchObject({ name: 'Skinvault', lang: 'en' })
    expect(await get('https://skinvault.example/manifest.webmanifest').json()).toMatchObject({ lang: 'en', start_url: '/en' })
  })
  it('a HEAD has no body', async () => {
    const head = brandFileResponse(new Request('https://skinvault.example/favicon.ico', { method: 'HEAD' }), new URL('https://skinvault.example/favicon.ico'))
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })
})

describe("R2.22: the head links the domain's icons and its manifest", () => {
  const config = parseConfig({})
  it('the mirror page links its own apple-touch-icon, favicon.ico and manifest in the page language', () => {
    const links = buildMeta({ pathname: '/ru/faq', page: 'faq', locale: 'ru', origin: 'https://mirror.example', brand: config.brands.mirror, config }).links
    expect(links).toContainEqual({ rel: 'icon', href: '/favicon.ico', sizes: '48x48' })
    expect(links).toContainEqual({ rel: 'icon', type: 'image/png', sizes: '48x48', href: '/favicon-mirror.png' })
    expect(links).toContainEqual({ rel: 'manifest', href: '/manifest.webmanifest?lang=ru' })
    const apple = links.find((link) => link.rel === 'apple-touch-icon')
    expect(apple).toMatchObject({ sizes: '180x180' })
    expect(apple?.href).toMatch(/^\/icons\/mirror-apple-touch-180\.[0-9a-f]{10}\.png$/u)
  })
})
