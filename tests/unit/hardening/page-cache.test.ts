import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createCachedDocument, negotiateEncoding } from '#app/server/cached-document.server.ts'
import { GUEST_PAGE_CACHE, isCacheableRequest, isCacheableResponse, PageCache, type PageTurn, pageCacheKey } from '#app/server/page-cache.server.ts'

/** Stands for the render limit's `Overloaded`: a refresh that fails with it keeps the stale page. */
class Busy extends Error {}

/** A cache of pages that are strings (their size, their length) on a clock the test moves. */
function setUp(limits: { maxEntries?: number; maxBytes?: number } = {}) {
  const clock = { now: 1000 }
  const cache = new PageCache<string, string>({
    maxEntries: 3,
    maxBytes: 1000,
    ttlMs: 100,
    staleMs: 1000,
    sizeOf: (page) => page.length,
    keepsStale: (error) => error instanceof Busy,
    now: () => clock.now,
    ...limits,
  })
  /** What was rendered, in order. */
  const log: string[] = []
  /** A visitor's turn: it renders `page` (kept unless `kept` says otherwise) and refreshes it as `fresh`. */
  const turn = (page: string, more: { kept?: string; fresh?: () => Promise<string | undefined> } = {}): PageTurn<string, string> => ({
    render: async () => {
      log.push(`render ${page}`)
      return { answer: `answer ${page}`, kept: 'kept' in more ? more.kept : page }
    },
    refresh: more.fresh ?? (async () => (log.push(`refresh ${page}`), `${page}'`)),
  })
  return { clock, cache, log, turn }
}

/** Lets a background refresh (started after the current turn of the event loop) finish. */
const backgroundDone = () => new Promise((resolve) => setTimeout(resolve, 5))

