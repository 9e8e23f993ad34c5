import { describe, expect, it } from 'vitest'
import { withoutTrailingSlash } from '#app/core/paths.ts'
import { canPrefetch, isChunkLoadError, prefetchableHref, shouldReloadForChunkError } from '#app/site/navigation.ts'
import { isSafeRedirect, safeRedirect } from '#machines/rules/redirect.ts'

describe('R9: prefetch when idle', () => {
  it('online on a fast connection', () => {
    expect(canPrefetch({ onLine: true, connection: { effectiveType: '4g' } })).toBe(true)
    expect(canPrefetch({ onLine: true })).toBe(true)
  })
  it.each([
    [{ onLine: false }],
    [{ onLine: true, connection: { saveData: true, effectiveType: '4g' } }],
    [{ onLine: true, connection: { effectiveType: '2g' } }],
    [{ onLine: true, connection: { effectiveType: 'slow-2g' } }],
  ])('not %j', (nav) => {
    expect(canPrefetch(nav)).toBe(false)
  })
  it('only same-origin page links, never the download redirect', () => {
    expect(prefetchableHref('/ru/faq', 'http://a')).toBe('/ru/faq')
    expect(prefetchableHref('http://other/x', 'http://a')).toBeNull()
    expect(prefetchableHref('/de/download', 'http://a')).toBeNull()
  })
})

describe('R2: a failed chunk load reloads the page once', () => {
  it('recognises chunk errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/faq-x.js'))).toBe(true)
    expect(isChunkLoadError(new Error('boom'))).toBe(false)
  })
  it('reloads once, not in a loop', () => {
    expect(shouldReloadForChunkError(null, 1_000_000)).toBe(true)
    expect(shouldReloadForChunkError(1_000_000 - 5_000, 1_000_000)).toBe(false)
    expect(shouldReloadForChunkError(1_000_000 - 120_000, 1_000_000)).toBe(true)
    // A page that is itself a reload never reloads again for a missing chunk.
    expect(shouldReloadForChunkError(null, 1_000_000, true)).toBe(false)
  })
})

describe('R5: redirect targets', () => {
  it.each(['/', '/account', '/ru/premium?plan=3#plans', '/login/abc-123_~@%20x'])('keeps %s', (t) => {
    expect(isSafeRedirect(t)).toBe(true)
  })
  it.each([
    '//evil.example',
    '//evil.example/path',
    '/\\evil.example',
    '/\\/evil',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'https://evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil',
    '/%5Cevil',
    '/%252F%252Fevil',
    '/..%2F..%2Fetc',
    '/../x',
    ' /account',
    'account',
    '',
    '/a b',
    '/x\n/y',
  ])('rejects %j', (t) => {
    expect(isSafeRedirect(t)).toBe(false)
    expect(safeRedirect(t)).toBe('/')
  })
})

describe('R2: a trailing slash is served in place', () => {
  it.each([
    ['/faq/', '/faq'],
    ['/ru/', '/ru'],
    ['/de/premium//', '/de/premium'],
    ['/join/FRIEND2024/', '/join/FRIEND2024'],
  ])('%s is the page %s', (path, page) => {
    expect(withoutTrailingSlash(path)).toBe(page)
  })
  it.each(['/', '/faq', '/ru/faq', '/_app/x/', '/assets/'])('%s is left alone', (path) => {
    expect(withoutTrailingSlash(path)).toBeNull()
  })
})
