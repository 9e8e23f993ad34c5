/**
 * Issue 9: what a visitor reads when the backend fails. A failure without a message from the
 * backend (no answer, an HTML page, a body of the wrong shape) carries the fallback text; the
 * technical detail stays in `detail` and the log. A message from the backend is kept (R8).
 */
import { describe, expect, it } from 'vitest'
import { ApiError, createApi } from '#app/api/client.ts'

const FALLBACK = 'Something went wrong. Please try again in a moment.'

function api(respond: () => Response | Promise<Response>) {
  const logged: string[] = []
  const client = createApi({
    base: 'http://backend.test',
    locale: 'en',
    fetch: (async () => respond()) as typeof fetch,
    fallbackMessage: () => FALLBACK,
    log: (message) => logged.push(message),
  })
  return { client, logged }
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('issue 9: backend failures reach the visitor as a plain sentence', () => {
  it.each([
    ['no answer', () => Promise.reject(new TypeError('fetch failed')), 'network', null],
    ['an HTML page', () => new Response('<html><body>Bad gateway</body></html>', { status: 200, headers: { 'content-type': 'text/html' } }), 'shape', 500],
    ['a body of the wrong shape', () => Response.json({ subscriptions: { id: 1 } }), 'shape', 500],
    ['broken JSON', () => new Response('{"subscriptions": [', { headers: { 'content-type': 'application/json' } }), 'shape', 500],
    ['a 500 page', () => new Response('<html>Internal Server Error</html>', { status: 500, headers: { 'content-type': 'text/html' } }), 'http', 500],
    ['a 502 with a blank message', () => Response.json({ message: '  ' }, { status: 502 }), 'http', 502],
  ] as const)('%s', async (_, respond, kind, status) => {
    const { client, logged } = api(respond)
    const error = await failure(client.subscriptions())
    expect(error.kind).toBe(kind)
    expect(error.status).toBe(status)
    expect(error.message).toBe(FALLBACK)
    expect(error.detail).toMatch(/GET \/subscriptions/)
    expect(logged.join('\n')).toContain(error.detail)
  })

  it("keeps the backend's own message", async () => {
    const { client } = api(() => Response.json({ message: 'The plan list is being updated.' }, { status: 503 }))
    const error = await failure(client.subscriptions())
    expect(error.message).toBe('The plan list is being updated.')
    expect(error.serverMessage).toBe('The plan list is being updated.')
  })

  it('without a fallback the message is the technical detail (server-side logs)', async () => {
    const client = createApi({ base: 'http://backend.test', locale: 'en', fetch: (async () => Response.json({ nope: 1 })) as typeof fetch, log: () => {} })
    const error = await failure(client.me())
    expect(error.message).toBe(error.detail)
    expect(error.message).toMatch(/unexpected shape/)
  })
})

describe('R10.8: a code in a call’s path never reaches a log', () => {
  const LINK = 'Gjfe9EOjfRS2zf18QKF0eXOTxDmSDq_zqLwlUHZ_u4k'
  it.each([
    ['a sign-in link', (c: ReturnType<typeof api>['client']) => c.signInByCode(LINK), 'GET /en/users/auth/{code}'],
    ['an e-mail confirmation', (c: ReturnType<typeof api>['client']) => c.confirmEmail(LINK), 'POST /en/users/email/{code}'],
    ['a referral link', (c: ReturnType<typeof api>['client']) => c.registerReferrer('FRIEND42'), 'GET /en/referrer/link/{code}'],
  ] as const)('%s that fails is logged by its pattern', async (_, call, line) => {
    for (const respond of [
      () => Response.json({ message: 'This code has expired.' }, { status: 410 }),
      () => Promise.reject(new TypeError(`fetch failed: http://backend.test/en/users/auth/${LINK}`)),
    ]) {
      const { client, logged } = api(respond)
      const error = await failure(call(client))
      expect(logged.join('\n')).toContain(line)
      expect(logged.join('\n')).not.toContain(LINK)
      expect(logged.join('\n')).not.toContain('FRIEND42')
      expect(error.detail).not.toContain(LINK)
    }
  })
})
