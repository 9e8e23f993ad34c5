/** Decision 026: the build's chunk map per language, read by the server and the prefetch map. */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseLocaleAssets, readLocaleAssets } from '#app/core/locale-assets.server.ts'
import { localizePrefetchMap, readPrefetchMap } from '#app/core/prefetch-map.ts'

describe('the language chunk map', () => {
  it('accepts maps to language folders and refuses anything else with the file named', () => {
    expect(parseLocaleAssets({ ru: { '/assets/a-1.js': '/assets/ru/a-2.js' } })).toEqual({ ru: { '/assets/a-1.js': '/assets/ru/a-2.js' } })
    expect(() => parseLocaleAssets({ ru: { '/assets/a-1.js': 'https://cdn.example/a.js' } }, 'dist/client/locale-assets.json')).toThrow(/locale-assets\.json/)
    expect(() => parseLocaleAssets({ ru: ['x'] })).toThrow()
  })
  it('is empty without a file (development), and read from one in production', () => {
    const dir = mkdtempSync(join(tmpdir(), 'locale-assets-'))
    expect(readLocaleAssets(pathToFileURL(join(dir, 'missing.json')))).toEqual({})
    writeFileSync(join(dir, 'locale-assets.json'), JSON.stringify({ de: { '/assets/a-1.js': '/assets/de/a-3.js' } }))
    expect(readLocaleAssets(pathToFileURL(join(dir, 'locale-assets.json')))).toEqual({ de: { '/assets/a-1.js': '/assets/de/a-3.js' } })
  })
  it('the prefetch map follows the page language, and the browser accepts language folders', () => {
    const map = { '/faq': ['/assets/faq-1.js', '/assets/text-2.js'] }
    const localized = localizePrefetchMap(map, { '/assets/faq-1.js': '/assets/de/faq-9.js' })
    expect(localized).toEqual({ '/faq': ['/assets/de/faq-9.js', '/assets/text-2.js'] })
    expect(localizePrefetchMap(map, undefined)).toBe(map)
    expect(readPrefetchMap(localized)).toEqual(localized)
    expect(readPrefetchMap({ '/faq': ['/assets/../../x.js'] })).toBeNull()
  })
})
