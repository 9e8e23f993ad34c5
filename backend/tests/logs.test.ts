// R10.16, R10.8: the stand-in backend's request ids, access lines, and no secret in any line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../src/db.ts'
import { SITE_URL, startApi, type TestApi } from './helpers.ts'
import { breakableDb, captureLog, UUID } from './ops-helpers.ts'

/**
 * The backend's log: one JSON line per event, every line with its level as a label, an ISO time,
 * `service: "backend"` and `msg`; every request with an id (answered in X-Request-Id, written on every
 * line about it) and one access line naming its route pattern; and nothing secret in any line.
 */

const captured = captureLog('info')
let api: TestApi
let broken: ReturnType<typeof breakableDb>
const TRUSTED_PEER = { remoteAddress: '127.0.0.1' }
const OTHER_PEER = { remoteAddress: '203.0.113.9' }

beforeAll(async () => {
  broken = breakableDb(await openPglite('memory://'))
  api = await startApi(broken.db, { trustProxy: ['loopback'], sandboxNotifyDelayMs: 0 }, {}, { log: captured.log })
})
afterAll(async () => {
  await api?.backend.close()
})

/** A request as a socket's peer sends it (the peer decides whether X-Request-Id is believed). */
function send(path: string, init: RequestInit = {}, peer: { remoteAddress: string } = OTHER_PEER) {
  return api.backend.app.request(path, init, peer)
}

const accessLines = () => captured.lines.filter((l) => l.msg === 'request')
const lineOf = (reqId: string | null) => accessLines().find((l) => l.reqId === reqId)

describe('request ids', () => {
  it('takes a well-formed X-Request-Id from a trusted proxy, and answers it', async () => {
    const res = await send('/en/subscriptions', { headers: { 'x-request-id': 'edge-7f3a.b:c_d-1' } }, TRUSTED_PEER)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-request-id')).toBe('edge-7f3a.b:c_d-1')
    expect(lineOf('edge-7f3a.b:c_d-1')).toMatchObject({ route: '/:locale/subscriptions', status: 200 })
    const longest = 'a'.repeat(128)
    expect((await send('/en/subscriptions', { headers: { 'x-request-id': longest } }, TRUSTED_PEER)).headers.get('x-request-id')).toBe(longest)
  })

  it.each([
    ['129 characters', 'a'.repeat(129)],
    ['a space', 'two words'],
    ['a slash', 'a/b'],
    ['a quote', 'a"b'],
    ['non-ASCII', 'zürich'],
  ])('makes a new id when a trusted proxy sends one with %s', async (_what, value) => {
    const res = await send('/en/subscriptions', { headers: { 'x-request-id': value } }, TRUSTED_PEER)
    expect(res.headers.get('x-request-id')).toMatch(UUID)
  })

  it('ignores X-Request-Id from a peer that is not a trusted proxy', async () => {
    const res = await send('/en/subscriptions', { headers: { 'x-request-id': 'forged-by-a-client' } })
    expect(res.headers.get('x-request-id')).toMatch(UUID)
    expect(lineOf('forged-by-a-client')).toBeUndefined()
    // Nor without a peer at all (a request handed to the app in-process).
    expect((await api.call('GET', '/en/subscriptions', { headers: { 'x-request-id': 'no-peer' } })).headers.get('x-request-id')).toMatch(UUID)
  })

  it('answers an id on every answer: 404, CORS preflights, errors, probes (405 and refused requests: server.test.ts)', async () => {
    const answers = [
      await send('/en/no/such/thing'),
      await send('/xx/users/me'),
      await send('/en/users/me', { method: 'OPTIONS', headers: { origin: SITE_URL, 'access-control-request-method': 'GET' } }),
      await send('/en/users/me', { method: 'OPTIONS', headers: { origin: 'http://evil.test', 'access-control-request-method': 'GET' } }),
      await send('/en/users/me'),
      await send('/__health'),
    ]
    expect(answers.map((r) => r.status)).toEqual([404, 404, 204, 403, 401, 200])
    const ids = answers.map((r) => r.headers.get('x-request-id'))
    for (const id of ids) expect(id).toMatch(UUID)
    expect(new Set(ids).size).toBe(6)
  })
})

