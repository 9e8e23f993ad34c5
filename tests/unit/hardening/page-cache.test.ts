import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createCachedDocument, negotiateEncoding } from '#app/server/cached-document.server.ts'
import { isCacheableRequest, isCacheableResponse, PageCache, pageCacheKey } from '#app/server/page-cache.server.ts'

const options = { maxEntries: 3, maxBytes: 1000, ttlMs: 100, staleMs: 1000 }

describe('issue 9: guest page cache (LRU, TTL, stale-while-revalidate)', () => {
  it('keeps at most maxEntries and drops the least recently used first', () => {
    const cache = new PageCache<string>(options)
    cache.set('a', 'A', 1, 0)
    cache.set('b', 'B', 1, 0)
    cache.set('c', 'C', 1, 0)
    expect(cache.get('a', 1)?.value).toBe('A') // a becomes the most recently used
    cache.set('d', 'D', 1, 0)
    expect(cache.size).toBe(3)
    expect(cache.get('b', 1)).toBeUndefined()
    expect(cache.keys().sort()).toEqual(['a', 'c', 'd'])
  })

  it('keeps the bytes under maxBytes and refuses an entry larger than the whole cache', () => {
    const cache = new PageCache<string>(options)
    cache.set('a', 'A', 600, 0)
    cache.set('b', 'B', 600, 0)
    expect(cache.keys()).toEqual(['b'])
    expect(cache.bytes).toBe(600)
    cache.set('huge', 'H', 1001, 0)
    expect(cache.get('huge', 0)).toBeUndefined()
    expect(cache.bytes).toBe(600)
  })

  it('is fresh until the TTL, stale until TTL + staleMs, then gone', () => {
    const cache = new PageCache<string>(options)
    cache.set('a', 'A', 1, 1000)
    expect(cache.get('a', 1099)?.freshness).toBe('fresh')
    expect(cache.get('a', 1100)?.freshness).toBe('stale')
    expect(cache.get('a', 2099)?.freshness).toBe('stale')
    expect(cache.get('a', 2100)).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('lets one revalidation run per key at a time', () => {
    const cache = new PageCache<string>(options)
    expect(cache.beginRevalidation('a')).toBe(true)
    expect(cache.beginRevalidation('a')).toBe(false)
    expect(cache.beginRevalidation('b')).toBe(true)
    cache.endRevalidation('a')
    expect(cache.beginRevalidation('a')).toBe(true)
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
