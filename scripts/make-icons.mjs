// Renders every icon of both brands (original domain, mirror domain) from their artwork with
// Debian's Chromium, and writes `src/core/brand-icons.ts`, the list of their addresses. Run once
// after changing the artwork: `node scripts/make-icons.mjs`; commit what it writes.
//
// - `public/favicon.png`, `public/favicon-mirror.png`: the 48×48 PNG icon of the head. PNG, not SVG:
//   a browser decodes an SVG icon by building a document of its own on the page's main thread
//   (10–20 ms, four times that on a slowed phone CPU), a PNG of this size in well under a
//   millisecond (decision 022).
// - `public/icons/<brand>-<kind>-<size>.<hash>.png` and `<brand>-favicon.<hash>.ico` (decision 112): the web app manifest's icons (192 and
//   512, `any` with the rounded tile, `maskable` full-bleed with the mark inside the central 80%
//   circle), the apple-touch-icon (180, opaque: iOS draws its own corners) and the favicon.ico
//   holding 16, 32 and 48 px PNG images. Their names carry a hash of their bytes, so they are
//   served as immutable (scripts/serve.mjs) and a new artwork is a new address.
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

/** Each brand's tile colour and mark, drawn on a 64×64 canvas centred on (32, 32). */
const ARTWORK = {
  original: {
    background: '#0d1117',
    mark: '<path d="M32 8 54 32 32 56 10 32Z" fill="#f5a524"/><path d="M32 18 44 32 32 46 20 32Z" fill="#0d1117"/>',
  },
  mirror: {
    background: '#0b1220',
    mark: '<circle cx="32" cy="32" r="22" fill="#3ddc97"/><path d="M22 32h20M32 22v20" stroke="#0b1220" stroke-width="6" stroke-linecap="round"/>',
  },
}

/** The mark's reach from the centre, in 64ths (original: the diamond's tips at 24; mirror: the circle's radius 22). */
const MARK_RADIUS = { original: 24, mirror: 22 }
/** A maskable icon's mark stays inside the circle of 40% of the width (the 80% safe zone), with room to spare. */
const MASKABLE_SCALE = 0.8

function svg(brand, { tile, scale = 1 }) {
  const { background, mark } = ARTWORK[brand]
  const rx = tile === 'rounded' ? 14 : 0
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="${rx}" fill="${background}"/><g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${mark}</g></svg>`
}

for (const brand of Object.keys(ARTWORK)) {
  if ((MARK_RADIUS[brand] * MASKABLE_SCALE) / 64 > 0.4) throw new Error(`${brand}: the maskable mark leaves the safe zone`)
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
const page = await browser.newPage()

async function render(art, size) {
  await page.setViewportSize({ width: size, height: size })
  await page.setContent(
    `<!doctype html><html><body style="margin:0;background:transparent">${art.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  )
  return page.screenshot({ omitBackground: true })
}

/** An ICO file: a 6-byte header, a 16-byte entry per image, then the images, here PNG as Windows Vista and every browser read them. */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  let offset = header.length
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i
    header.writeUInt8(size >= 256 ? 0 : size, entry)
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1)
    header.writeUInt8(0, entry + 2)
    header.writeUInt8(0, entry + 3)
    header.writeUInt16LE(1, entry + 4)
    header.writeUInt16LE(32, entry + 6)
    header.writeUInt32LE(png.length, entry + 8)
    header.writeUInt32LE(offset, entry + 12)
    offset += png.length
  })
  return Buffer.concat([header, ...images.map((image) => image.png)])
}

const hashed = (name, ext, bytes) => `${name}.${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}.${ext}`

rmSync('public/icons', { recursive: true, force: true })
mkdirSync('public/icons', { recursive: true })
const written = {}
function write(brand, name, ext, bytes) {
  const file = hashed(`${brand}-${name}`, ext, bytes)
  writeFileSync(`public/icons/${file}`, bytes)
  return `/icons/${file}`
}

for (const brand of Object.keys(ARTWORK)) {
  const rounded = svg(brand, { tile: 'rounded' })
  const full = svg(brand, { tile: 'full' })
  const maskable = svg(brand, { tile: 'full', scale: MASKABLE_SCALE })
  writeFileSync(brand === 'original' ? 'public/favicon.png' : 'public/favicon-mirror.png', await render(rounded, 48))
  written[brand] = {
    ico: write(brand, 'favicon', 'ico', ico(await icoImages(rounded))),
    appleTouch: write(brand, 'apple-touch-180', 'png', await render(full, 180)),
    any192: write(brand, 'any-192', 'png', await render(rounded, 192)),
    any512: write(brand, 'any-512', 'png', await render(rounded, 512)),
    maskable192: write(brand, 'maskable-192', 'png', await render(maskable, 192)),
    maskable512: write(brand, 'maskable-512', 'png', await render(maskable, 512)),
  }
}
await browser.close()

async function icoImages(art) {
  const images = []
  for (const size of [16, 32, 48]) images.push({ size, png: await render(art, size) })
  return images
}

const entries = Object.entries(written).map(
  ([brand, icons]) =>
    `  ${brand}: {\n${Object.entries(icons)
      .map(([kind, path]) => `    ${kind}: '${path}',`)
      .join('\n')}\n  },`,
)
writeFileSync(
  'src/core/brand-icons.ts',
  `// Generated by scripts/make-icons.mjs from each brand's artwork. Do not edit: run the script again.
import type { BrandId } from '#constants'

/** Each brand's icons in public/icons (decision 112): names carry a hash of their bytes, so they are cached as immutable. */
export const BRAND_ICONS: Record<BrandId, { ico: string; appleTouch: string; any192: string; any512: string; maskable192: string; maskable512: string }> = {
${entries.join('\n')}
}
`,
)
console.log(readdirSync('public/icons').join('\n'))
