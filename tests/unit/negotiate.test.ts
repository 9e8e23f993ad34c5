import { describe, expect, it } from 'vitest'
import { acceptedLanguages, preferredEncoding } from '#app/core/negotiate.ts'
import { staticFileMiddleware } from '../../scripts/serve.mjs'

describe('Accept-Language', () => {
  it.each([
    ['ru;q=0.9, de;q=1', ['de', 'ru']],
    ['ru, de', ['ru', 'de']],
    ['de;q=0.5, ru;q=0.5, en;q=0.5', ['de', 'ru', 'en']],
    ['de-AT, en;q=0.8', ['de-AT', 'en']],
    ['fr-FR,fr;q=0.9,ru;q=0.5,de;q=0.7', ['fr-FR', 'fr', 'de', 'ru']],
    ['*', ['*']],
    ['ru;q=0, *;q=0.1', ['*']],
    ['ru; q=0.5, de', ['de', 'ru']],
    ['de;q=oops, ru', ['ru']],
    [' , ,ru', ['ru']],
    ['', []],
    [null, []],
    [undefined, []],
  ] as const)('%o → %o', (header, languages) => {
    expect(acceptedLanguages(header)).toEqual(languages)
  })
})

describe('Accept-Encoding', () => {
  it.each([
    ['br;q=0, gzip', ['br', 'gzip'], 'gzip'],
    ['gzip, deflate, br, zstd', ['br', 'gzip'], 'br'],
    ['gzip, deflate, br, zstd', ['gzip', 'br'], 'gzip'],
    ['gzip;q=0.5, br', ['gzip', 'br'], 'br'],
    ['gzip;q=1, br;q=0.5', ['br', 'gzip'], 'gzip'],
    ['*', ['br', 'gzip'], 'br'],
    ['*;q=0, gzip', ['br', 'gzip'], 'gzip'],
    ['gzip', ['br'], 'identity'],
    ['GZIP', ['br', 'gzip'], 'gzip'],
    ['identity', ['br', 'gzip'], 'identity'],
    ['br;q=0, gzip;q=0', ['br', 'gzip'], 'identity'],
    ['gzip;q=oops', ['br', 'gzip'], 'identity'],
    ['br', [], 'identity'],
    ['', ['br', 'gzip'], 'identity'],
    [null, ['br', 'gzip'], 'identity'],
  ] as const)('%o among %o → %s', (header, available, encoding) => {
    expect(preferredEncoding(header, available)).toBe(encoding)
  })
})

describe('the static files of scripts/serve.mjs', () => {
  const file = { body: Buffer.from('plain'), br: Buffer.from('b'), gzip: Buffer.from('gz'), type: 'text/plain', etag: '"e"', cacheControl: 'no-cache' }
  const serveFile = staticFileMiddleware(new Map([['/a.txt', file]]), preferredEncoding)
  const encodingOf = async (acceptEncoding: string | null) => {
    const headers: Record<string, string> = acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding }
    const response = (await serveFile(new Request('http://site.test/a.txt', { headers }), () => new Response(null, { status: 404 }))) as Response
    return [response.headers.get('content-encoding'), await response.text()]
  }
  it.each([
    ['gzip, deflate, br, zstd', ['br', 'b']],
    ['br;q=0, gzip', ['gzip', 'gz']],
    ['gzip;q=1, br;q=0.5', ['gzip', 'gz']],
    ['*', ['br', 'b']],
    ['identity', [null, 'plain']],
    [null, [null, 'plain']],
  ] as const)('%o → %o', async (acceptEncoding, expected) => {
    expect(await encodingOf(acceptEncoding)).toEqual(expected)
  })
})
