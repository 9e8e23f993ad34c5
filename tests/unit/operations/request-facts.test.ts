// Issue 40, R10.16: every request has an id, the trusted proxy's when it sent a well-formed one; logs and
// metrics name a request by its route's pattern, never by its path.
import { beforeAll, describe, expect, it } from 'vitest'
import { attachFacts, currentRequest, factsOf, idForAnswer, newRequestFacts, noteCache, noteQueueWait, requestIdFor } from '#app/core/request-facts.server.ts'
import { isTrustedProxy } from '#app/core/trusted-host.server.ts'
import { loadRoutePatterns, routePattern } from '#app/server/route-pattern.server.ts'
import { withinRequest } from '../support/request-scope.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('the request id', () => {
  it("is a trusted proxy's X-Request-Id when it is 1 to 128 letters, digits, dots, underscores, colons or dashes", () => {
    expect(requestIdFor('edge-1:abc_DEF.42', true)).toBe('edge-1:abc_DEF.42')
    expect(requestIdFor('a', true)).toBe('a')
    expect(requestIdFor('x'.repeat(128), true)).toBe('x'.repeat(128))
  })

  it('is a new one otherwise: from anyone else, too long, empty, or with other characters', () => {
    for (const [forwarded, trusted] of [
      ['edge-1', false],
      [null, true],
      ['x'.repeat(129), true],
      ['', true],
      ['two words', true],
      ['a\nb', true],
      ['<script>', true],
    ] as const) {
      expect(requestIdFor(forwarded, trusted)).toMatch(UUID)
    }
    expect(requestIdFor(null, false)).not.toBe(requestIdFor(null, false))
  })

  it('counts as a proxy only from a configured address, IPv4-mapped or not', () => {
    const proxies = new Set(['127.0.0.1', '10.0.0.5'])
    expect(isTrustedProxy('10.0.0.5', proxies)).toBe(true)
    expect(isTrustedProxy('::ffff:127.0.0.1', proxies)).toBe(true)
    expect(isTrustedProxy('10.0.0.6', proxies)).toBe(false)
    expect(isTrustedProxy(null, proxies)).toBe(false)
  })
})

describe("the request's facts", () => {
  it('are noted by the steps of the answer, inside the request they are attached to only', async () => {
    const facts = newRequestFacts('r-1')
    expect(facts).toEqual({ id: 'r-1', route: null, cache: null, queueMs: null, idInAnswer: false })
    const request = new Request('http://localhost/ru/faq')
    attachFacts(request, facts)
    expect(factsOf(request)).toBe(facts)
    await withinRequest(request, async () => {
      await Promise.resolve()
      expect(currentRequest()).toBe(facts)
      noteCache('STALE')
      noteQueueWait(12.345)
      noteQueueWait(99)
    })
    expect(facts).toEqual({ id: 'r-1', route: null, cache: 'STALE', queueMs: 12.3, idInAnswer: false })
    // Another request, and no request at all, have none.
    await withinRequest(new Request('http://localhost/ru/faq'), () => {
      expect(currentRequest()).toBeUndefined()
      noteCache('HIT')
      noteQueueWait(1)
    })
    expect(currentRequest()).toBeUndefined()
    noteCache('MISS')
    expect(facts).toEqual({ id: 'r-1', route: null, cache: 'STALE', queueMs: 12.3, idInAnswer: false })
  })
})

describe('the id an answer carries', () => {
  it("is its request's, noted as given so that the server does not add it again; a request without facts has none", () => {
    const facts = newRequestFacts('r-2')
    const request = new Request('http://localhost/en/faq')
    attachFacts(request, facts)
    expect(idForAnswer(request)).toBe('r-2')
    expect(facts.idInAnswer).toBe(true)
    const other = newRequestFacts('r-3')
    attachFacts(new Request('http://localhost/en/faq'), other)
    expect(idForAnswer(new Request('http://localhost/en/faq'))).toBeNull()
    expect(other.idInAnswer).toBe(false)
  })
})

describe('the route pattern, before the server has loaded the router', () => {
  it('is (none) for a page and the fixed name of a file the server answers itself', () => {
    expect(routePattern('/ru/faq')).toBe('(none)')
    expect(routePattern('/robots.txt')).toBe('/robots.txt')
  })
})

describe('the route pattern', () => {
  beforeAll(loadRoutePatterns)

  it.each([
    ['/', '/'],
    ['/en', '/'],
    ['/ru/faq', '/faq'],
    ['/faq', '/faq'],
    ['/de/premium', '/premium'],
    ['/ru/login/9f3a77c1d2', '/login/$code'],
    ['/login', '/login/'],
    ['/en/confirm-email/secret-code', '/confirm-email/{-$code}'],
    ['/join/REF123', '/join/{-$code}'],
    ['/en/account/receipts/pay_123', '/account/receipts/$id'],
    ['/forms/sign-in', '/forms/$form'],
    ['/download', '/download'],
    ['/robots.txt', '/robots.txt'],
    ['/sitemap.xml', '/sitemap.xml'],
    ['/favicon.ico', '/favicon.ico'],
    ['/manifest.webmanifest', '/manifest.webmanifest'],
    ['/_app/prefetch-map.json', '/_app/prefetch-map.json'],
    ['/__errors', '/__errors'],
    ['/no/such/page', '(none)'],
  ])('of %s is %s', (path, pattern) => {
    expect(routePattern(path)).toBe(pattern)
  })
})
