// Renders the two 48×48 favicons (original domain, mirror domain) with Debian's Chromium. Run once
// after changing the artwork: `node scripts/make-favicons.mjs`. The icons are PNG, not SVG: a
// browser decodes an SVG icon by building a document of its own on the page's main thread
// (10–20 ms, four times that on a slowed phone CPU), a PNG of this size in well under a
// millisecond (decision 022).
import { chromium } from '@playwright/test'

const SIZE = 48
const icons = [
  [
    'public/favicon.png',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0d1117"/><path d="M32 8 54 32 32 56 10 32Z" fill="#f5a524"/><path d="M32 18 44 32 32 46 20 32Z" fill="#0d1117"/></svg>',
  ],
  [
    'public/favicon-mirror.png',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b1220"/><circle cx="32" cy="32" r="22" fill="#3ddc97"/><path d="M22 32h20M32 22v20" stroke="#0b1220" stroke-width="6" stroke-linecap="round"/></svg>',
  ],
]

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } })
for (const [file, svg] of icons) {
  await page.setContent(
    `<!doctype html><html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${SIZE}" height="${SIZE}" `)}</body></html>`,
  )
  await page.screenshot({ path: file, omitBackground: true })
  console.log('wrote', file)
}
await browser.close()