/** A promise settled from outside. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {}
  let reject: (error: unknown) => void = () => {}
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)))
  return { promise, resolve, reject }
}

describe('issue 9: guest page cache (LRU, TTL, stale-while-revalidate, one render per key)', () => {
  it('a miss renders and keeps the page, a hit serves it without rendering', async () => {
    const { cache, log, turn } = setUp()
    expect(await cache.get('a', turn('A'))).toEqual({ kept: 'A', status: 'MISS' })
    expect(await cache.get('a', turn('B'))).toEqual({ kept: 'A', status: 'HIT' })
    expect(log).toEqual(['render A'])
  })

  it('concurrent misses of one key wait for one render', async () => {
    const { cache, log } = setUp()
    const page = deferred<{ answer: string; kept: string }>()
    const once = (name: string): PageTurn<string, string> => ({
      render: () => (log.push(`render ${name}`), page.promise),
      refresh: async () => undefined,
    })
    const found = [cache.get('a', once('1')), cache.get('a', once('2')), cache.get('a', once('3'))]
    page.resolve({ answer: 'answer A', kept: 'A' })
    expect(await Promise.all(found)).toEqual([
      { kept: 'A', status: 'MISS' },
      { kept: 'A', status: 'HIT' },
      { kept: 'A', status: 'HIT' },
    ])
    expect(log).toEqual(['render 1'])
  })

  it('is fresh for the TTL, then served stale while one refresh runs, then the fresh page', async () => {
    const { clock, cache, log, turn } = setUp()
    await cache.get('a', turn('A'))
    clock.now = 1100
    expect(await cache.get('a', turn('A'))).toEqual({ kept: 'A', status: 'HIT' })
    clock.now = 1101
    expect(await cache.get('a', turn('A'))).toEqual({ kept: 'A', status: 'STALE' })
    expect(await cache.get('a', turn('A'))).toEqual({ kept: 'A', status: 'STALE' })
    await backgroundDone()
    expect(log).toEqual(['render A', 'refresh A'])
    expect(await cache.get('a', turn('A'))).toEqual({ kept: "A'", status: 'HIT' })
  })

  it('drops a page stale for longer than staleMs: the next visitor renders it', async () => {
    const { clock, cache, log, turn } = setUp()
    await cache.get('a', turn('A'))
    clock.now = 2099
    expect(await cache.get('a', turn('B', { fresh: () => new Promise(() => {}) }))).toEqual({ kept: 'A', status: 'STALE' })
    clock.now = 2100
    expect(await cache.get('a', turn('C'))).toEqual({ kept: 'C', status: 'MISS' })
    expect(log).toEqual(['render A', 'render C'])
  })

  it('keeps at most maxEntries and drops the least recently used first', async () => {
    const { cache, log, turn } = setUp()
    for (const key of ['a', 'b', 'c']) await cache.get(key, turn(key))
    expect((await cache.get('a', turn('a'))).status).toBe('HIT') // a becomes the most recently used
    await cache.get('d', turn('d'))
    expect(cache.size).toBe(3)
    expect(await cache.get('b', turn('b2'))).toEqual({ kept: 'b2', status: 'MISS' })
    expect((await cache.get('a', turn('a'))).status).toBe('HIT')
    expect(log).toEqual(['render a', 'render b', 'render c', 'render d', 'render b2'])
  })

  it('keeps the bytes under maxBytes and keeps no page larger than the whole cache', async () => {
    const { cache, log, turn } = setUp()
    await cache.get('a', turn('a'.repeat(600)))
    await cache.get('b', turn('b'.repeat(600)))
    expect(cache.bytes).toBe(600)
    expect((await cache.get('b', turn('b'))).status).toBe('HIT')
    expect(await cache.get('a', turn('a'))).toEqual({ kept: 'a', status: 'MISS' })
    expect(cache.bytes).toBe(601)
    const huge = 'h'.repeat(1001)
    expect(await cache.get('huge', turn(huge))).toEqual({ kept: huge, status: 'MISS' })
    expect(await cache.get('huge', turn(huge))).toEqual({ kept: huge, status: 'MISS' })
    expect(cache.bytes).toBe(601)
    expect(log).toHaveLength(5)
  })

  it('a page not to keep is answered to its visitor; the visitors who waited render their own', async () => {
    const { cache, log, turn } = setUp()
    const found = [cache.get('a', turn('A', { kept: undefined })), cache.get('a', turn('B'))]
    expect(await Promise.all(found)).toEqual([
      { answer: 'answer A', status: 'MISS' },
      { kept: 'B', status: 'MISS' },
    ])
    expect(log).toEqual(['render A', 'render B'])
  })

  it('a failed render fails its visitor, keeps nothing, and the visitors who waited render their own', async () => {
    const { cache, log, turn } = setUp()
    const failing: PageTurn<string, string> = {
      render: async () => {
        log.push('render failed')
        throw new Error('backend down')
      },
      refresh: async () => undefined,
    }
    const found = [cache.get('a', failing), cache.get('a', turn('B'))]
    await expect(found[0]).rejects.toThrow('backend down')
    expect(await found[1]).toEqual({ kept: 'B', status: 'MISS' })
    expect(log).toEqual(['render failed', 'render B'])
  })

  it('a failed refresh drops the stale page, but a busy worker keeps serving it and tries again', async () => {
    const { clock, cache, log, turn } = setUp()
    await cache.get('a', turn('A'))
    await cache.get('b', turn('B'))
    clock.now = 1200
    const busy = turn('A', { fresh: async () => (log.push('refresh busy'), Promise.reject(new Busy())) })
    expect(await cache.get('a', busy)).toEqual({ kept: 'A', status: 'STALE' })
    const broken = turn('B', { fresh: async () => (log.push('refresh broken'), Promise.reject(new Error('render failed'))) })
    expect(await cache.get('b', broken)).toEqual({ kept: 'B', status: 'STALE' })
    await backgroundDone()
    expect(await cache.get('a', turn('A'))).toEqual({ kept: 'A', status: 'STALE' })
    expect(await cache.get('b', turn('B2'))).toEqual({ kept: 'B2', status: 'MISS' })
    await backgroundDone()
    expect(await cache.get('a', turn('A'))).toEqual({ kept: "A'", status: 'HIT' })
    expect(log).toEqual(['render A', 'render B', 'refresh busy', 'refresh broken', 'render B2', 'refresh A'])
  })

  it('a refresh that is no longer a page to keep (an error page, a redirect) drops the stale one', async () => {
    const { clock, cache, log, turn } = setUp()
    await cache.get('a', turn('A'))
    clock.now = 1200
    expect(await cache.get('a', turn('A', { fresh: async () => undefined }))).toEqual({ kept: 'A', status: 'STALE' })
    await backgroundDone()
    expect(await cache.get('a', turn('A2'))).toEqual({ kept: 'A2', status: 'MISS' })
    expect(log).toEqual(['render A', 'render A2'])
  })

  it('keys on build, scheme, host, path with its locale prefix, query and cookie-banner variant', () => {
    const base = { buildId: 'b1', protocol: 'http', host: 'localhost:3000', pathname: '/faq', search: '', consent: 'ask' }
    const key = pageCacheKey(base)
    expect(pageCacheKey({ ...base, host: 'LOCALHOST:3000' })).toBe(key)
    for (const other of [
      { buildId: 'b2' },
      { protocol: 'https' },
      { host: 'mirror.localhost:3000' },
      { pathname: '/en/faq' },
      { pathname: '/ru/faq' },
      { search: '?a=1' },
      { consent: 'ask-gpc' },
      { consent: 'analytics-chat' },
    ]) {
      expect(pageCacheKey({ ...base, ...other })).not.toBe(key)
    }
  })

  it('serves only guests GET/HEAD pages from the cache', () => {
    const ok = { method: 'GET', pathname: '/ru/faq', cookieHeader: 'i18n_redirected=ru; _ga=GA1.1.2' }
    expect(isCacheableRequest(ok)).toBe(true)
    expect(isCacheableRequest({ ...ok, method: 'HEAD' })).toBe(true)
    expect(isCacheableRequest({ ...ok, method: 'POST' })).toBe(false)
    expect(isCacheableRequest({ ...ok, cookieHeader: 'a=1; auth._token.local=Bearer%20x' })).toBe(false)
    expect(isCacheableRequest({ ...ok, pathname: '/_serverFn/abc' })).toBe(false)
    expect(isCacheableRequest({ ...ok, pathname: '/download' })).toBe(false)
    expect(isCacheableRequest({ ...ok, pathname: '/ru/download/' })).toBe(false)
  })

  it('stores only 200 HTML responses without cookies or private caching', () => {
    const html = (init: Record<string, string> = {}, status = 200) => ({
      status,
      headers: new Headers({ 'content-type': 'text/html; charset=utf-8', ...init }),
    })
    expect(isCacheableResponse(html())).toBe(true)
    expect(isCacheableResponse(html({}, 404))).toBe(false)
    expect(isCacheableResponse(html({}, 302))).toBe(false)
    expect(isCacheableResponse(html({ 'set-cookie': 'utm=x' }))).toBe(false)
    expect(isCacheableResponse(html({ 'cache-control': 'private, no-store' }))).toBe(false)
    expect(isCacheableResponse({ status: 200, headers: new Headers({ 'content-type': 'application/json' }) })).toBe(false)
  })
})

describe('issue 9: kept documents', () => {
  it('decision 084: a guest page is kept whole, the same page plain and gzip, its gzip made once', () => {
    const page = Buffer.from(`<html><body>${'Hallo, Welt! '.repeat(300)}<script>1</script></body></html>`)
    const kept = createCachedDocument(page, 'text/html; charset=utf-8')
    expect(kept.body.toString()).toBe(page.toString())
    expect(gunzipSync(kept.gzip).toString()).toBe(page.toString())
    expect(kept.gzip.length).toBeLessThan(page.length / 3)
    expect(kept.size).toBe(page.length + kept.gzip.length)
  })

  it('negotiates the encoding by quality, then the preference', () => {
    expect(negotiateEncoding(null, 'gzip')).toBe('identity')
    expect(negotiateEncoding('gzip, deflate, br, zstd', 'gzip')).toBe('gzip')
    expect(negotiateEncoding('gzip, deflate, br, zstd', 'br')).toBe('br')
    expect(negotiateEncoding('br', 'gzip')).toBe('br')
    expect(negotiateEncoding('gzip;q=0.5, br', 'gzip')).toBe('br')
    expect(negotiateEncoding('br;q=0, gzip;q=0', 'gzip')).toBe('identity')
    expect(negotiateEncoding('identity', 'gzip')).toBe('identity')
  })
})

describe("R10.14: the guest cache's limits, with its own numbers", () => {
  const MIB = 1024 * 1024
  /** A cache with the guest cache's limits, of pages that say their size. */
  function guestCache() {
    const clock = { now: 1000 }
    const cache = new PageCache<{ name: string; size: number }, string>({
      ...GUEST_PAGE_CACHE,
      ttlMs: 60_000,
      sizeOf: (page) => page.size,
      keepsStale: () => false,
      now: () => clock.now,
    })
    const keep = (name: string, size: number): PageTurn<{ name: string; size: number }, string> => ({
      render: async () => ({ answer: name, kept: { name, size } }),
      refresh: async () => ({ name: `${name}'`, size }),
    })
    return { cache, clock, keep }
  }

  it('holds 500 pages: the 501st sends the least recently used away', async () => {
    const { cache, keep } = guestCache()
    for (let i = 1; i <= 500; i++) await cache.get(`page-${i}`, keep(`${i}`, 1000))
    expect(cache.size).toBe(500)
    expect((await cache.get('page-1', keep('again', 1000))).status).toBe('HIT')
    await cache.get('page-501', keep('501', 1000))
    expect(cache.size).toBe(500)
    // page-1 was used last but one: page-2 is the one that went.
    expect((await cache.get('page-1', keep('again', 1000))).status).toBe('HIT')
    expect((await cache.get('page-2', keep('2 again', 1000))).status).toBe('MISS')
  })

  it('holds 64 MiB: a 65th page of 1 MiB sends the oldest away, and a page over 64 MiB is not kept', async () => {
    const { cache, keep } = guestCache()
    for (let i = 1; i <= 64; i++) await cache.get(`page-${i}`, keep(`${i}`, MIB))
    expect(cache.size).toBe(64)
    await cache.get('page-65', keep('65', MIB))
    expect(cache.size).toBe(64)
    expect((await cache.get('page-1', keep('1 again', MIB))).status).toBe('MISS')
    // The page over 64 MiB is answered to its visitor and rendered again for the next.
    expect((await cache.get('huge', keep('huge', 64 * MIB + 1))).status).toBe('MISS')
    expect((await cache.get('huge', keep('huge', 64 * MIB + 1))).status).toBe('MISS')
  })

  it('serves a stale page for 10 minutes past its fresh time, and not a moment longer', async () => {
    const { cache, clock, keep } = guestCache()
    await cache.get('a', keep('A', 1000))
    clock.now += 60_000 + 10 * 60_000 - 1
    expect((await cache.get('a', keep('A2', 1000))).status).toBe('STALE')
    const again = guestCache()
    await again.cache.get('a', again.keep('A', 1000))
    again.clock.now += 60_000 + 10 * 60_000 + 1
    expect((await again.cache.get('a', again.keep('A2', 1000))).status).toBe('MISS')
  })
})
