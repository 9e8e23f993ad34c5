// The JavaScript pages load, by chunk and by package, without the load test:
//   node bench/page-js.mjs [http://localhost:3000] [/ /ru/faq ...]
// Expects a running production site (`npm start`).
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { breakdown } from './js-breakdown.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

/**
 * Scripts a page requested until it was interactive (the `hydrated` performance mark, set with
 * `html[data-hydrated]`): what it needs, not what the idle prefetch adds later. The page starts
 * its scripts after the first paint (decision 025), so the load event is no boundary.
 */
export async function pageScripts(browser, url) {
  const page = await browser.newPage()
  await page.goto(url, { waitUntil: 'domcontentloaded' })
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 30_000 })
  const urls = await page.evaluate(() => {
    const mark = performance.getEntriesByName('hydrated')[0]?.startTime ?? Number.POSITIVE_INFINITY
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime <= mark && new URL(e.name).pathname.endsWith('.js'))
      .map((e) => e.name)
  })
  await page.close()
  return [...new Set(urls)].map((u) => {
    const body = readFileSync(`${root}dist/client${new URL(u).pathname}`)
    return { url: u, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }
  })
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
