// `npm run lighthouse`: Lighthouse (mobile preset) on home, premium and faq in each language,
// against the production build with its stand-in backend, in Debian's Chromium. Prints the four
// category scores per page and, with LIGHTHOUSE_VERBOSE=1, the audits that did not pass;
// LIGHTHOUSE_REPORT_DIR=dir keeps each page's full report (JSON) there. Each page is measured
// LIGHTHOUSE_RUNS times (default 3) and the median run is reported.
// Build first (`npm run build`); `npm run lighthouse` does.
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, chromiumPath } from './check-browser.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3400)
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/en/,/premium,/faq,/ru,/ru/premium,/ru/faq,/de,/de/premium,/de/faq').split(',')
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))
const FLAGS = ['--headless=new', ...CHROMIUM_FLAGS]

async function waitFor(url, timeoutMs = 90_000) {
  const t0 = Date.now()
  for (;;) {
    try {
      if ((await fetch(url)).status < 500) return
    } catch {}
    if (Date.now() - t0 > timeoutMs) throw new Error(`${url} did not answer`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

const site = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), BACKEND_PORT: String(PORT + 1), BACKEND_DATA_DIR: 'memory://', NODE_ENV: 'production' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
let chrome
const rows = []
/** The browser Lighthouse ran in, as it names itself. */
let browserVersion = 'Chromium'
/** Lighthouse's own speed index of the machine (pure JavaScript) in each page's median run. */
const benchmarkIndexes = []
let failed = false
try {
  await waitFor(`http://localhost:${PORT}/en`)
  chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: FLAGS })
  // Chromium asks for English: `/` is the English home page, served in place.
  for (const path of PAGES) {
    const url = `http://localhost:${PORT}${path}`
    // Lighthouse's own advice: scores vary from run to run, so report the run with the median
    // performance score of RUNS (a run that failed to load is run again, once).
    const runs = []
    for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 1; attempt++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      if (!result?.lhr) throw new Error(`no report for ${url}`)
      if (!result.lhr.runtimeError || attempt === RUNS) runs.push(result.lhr)
    }
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0))
    const lhr = runs[Math.floor(runs.length / 2)]
    if (lhr.environment?.benchmarkIndex) benchmarkIndexes.push(Math.round(lhr.environment.benchmarkIndex))
    browserVersion = /(?:Headless)?Chrome\/[\d.]+/.exec(lhr.environment?.hostUserAgent ?? '')?.[0] ?? browserVersion
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true })
      writeFileSync(`${process.env.LIGHTHOUSE_REPORT_DIR}/${path.replace(/\W+/g, '_') || '_'}.json`, JSON.stringify(lhr))
    }
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
    rows.push({
      page: path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best practices': score('best-practices'),
      seo: score('seo'),
      'LCP ms': Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      CLS: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      'TBT ms': Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
      // The page's main-thread work as Lighthouse counts it (the CPU slowed four times): the same
      // code gives more of it on a slower or busier machine, which is what moves TBT between runs.
      'main thread ms': Math.round(lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0),
      ...(runs.length > 1 ? { 'performance of runs': runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join(' ') } : {}),
      ...(lhr.runtimeError ? { error: lhr.runtimeError.code } : {}),
    })
    if (process.env.LIGHTHOUSE_VERBOSE) {
      for (const [id, category] of Object.entries(lhr.categories)) {
        for (const ref of category.auditRefs) {
          const audit = lhr.audits[ref.id]
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
            console.log(`${path} ${id}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`)
            for (const item of (audit.details?.items ?? []).slice(0, 5)) console.log('   ', JSON.stringify(item).slice(0, 400))
          }
        }
      }
    }
  }
  console.log(
    `\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset, median of ${RUNS} runs, ${browserVersion}, ${new Date().toISOString()}` +
      (benchmarkIndexes.length ? `, machine's benchmark index ${Math.min(...benchmarkIndexes)}–${Math.max(...benchmarkIndexes)}` : ''),
  )
  console.table(rows)
} catch (error) {
  failed = true
  console.error(error)
} finally {
  await chrome?.kill()
  site.kill('SIGTERM')
}
process.exit(failed ? 1 : 0)
