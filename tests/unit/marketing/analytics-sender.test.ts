/**
 * R9, R7: the analytics sender batches events for 500 ms, but a download's event (`leaving`)
 * goes at once: the visitor waits for it, and a page left for an external address never reaches
 * the end of the delay. The browser is stood in for by globals; timers are fake, so the batch
 * delay passes only when the test says so.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

const posted: string[] = []

beforeAll(() => {
  // Stubbed once: the HTTP client keeps the fetch it found when it was first loaded.
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    posted.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    return new Response('{}', { status: 202, headers: { 'content-type': 'application/json' } })
  })
  vi.stubGlobal('window', { location: { host: 'localhost:3000', search: '' } })
  // R9.23: the visitor has allowed analytics.
  vi.stubGlobal('document', { cookie: '_ga=GA1.1.555.666; cookie_consent=2.analytics.2026-11-27' })
})
afterAll(() => vi.unstubAllGlobals())

beforeEach(() => {
  posted.length = 0
  // A sender of its own for each test: its batch starts empty.
  vi.resetModules()
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

/** The sender, with its HTTP client loaded (as a pointer over the download button does). */
async function sender() {
  const analytics = await import('#app/features/marketing/analytics.ts')
  await analytics.prepareAnalytics('http://api.test', 'en')
  return (leaving: boolean) => analytics.collectAnalytics({ apiBrowserBase: 'http://api.test', locale: 'en', token: null, configuredCookie: null, leaving })
}

describe('R9.23: before analytics is allowed', () => {
  it.each(['', 'cookie_consent=2.marketing-chat.2026-11-27', 'cookie_consent=1.analytics.2026-11-27'])('nothing is sent (%s)', async (consent) => {
    vi.stubGlobal('document', { cookie: `_ga=GA1.1.555.666; ${consent}` })
    const send = await sender()
    expect(await send(true)).toBe('no-consent')
    expect(posted).toEqual([])
    vi.stubGlobal('document', { cookie: '_ga=GA1.1.555.666; cookie_consent=2.analytics.2026-11-27' })
  })
})

describe('R9: when an analytics event is sent', () => {
  it('a page event waits for the 500 ms batch delay', async () => {
    const send = await sender()
    const outcome = send(false)
    await vi.advanceTimersByTimeAsync(499)
    expect(posted).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toBe('sent')
    expect(posted).toEqual(['http://api.test/en/analytics/collect'])
  })

  it("a download's event goes at once, without the delay", async () => {
    const send = await sender()
    const outcome = send(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(posted).toEqual(['http://api.test/en/analytics/collect'])
    expect(await outcome).toBe('sent')
  })
})
