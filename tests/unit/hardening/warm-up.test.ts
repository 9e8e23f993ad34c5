import { describe, expect, it } from 'vitest'
import { WARM_UP_BUDGET_MS, WARM_UP_PATHS, warmUp } from '#app/server/warm-up.server.ts'

const ORIGIN = 'https://skins.example'

/**
 * A render that takes `costs[path]` ms of a hand-run clock and answers `statuses[path]` (200 unless
 * said). The clock does not start at 0: a process has run for a while when it warms up.
 */
function fakeSite(costs: Record<string, number> = {}, statuses: Record<string, number | Error> = {}) {
  let now = 1_000_000
  const asked: string[] = []
  let inFlight = 0
  let mostInFlight = 0
  return {
    asked,
    get mostInFlight() {
      return mostInFlight
    },
    now: () => now,
    render: async (request: Request, url: URL) => {
      asked.push(request.url)
      expect(url.href).toBe(request.url)
      inFlight++
      mostInFlight = Math.max(mostInFlight, inFlight)
      await new Promise((r) => setImmediate(r))
      now += costs[url.pathname] ?? 10
      inFlight--
      const answer = statuses[url.pathname] ?? 200
      if (answer instanceof Error) throw answer
      return answer
    },
  }
}

describe('warming a new server up (decision 093)', () => {
  it('renders guest pages in each language, home, FAQ, wiki and promo, none of which asks the backend', () => {
    expect(WARM_UP_PATHS).toEqual(['/en', '/ru/faq', '/de/wiki', '/de/promo'])
    expect(WARM_UP_BUDGET_MS).toBe(5000)
  })

  it('asks for each page at the site’s own address, one after another, in the order given', async () => {
    const site = fakeSite()
    const report = await warmUp({ paths: ['/en', '/ru/faq', '/de/wiki'], origin: ORIGIN, render: site.render, budgetMs: 5000, now: site.now })
    expect(site.asked).toEqual(['https://skins.example/en', 'https://skins.example/ru/faq', 'https://skins.example/de/wiki'])
    expect(site.mostInFlight).toBe(1)
    expect(report).toEqual({ rendered: 3, failed: 0, skipped: 0 })
  })

  it('passes over a page that fails or answers otherwise than 200, and renders the rest', async () => {
    const site = fakeSite({}, { '/en': new Error('backend down'), '/ru/faq': 500 })
    const report = await warmUp({ paths: ['/en', '/ru/faq', '/de/wiki'], origin: ORIGIN, render: site.render, budgetMs: 5000, now: site.now })
    expect(site.asked).toHaveLength(3)
    expect(report).toEqual({ rendered: 1, failed: 2, skipped: 0 })
  })

  it('starts no render once the budget is spent: the server takes visitors anyway', async () => {
    const site = fakeSite({ '/en': 3000, '/ru/faq': 1999, '/de/wiki': 10 })
    const report = await warmUp({ paths: ['/en', '/ru/faq', '/de/wiki', '/en/promo'], origin: ORIGIN, render: site.render, budgetMs: 5000, now: site.now })
    // 3000 + 1999 ms spent: the wiki still starts at 4999 ms; the promo, at 5009 ms, does not.
    expect(site.asked).toEqual(['https://skins.example/en', 'https://skins.example/ru/faq', 'https://skins.example/de/wiki'])
    expect(report).toEqual({ rendered: 3, failed: 0, skipped: 1 })
  })

  it('starts no render when exactly the budget is spent', async () => {
    const site = fakeSite({ '/en': 3000, '/ru/faq': 2000 })
    const report = await warmUp({ paths: ['/en', '/ru/faq', '/de/wiki'], origin: ORIGIN, render: site.render, budgetMs: 5000, now: site.now })
    expect(site.asked).toEqual(['https://skins.example/en', 'https://skins.example/ru/faq'])
    expect(report).toEqual({ rendered: 2, failed: 0, skipped: 1 })
  })

  it('asks for a page as a browser does, for HTML and with no cookie: a guest’s render', async () => {
    const seen: Request[] = []
    await warmUp({
      paths: ['/en'],
      origin: ORIGIN,
      render: async (request) => {
        seen.push(request)
        return 200
      },
      budgetMs: 5000,
      now: () => 0,
    })
    expect(seen[0]?.method).toBe('GET')
    expect(seen[0]?.headers.get('accept')).toBe('text/html')
    expect(seen[0]?.headers.get('cookie')).toBeNull()
  })
})
