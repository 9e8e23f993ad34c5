/** Decisions 022 and 024: the idle prefetch map and the API client loaded with its first call. */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import type { Api } from '#app/api/client.ts'
import { lazyApi } from '#app/api/lazy.ts'
import { chunksToPrefetch, prefetchMapFromManifest, readPrefetchMap } from '#app/core/prefetch-map.ts'
import { readRouteDataChunks } from '#app/server/build.server.ts'

const MANIFEST = {
  routes: {
    __root__: { preloads: ['/assets/index-a.js', '/assets/react-b.js'] },
    '/': { preloads: ['/assets/routes-c.js', '/assets/react-b.js'] },
    '/faq': { preloads: [{ href: '/assets/faq-d.js' }, '/assets/text-e.js', '/assets/text-e.js'] },
    '/_guests': {},
    '/evil': { preloads: ['//cdn.example/x.js', 'https://cdn.example/y.js'] },
  },
}

describe('the prefetch map', () => {
  it("lists each route's own chunks, without the root's, once each, only on this site; the root's under its own id", () => {
    expect(prefetchMapFromManifest(MANIFEST)).toEqual({
      __root__: ['/assets/index-a.js', '/assets/react-b.js'],
      '/': ['/assets/routes-c.js'],
      '/faq': ['/assets/faq-d.js', '/assets/text-e.js'],
    })
  })
  it("adds to a route the code its loader calls the server with, found by the route's file; the root's chunks still left out", () => {
    const manifest = {
      routes: {
        __root__: { filePath: '/build/app/src/routes/__root.tsx', preloads: ['/assets/index-a.js'] },
        '/premium': { filePath: '/build/app/src/routes/premium.tsx', preloads: ['/assets/premium-g.js'] },
        '/_protected/account': { filePath: 'C:\\build\\app\\src\\routes\\_protected\\account.tsx', preloads: [] },
        '/faq': { filePath: '/build/app/src/routes/faq.tsx', preloads: ['/assets/faq-d.js'] },
      },
    }
    const data = {
      'src/routes/premium.tsx': ['/assets/plans.functions-h.js', '/assets/fetcher-i.js', '/assets/premium-g.js'],
      'src/routes/_protected/account.tsx': ['/assets/account.functions-j.js', '/assets/fetcher-i.js', '/assets/index-a.js'],
      // A longer name that merely ends like another route's file belongs to no route here.
      'src/routes/other-faq.tsx': ['/assets/other-k.js'],
    }
    expect(prefetchMapFromManifest(manifest, data)).toEqual({
      __root__: ['/assets/index-a.js'],
      '/premium': ['/assets/premium-g.js', '/assets/plans.functions-h.js', '/assets/fetcher-i.js'],
      '/_protected/account': ['/assets/account.functions-j.js', '/assets/fetcher-i.js'],
      '/faq': ['/assets/faq-d.js'],
    })
  })
  it("reads the build's route data chunks: none without the file, and a clear error naming it for a wrong shape", () => {
    const dir = mkdtempSync(join(tmpdir(), 'route-data-'))
    expect(readRouteDataChunks(pathToFileURL(join(dir, 'missing.json')))).toEqual({})
    const file = join(dir, 'route-data-chunks.json')
    writeFileSync(file, JSON.stringify({ 'src/routes/premium.tsx': ['/assets/plans.functions-h.js'] }))
    expect(readRouteDataChunks(pathToFileURL(file))).toEqual({ 'src/routes/premium.tsx': ['/assets/plans.functions-h.js'] })
    for (const bad of [{ 'src/routes/premium.tsx': 'x.js' }, { 'src/routes/premium.tsx': ['https://cdn.example/x.js'] }, ['x']]) {
      writeFileSync(file, JSON.stringify(bad))
      expect(() => readRouteDataChunks(pathToFileURL(file))).toThrow(/route-data-chunks\.json/)
    }
  })
  it('reads only maps of same-site script paths', () => {
    expect(readPrefetchMap({ '/faq': ['/assets/faq-d.js'] })).toEqual({ '/faq': ['/assets/faq-d.js'] })
    for (const bad of [
      null,
      [],
      'x',
      { '/faq': '/assets/faq-d.js' },
      { '/faq': ['https://evil.example/x.js'] },
      { '/faq': ['/assets/../x.js'] },
      { '/faq': [1] },
    ]) {
      expect(readPrefetchMap(bad)).toBeNull()
    }
  })
  it('picks the chunks of the matched routes not yet requested', () => {
    const map = { '/': ['/assets/routes-c.js'], '/faq': ['/assets/faq-d.js', '/assets/text-e.js'], '/wiki': ['/assets/text-e.js', '/assets/wiki-f.js'] }
    expect(chunksToPrefetch(map, ['__root__', '/faq', '/wiki'], new Set(['/assets/faq-d.js']))).toEqual(['/assets/text-e.js', '/assets/wiki-f.js'])
    expect(chunksToPrefetch(map, ['/unknown'], new Set())).toEqual([])
  })
})

describe('the lazily loaded API client', () => {
  it('loads the client with the first call, once, and forwards every call with its arguments', async () => {
    const me = vi.fn(async () => ({ id: 7 }))
    const subscriptions = vi.fn(async (query: unknown) => ({ query }))
    const createApi = vi.fn(() => ({ locale: 'de', me, subscriptions }) as unknown as Api)
    const load = vi.fn(async () => ({ createApi }) as never)
    const api = lazyApi({ base: 'http://api', locale: 'de' }, load)
    expect(api.locale).toBe('de')
    expect(load).not.toHaveBeenCalled()
    await expect(api.me()).resolves.toEqual({ id: 7 })
    await expect(api.subscriptions({ country_group_id: 2 })).resolves.toEqual({ query: { country_group_id: 2 } })
    expect(load).toHaveBeenCalledTimes(1)
    expect(createApi).toHaveBeenCalledWith({ base: 'http://api', locale: 'de' })
    expect(subscriptions).toHaveBeenCalledWith({ country_group_id: 2 })
  })
  it('has every call of the real client', async () => {
    const { createApi } = await import('#app/api/client.ts')
    const real = Object.keys(createApi({ base: 'http://api', locale: 'en' })).sort()
    expect(Object.keys(lazyApi({ base: 'http://api', locale: 'en' })).sort()).toEqual(real)
  })
  it('a failed load fails the call, and the next call tries again', async () => {
    const me = vi.fn(async () => ({ id: 1 }))
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ createApi: () => ({ locale: 'en', me }) })
    const api = lazyApi({ base: 'http://api', locale: 'en' }, load)
    await expect(api.me()).rejects.toThrow('dynamically imported')
    await expect(api.me()).resolves.toEqual({ id: 1 })
  })
})
