// Issue 40: the server's calls to the backend are counted by endpoint pattern (no code, no id) and
// failure kind, carry the request's id, and their failures are logged without the backend's body.
import { describe, expect, it } from 'vitest'
import { createApi, endpointOf } from '#app/api/client.ts'
import { backendCallOptions, type Logger, setProcessLogger } from '#app/core/log.server.ts'
import { attachFacts, newRequestFacts } from '#app/core/request-facts.server.ts'
import { withinRequest } from '../support/request-scope.ts'

describe('the endpoint pattern', () => {
  it.each([
    ['/users/auth/9f3a77c1d2', '/users/auth/{code}'],
    ['/users/email/ABCDEF', '/users/email/{code}'],
    ['/referrer/link/REF1', '/referrer/link/{code}'],
    ['/payments/pay_42', '/payments/{id}'],
    ['/payments/pay_42/receipt', '/payments/{id}/receipt'],
    ['/payments/card', '/payments/card'],
    ['/payments', '/payments'],
    ['/subscriptions?country_group_id=2', '/subscriptions'],
    ['/users/me', '/users/me'],
  ])('of %s is %s', (path, endpoint) => {
    expect(endpointOf(path)).toBe(endpoint)
  })
})

function answering(status: number, body: unknown): typeof fetch {
  return (async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) as typeof fetch
}

describe('a call observed', () => {
  it('is told once per call with its method, endpoint and failure kind', async () => {
    const seen: { method: string; endpoint: string; failure: string | null; seconds: number }[] = []
    const observe = (call: (typeof seen)[number]) => void seen.push(call)
    const ok = createApi({ base: 'http://backend', locale: 'en', fetch: answering(200, { id: 1, email: 'a@b.c' }), observe, log: () => {} })
    await ok.signInByCode('CODE123').catch(() => {})
    const refused = createApi({ base: 'http://backend', locale: 'ru', fetch: answering(403, { message: 'no' }), observe, log: () => {} })
    await expect(refused.payment('pay_9')).rejects.toThrow()
    const broken = createApi({
      base: 'http://backend',
      locale: 'de',
      fetch: (async () => Promise.reject(new TypeError('fetch failed'))) as typeof fetch,
      observe,
      log: () => {},
    })
    await expect(broken.me()).rejects.toThrow()
    expect(seen.map(({ method, endpoint, failure }) => ({ method, endpoint, failure }))).toEqual([
      { method: 'GET', endpoint: '/users/auth/{code}', failure: 'shape' },
      { method: 'GET', endpoint: '/payments/{id}', failure: 'http' },
      { method: 'GET', endpoint: '/users/me', failure: 'network' },
    ])
    for (const call of seen) expect(call.seconds).toBeGreaterThanOrEqual(0)
  })
})

describe("the server's call options", () => {
  it("carry the request's id, and log a failure by kind and status on the request's logger, without the backend's body", async () => {
    const lines: { level: string; fields: Record<string, unknown>; message: string }[] = []
    const logger = (bindings: Record<string, unknown>): Logger => ({
      error: (fields, message) => void lines.push({ level: 'error', fields: { ...bindings, ...fields }, message }),
      warn: (fields, message) => void lines.push({ level: 'warn', fields: { ...bindings, ...fields }, message }),
      info: () => {},
      debug: () => {},
      child: (more) => logger({ ...bindings, ...more }),
    })
    setProcessLogger(logger({}))
    expect(backendCallOptions().headers).toEqual({})
    const request = new Request('http://localhost/en/account')
    attachFacts(request, newRequestFacts('req-77'))
    await withinRequest(request, async () => {
      const options = backendCallOptions()
      expect(options.headers).toEqual({ 'x-request-id': 'req-77' })
      let sent: Headers | null = null
      const api = createApi({
        base: 'http://backend',
        locale: 'en',
        ...options,
        fetch: (async (input: RequestInfo, init?: RequestInit) => {
          sent = new Headers(init?.headers ?? (input as Request).headers)
          return new Response(JSON.stringify({ access_token: 'TOKEN-SHOULD-NOT-BE-LOGGED' }), { status: 500, headers: { 'content-type': 'application/json' } })
        }) as typeof fetch,
      })
      await expect(api.signInByCode('SECRETCODE')).rejects.toThrow()
      expect(sent!.get('x-request-id')).toBe('req-77')
    })
    expect(lines).toHaveLength(1)
    expect(lines[0]!.level).toBe('error')
    expect(lines[0]!.fields).toEqual({ reqId: 'req-77', backend: { kind: 'http', status: 500 } })
    expect(JSON.stringify(lines)).not.toContain('TOKEN-SHOULD-NOT-BE-LOGGED')
    expect(JSON.stringify(lines)).not.toContain('SECRETCODE')
  })
})
