// Renders the marketing artwork with Debian's Chromium and encodes it as WebP in the page's own
// canvas (no image tool needed): the 16 big (1280), 16 medium (640) and 16 small (320) premium
// gallery images, the 5 promo slides and the home hero (960 and 480), so the pages can offer a
// `srcset`. Original drawings: stylised weapon silhouettes with generated finishes on a
// launcher-like screen, with no text in the images (alt texts are messages). WebP only: the
// canvas encodes no AVIF.
// Run after changing the artwork: `node scripts/make-gallery-images.mjs`; with `--missing` only
// the files that do not exist yet are written (a new width, without re-encoding the others).
// The artwork itself is drawn in gallery-images/ (weapons.mjs, scenes.mjs); this file encodes it.
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { galleryScene, heroScene, slide1, slide2, slide3, slide4, slide5 } from './gallery-images/scenes.mjs'
import { SKINS } from './gallery-images/weapons.mjs'

// --- render -------------------------------------------------------------------------------------
const out = []
for (const [i, skin] of SKINS.entries()) {
  const n = String(i + 1).padStart(2, '0')
  out.push({
    svg: galleryScene(skin, i),
    width: 1280,
    height: 800,
    files: [
      [`public/images/gallery/skin-${n}-big.webp`, 1280, 800, 0.8],
      [`public/images/gallery/skin-${n}-640.webp`, 640, 400, 0.8],
      [`public/images/gallery/skin-${n}-small.webp`, 320, 200, 0.78],
    ],
  })
}
for (const [i, make] of [slide1, slide2, slide3, slide4, slide5].entries()) {
  out.push({ svg: make(), width: 1200, height: 675, files: [[`public/images/promo/slide-${i + 1}.webp`, 1200, 675, 0.8]] })
}
out.push({
  svg: heroScene(),
  width: 960,
  height: 640,
  files: [
    ['public/images/hero-launcher.webp', 960, 640, 0.82],
    ['public/images/hero-launcher-480.webp', 480, 320, 0.82],
  ],
})

if (process.argv.includes('--missing')) {
  for (const item of out) item.files = item.files.filter(([file]) => !existsSync(file))
}
const todo = out.filter((item) => item.files.length)

mkdirSync('public/images/gallery', { recursive: true })
mkdirSync('public/images/promo', { recursive: true })

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
await page.setContent('<!doctype html><html><body style="margin:0;background:#000"></body></html>')
let total = 0
for (const item of todo) {
  // Draw the SVG into a canvas at each target size and let Chromium encode WebP.
  const encoded = await page.evaluate(async ({ svg, width, height, files }) => {
    const img = new Image()
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
    await img.decode()
    return files.map(([, w, h, quality]) => {
      const canvas = document.createElement('canvas')
      canvas.width = w
      canvas.height = h
      const ctx = canvas.getContext('2d')
      ctx.imageSmoothingQuality = 'high'
      ctx.drawImage(img, 0, 0, width, height, 0, 0, w, h)
      return canvas.toDataURL('image/webp', quality)
    })
  }, item)
  item.files.forEach(([file], i) => {
    const data = Buffer.from(encoded[i].split(',')[1], 'base64')
    writeFileSync(file, data)
    total += statSync(file).size
    console.log(`${file} ${(data.length / 1024).toFixed(1)} KB`)
  })
}
await browser.close()
console.log(`total ${(total / 1024).toFixed(0)} KB`)
