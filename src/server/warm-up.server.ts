/**
 * A new server renders a few pages before it takes visitors (decision 093): the first render of a
 * process loads the route's code, the messages of its language and compiles the renderer, which
 * took 320 ms where a warm render takes 10; the first of each other kind of page 20-70 ms more.
 * Visitors who met a cold instance waited for that, and under load the render limit turned the
 * ones queued behind them away.
 *
 * The pages are rendered one at a time, before the server listens, past the guest page cache (it
 * stays empty until a visitor asks). They are guest pages that ask the backend nothing, so a new
 * instance does not call its backend before its first visitor does. A page that fails is passed
 * over; past the time budget the server starts anyway.
 */

/** A guest page of each kind, in each language, that renders without asking the backend. */
export const WARM_UP_PATHS: readonly string[] = ['/en', '/ru/faq', '/de/wiki', '/de/promo']

/** The longest a new server spends warming up before it takes visitors anyway. */
export const WARM_UP_BUDGET_MS = 5_000

export interface WarmUpReport {
  /** Pages that rendered with 200. */
  rendered: number
  /** Pages that answered otherwise or failed. */
  failed: number
  /** Pages left out because the budget ran out. */
  skipped: number
}

export interface WarmUpOptions {
  paths: readonly string[]
  /** The site's own address (`SITE_BASE_URL`): the pages are asked for there. */
  origin: string
  /** Renders one request to its status; the body read whole, as a visitor's is. */
  render: (request: Request, url: URL) => Promise<number>
  budgetMs: number
  now: () => number
}

/** Renders each page in turn, one at a time, until the budget is spent. */
export async function warmUp({ paths, origin, render, budgetMs, now }: WarmUpOptions): Promise<WarmUpReport> {
  const report: WarmUpReport = { rendered: 0, failed: 0, skipped: 0 }
  const started = now()
  for (const path of paths) {
    if (now() - started >= budgetMs) {
      report.skipped++
      continue
    }
    const url = new URL(path, origin)
    try {
      const status = await render(new Request(url, { headers: { accept: 'text/html' } }), url)
      if (status === 200) report.rendered++
      else report.failed++
    } catch {
      report.failed++
    }
  }
  return report
}