describe('access lines', () => {
  it('one line per request: reqId, method, route pattern, status, durationMs', async () => {
    const res = await send('/ru/users/auth/Gjfe9EOjfRS2zf18QKF0eXOTxDmSDq_zqLwlUHZ_u4k')
    const line = lineOf(res.headers.get('x-request-id'))
    expect(line).toMatchObject({ level: 'info', service: 'backend', msg: 'request', method: 'GET', route: '/:locale/users/auth/:code', status: 404 })
    expect(typeof line!.durationMs).toBe('number')
    expect(line!.durationMs).toBeGreaterThanOrEqual(0)
    expect(Math.round(line!.durationMs * 10) / 10).toBe(line!.durationMs)
    expect(new Date(line!.time).toISOString()).toBe(line!.time)
    expect(Object.keys(line!).sort()).toEqual(['durationMs', 'level', 'method', 'msg', 'reqId', 'route', 'service', 'status', 'time'])
    expect(accessLines().filter((l) => l.reqId === line!.reqId)).toHaveLength(1)
  })

  it('names a request that matched no route "(none)"', async () => {
    const res = await send('/en/no/such/thing')
    expect(lineOf(res.headers.get('x-request-id'))).toMatchObject({ route: '(none)', status: 404, method: 'GET' })
  })

  it('names a request a middleware refused by the route it was for (a body over the limit: 413)', async () => {
    const res = await send('/en/payments', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(20_000) }),
    })
    expect(res.status).toBe(413)
    expect(lineOf(res.headers.get('x-request-id'))).toMatchObject({ method: 'POST', route: '/:locale/payments', status: 413 })
  })

  it('writes no info line for the health probes', async () => {
    const ids = [(await send('/__health')).headers.get('x-request-id'), (await send('/__ready')).headers.get('x-request-id')]
    expect(captured.lines.filter((l) => ids.includes(l.reqId))).toEqual([])
  })

  it('a 500: the access line is an error, and the error line has the err and the reqId, not the row', async () => {
    broken.breakOn(/subscriptions/)
    let res: Response
    try {
      res = await send('/de/subscriptions')
    } finally {
      broken.breakOn(null)
    }
    expect(res.status).toBe(500)
    const reqId = res.headers.get('x-request-id')
    expect(reqId).toMatch(UUID)
    const lines = captured.lines.filter((l) => l.reqId === reqId)
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['error', 'unexpected error'],
      ['error', 'request'],
    ])
    expect(lines[0]).toMatchObject({ route: '/:locale/subscriptions', err: { type: 'Error', message: 'the database fell over' } })
    expect(lines[0]!.err.stack).toContain('the database fell over')
    expect(lines[1]).toMatchObject({ route: '/:locale/subscriptions', status: 500 })
    expect(captured.text()).not.toContain('secret-row-value')
  })

  it('R10.8: the error line of a request with a code in its path names the route, not the code', async () => {
    const code = 'Zq3xW8vB2nM5kL7jH1gF4dS6aP9oI0uY2tR5eW8qZ1x'
    broken.breakOn(/auth_codes|code_attempts|password_attempts/)
    let res: Response
    try {
      res = await send(`/en/users/auth/${code}`)
    } finally {
      broken.breakOn(null)
    }
    expect(res.status).toBe(500)
    const lines = captured.lines.filter((l) => l.reqId === res.headers.get('x-request-id'))
    expect(lines.map((l) => l.route)).toEqual(['/:locale/users/auth/:code', '/:locale/users/auth/:code'])
    expect(captured.text()).not.toContain(code)
  })
})

