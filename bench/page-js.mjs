// The JavaScript pages load, by chunk and by package, without the load test:
//   node bench/page-js.mjs [http://localhost:3000] [/ /ru/faq ...]
// Expects a running production site (`npm start`).
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { breakdown } from './js-breakdown.mjs'

/** Scripts a page fetched until its load event: what it needs, not what idle prefetch adds later. */
export async function pageScripts(browser, url) {
  const page = await browser.newPage()
  const scripts = []
  let loaded = false
  page.on('load', () => {
    loaded = true
  })
  page.on('response', (r) => {
    if (!loaded && r.request().resourceType() === 'script') scripts.push(r.body().then((b) => ({ url: r.url(), raw: b.length, gzip: gzipSync(b, { level: 9 }).length })).catch(() => null))
  })
  await page.goto(url, { waitUntil: 'load' })
  const files = (await Promise.all(scripts)).filter(Boolean)
  await page.close()
  return files
}

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [origin = 'http://localhost:3000', ...paths] = process.argv.slice(2)
  const browser = await launch()
  try {
    for (const path of paths.length ? paths : ['/']) {
      const files = await pageScripts(browser, new URL(path, origin).href)
      const gzip = files.reduce((s, f) => s + f.gzip, 0)
      console.log(`${path}: ${files.length} scripts, ${(gzip / 1024).toFixed(1)} KB gzip`)
      const { perChunk, packages } = breakdown(files.map((f) => f.url))
      console.table(perChunk)
      console.table(packages.slice(0, 25))
    }
  } finally {
    await browser.close()
  }
}
