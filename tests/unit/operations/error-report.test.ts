// R10.15: uncaught errors are posted to ERROR_REPORT_URL as JSON, at most 10 per process per 60 s.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_BEACON_MAX_PER_PAGE, ERROR_BEACON_PATH, installErrorBeacon } from '#app/core/error-beacon.ts'
import { errorBeaconResponse } from '#app/server/error-beacon.server.ts'
import { ERROR_REPORT_WINDOW_MS, ERROR_REPORTS_PER_WINDOW, ReportWindow, reportServerError, sendErrorReport } from '#app/server/error-report.server.ts'

describe('the window of error reports', () => {
  it('is 10 reports per 60 s', () => {
    expect(ERROR_REPORTS_PER_WINDOW).toBe(10)
    expect(ERROR_REPORT_WINDOW_MS).toBe(60_000)
  })

  it('lets 10 pass, refuses and counts the 11th, and opens again 60 s after it began', () => {
    const window = new ReportWindow(10, 60_000)
    const t0 = 1_000_000
    for (let i = 0; i < 10; i++) expect(window.take(t0 + i * 1000)).toBe(true)
    expect(window.take(t0 + 10_000)).toBe(false)
    expect(window.take(t0 + 59_999)).toBe(false)
    expect(window.dropped).toBe(2)
    expect(window.take(t0 + 60_000)).toBe(true)
  })
})

describe('a report', () => {
  const received: { body: Record<string, unknown>; type: string | undefined }[] = []
  let url = ''
  const server = createServer((request: IncomingMessage, response) => {
    let text = ''
    request.on('data', (chunk) => (text += chunk))
    request.on('end', () => {
      received.push({ body: JSON.parse(text), type: request.headers['content-type'] })
      response.writeHead(204).end()
    })
  })
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('is posted as JSON with service, message, stack, request id, release, route and time; the 11th in the window is not', async () => {
    const window = new ReportWindow(10, 60_000)
    const now = Date.parse('2026-11-27T12:00:00.000Z')
    const error = new Error('render exploded')
    for (let i = 0; i < 11; i++) {
      const sent = reportServerError(error, { requestId: `req-${i}`, route: '/premium' }, { url, now: now + i, window })
      expect(sent).toBe(i < 10)
    }
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(10)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(received).toHaveLength(10)
    const first = received.find((r) => r.body.requestId === 'req-0')!
    expect(first.type).toBe('application/json')
    expect(Object.keys(first.body).sort()).toEqual(['message', 'release', 'requestId', 'route', 'service', 'stack', 'time'])
    expect(first.body).toMatchObject({
      service: 'site',
      message: 'render exploded',
      requestId: 'req-0',
      route: '/premium',
      release: 'dev',
      time: '2026-11-27T12:00:00.000Z',
    })
    expect(first.body.stack).toContain('Error: render exploded\n    at ')
    expect(received.map((r) => r.body.requestId)).not.toContain('req-10')
  })

  it("from the pages counts apart: 11 posted to /__errors send 10, and the server's own error still goes", async () => {
    received.length = 0
    const now = Date.parse('2026-11-27T13:00:00.000Z')
    for (let i = 0; i < 11; i++) {
      const beacon = new Request('http://localhost/__errors', {
        method: 'POST',
        body: JSON.stringify({ message: `made up ${i}`, stack: null, path: '/ru/login/SECRET' }),
      })
      expect((await errorBeaconResponse(beacon, { url, now: now + i })).status).toBe(204)
    }
    expect(reportServerError(new Error('a real one'), { requestId: 'req-real', route: '/faq' }, { url, now: now + 20 })).toBe(true)
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(11)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(received).toHaveLength(11)
    expect(received.filter((r) => r.body.service === 'browser')).toHaveLength(10)
    expect(received.find((r) => r.body.service === 'site')?.body).toMatchObject({ message: 'a real one', requestId: 'req-real', route: '/faq' })
    expect(received.map((r) => r.body.message)).not.toContain('made up 10')
    const answer = await errorBeaconResponse(new Request('http://localhost/__errors', { method: 'POST', body: 'not json' }), { url, now })
    expect(answer.status).toBe(400)
  })

  it('is not sent when no address is configured', () => {
    expect(
      sendErrorReport({ service: 'site', message: 'x', stack: null, requestId: null, route: null }, { url: null, window: new ReportWindow(10, 60_000) }),
    ).toBe(false)
  })
})

describe("the browser's beacon", () => {
  it('sends an uncaught error and a rejection to /__errors, at most 5 per page', async () => {
    const listeners: Record<string, (event: unknown) => void> = {}
    const beacons: { url: string; body: Record<string, unknown>; type: string }[] = []
    const pending: Promise<void>[] = []
    installErrorBeacon({
      addEventListener: ((name: string, listener: (event: unknown) => void) => {
        listeners[name] = listener
      }) as Window['addEventListener'],
      location: { pathname: '/ru/login/SECRET' },
      navigator: {
        sendBeacon: (url: string, data: Blob) => {
          pending.push(data.text().then((text) => void beacons.push({ url, body: JSON.parse(text), type: data.type })))
          return true
        },
      },
    })
    listeners.error!({ error: new RangeError('bad index'), message: 'Uncaught RangeError: bad index' })
    listeners.unhandledrejection!({ reason: 'plain reason' })
    for (let i = 0; i < 6; i++) listeners.error!({ error: null, message: 'Script error.' })
    await Promise.all(pending)
    expect(ERROR_BEACON_PATH).toBe('/__errors')
    expect(ERROR_BEACON_MAX_PER_PAGE).toBe(5)
    expect(beacons).toHaveLength(5)
    expect(beacons[0]).toMatchObject({ url: '/__errors', type: 'application/json', body: { message: 'bad index', path: '/ru/login/SECRET' } })
    expect(beacons[0]!.body.stack).toContain('RangeError: bad index')
    expect(beacons[1]!.body).toEqual({ message: 'plain reason', stack: null, path: '/ru/login/SECRET' })
    expect(beacons[2]!.body).toEqual({ message: 'Script error.', stack: null, path: '/ru/login/SECRET' })
  })
})