describe('R10.8: no secret in any line', () => {
  it('keeps out tokens, sign-in codes and links, cookies, e-mail change codes and card details', async () => {
    const before = captured.text().length
    const email = api.email('secret')
    const cookie = 'session=cookie-value-9f8e7d6c5b4a'
    const withCookie = { cookie }
    // Sign-in by the 6-digit code, and by the link.
    const first = await api.requestCode(email)
    const verified = await api.call('PATCH', '/en/users/verify', { body: { email, code: first.code }, headers: withCookie })
    expect(verified.status).toBe(200)
    api.clock.advance(31_000)
    const second = await api.requestCode(email)
    const linkCode = second.link.split('/').at(-1)!
    const byLink = await api.call('GET', `/en/users/auth/${linkCode}`, { headers: withCookie })
    expect(byLink.status).toBe(200)
    const { token, refresh_token: refreshToken } = byLink.body
    expect((await api.call('POST', '/en/users/refresh', { body: { refresh_token: refreshToken } })).status).toBe(200)
    expect((await api.call('GET', '/en/users/me', { token, headers: withCookie })).status).toBe(200)
    // An e-mail change: its 6-digit code and its link's code.
    const newEmail = api.email('changed')
    expect((await api.call('PUT', '/en/users/email', { token, body: { email: newEmail } })).status).toBe(200)
    const change = (await api.call('GET', `/__dev/mail?to=${encodeURIComponent(newEmail)}`)).body[0]
    const changeLinkCode = String(change.link).split('/').at(-1)!
    expect((await api.call('POST', `/en/users/email/${changeLinkCode}`)).status).toBe(200)
    // A card payment through the sandbox provider, with the card's number, expiry and CVC.
    const pay = (await api.call('POST', '/en/payments', { token, body: { subscription_id: 3, service: 'cloudpayments' } })).body
    const charged = await api.call('POST', '/sandbox/provider/charge', {
      headers: { origin: 'http://localhost:3001', 'sec-fetch-site': 'same-origin' },
      body: {
        provider: 'cloudpayments',
        scheme: 'charge',
        invoiceId: String(pay.payment_id),
        accountId: String(pay.user_id),
        amount: pay.amount,
        currency: pay.currency,
        email: pay.email,
        widgetToken: pay.widget_token,
        card: { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '987' },
      },
    })
    expect(charged.body).toMatchObject({ success: true })
    await api.backend.sandbox.idle()

    const written = captured.text().slice(before)
    expect(written).toContain('"msg":"request"')
    const secrets = [first.code, linkCode, token, refreshToken, 'cookie-value-9f8e7d6c5b4a', change.code, changeLinkCode, pay.widget_token]
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(6)
      expect(written).not.toContain(secret)
    }
    for (const card of ['4242 4242 4242 4242', '4242424242424242', '12/39', '"987"']) expect(written).not.toContain(card)
    // Nor whom it was about: no addresses, no query strings, no headers.
    for (const text of [email, newEmail, encodeURIComponent(email), 'authorization', 'Bearer', '?email=']) expect(written).not.toContain(text)
  })
})

describe('every line', () => {
  it('is one JSON object with level (a label), an ISO time, service "backend" and msg', () => {
    expect(captured.lines.length).toBeGreaterThan(20)
    for (const line of captured.lines) {
      expect(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).toContain(line.level)
      expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
      expect(line.service).toBe('backend')
      expect(typeof line.msg).toBe('string')
    }
    expect(captured.text().endsWith('\n')).toBe(true)
    expect(captured.text().split('\n').filter(Boolean)).toHaveLength(captured.lines.length)
  })
})

describe('a header object logged by mistake', () => {
  it('has authorization, cookie and set-cookie cut, at the top and one level down; other fields stay', () => {
    const { log, lines } = captureLog('info')
    const err = Object.assign(new Error('refused'), { headers: { cookie: 'sv_session=err-cookie' } })
    log.warn(
      {
        reqId: 'r-1',
        headers: { authorization: 'Bearer top-token', cookie: 'sv_session=top-cookie', accept: 'text/html' },
        req: { method: 'GET', headers: { 'set-cookie': 'sv_refresh=nested-cookie', 'user-agent': 'probe' } },
        err,
      },
      'oops',
    )
    expect(lines[0]).toMatchObject({
      reqId: 'r-1',
      headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'text/html' },
      req: { method: 'GET', headers: { 'set-cookie': '[redacted]', 'user-agent': 'probe' } },
      err: { type: 'Error', message: 'refused' },
      msg: 'oops',
    })
    for (const secret of ['top-token', 'top-cookie', 'nested-cookie', 'err-cookie']) expect(JSON.stringify(lines[0])).not.toContain(secret)
  })

  it('leaves the caller’s object as it was', () => {
    const { log } = captureLog('info')
    const fields = { headers: { cookie: 'sv_session=mine' } }
    log.info(fields, 'line')
    expect(fields).toEqual({ headers: { cookie: 'sv_session=mine' } })
  })

  it('gives lines written in different milliseconds their own time', async () => {
    const { log, lines } = captureLog('info')
    log.info({}, 'first')
    await new Promise((resolve) => setTimeout(resolve, 5))
    log.info({}, 'second')
    expect(Date.parse(lines[1]!.time) - Date.parse(lines[0]!.time)).toBeGreaterThanOrEqual(4)
  })
})
