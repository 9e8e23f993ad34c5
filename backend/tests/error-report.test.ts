// R10.15: the stand-in backend's uncaught errors posted to ERROR_REPORT_URL, 10 per 60 s.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Backend, createBackend } from '../src/app.ts'
import { openPglite } from '../src/db.ts'
import { ErrorReporter, processErrorHandlers } from '../src/error-report.ts'
import { breakableDb, captureLog, freePort, startBackendProcess, UUID } from './ops-helpers.ts'

/**
 * Uncaught errors go to ERROR_REPORT_URL as JSON, fire-and-forget, at most 10 in any 60 s per process;
 * the rest are counted and dropped, with one warn line when dropping starts.
 */

interface Received {
  headers: IncomingMessage['headers']
  body: Record<string, unknown>
}

let receiver: Server
let receiverUrl = ''
const received: Received[] = []
/** Requests the receiver holds without answering (a receiver that hangs). */
let hangFrom = Number.POSITIVE_INFINITY

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let text = ''
    req.on('data', (d) => (text += d))
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(text) })
      if (received.length >= hangFrom) return
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/reports?key=k1`
})
afterAll(async () => {
  receiver.closeAllConnections()
  await new Promise((resolve) => receiver.close(resolve))
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until the receiver got n reports (or 5 s passed), then a little longer for any extra one. */
async function receivedAtLeast(n: number) {
  const until = Date.now() + 5000
  while (received.length < n && Date.now() < until) await sleep(20)
  await sleep(300)
}

describe('reports of uncaught errors in request handlers', () => {
  let backend: Backend
  let broken: ReturnType<typeof breakableDb>
  const captured = captureLog('info')

  beforeAll(async () => {
    broken = breakableDb(await openPglite('memory://'))
    backend = await createBackend({
      db: broken.db,
      env: { mode: 'development', errorReportUrl: receiverUrl, buildId: 'build-2026.11.27-a1b2c3' },
      log: captured.log,
    })
  })
  afterAll(async () => {
    await backend?.close()
  })

  it('POSTs each 500 as JSON with its request id, release and route; the 11th in a minute is dropped', async () => {
    received.length = 0
    broken.breakOn(/subscriptions/)
    const ids: string[] = []
    try {
      for (let i = 0; i < 12; i++) {
        const res = await backend.app.request('/ru/subscriptions')
        expect(res.status).toBe(500)
        ids.push(res.headers.get('x-request-id')!)
      }
    } finally {
      broken.breakOn(null)
    }
    await receivedAtLeast(10)
    expect(received).toHaveLength(10)
    const first = received[0]!
    expect(first.headers['content-type']).toBe('application/json')
    expect(Object.keys(first.body).sort()).toEqual(['message', 'release', 'requestId', 'route', 'service', 'stack', 'time'])
    expect(first.body).toMatchObject({
      service: 'backend',
      message: 'the database fell over',
      release: 'build-2026.11.27-a1b2c3',
      route: '/:locale/subscriptions',
    })
    expect(String(first.body.stack)).toMatch(/^Error: the database fell over\n\s+at /)
    expect(Math.abs(Date.parse(String(first.body.time)) - Date.now())).toBeLessThan(30_000)
    // Fire-and-forget: they may arrive in any order.
    expect(received.map((r) => r.body.requestId).sort()).toEqual(ids.slice(0, 10).sort())
    for (const id of ids) expect(id).toMatch(UUID)
    expect(backend.reporter.dropped).toBe(2)
    // One warn line when dropping started, not one per dropped report.
    const warns = captured.lines.filter((l) => l.level === 'warn')
    expect(warns).toHaveLength(1)
    expect(warns[0]!.msg).toContain('dropping')
    // The reports' receiver is named nowhere in the log (its URL may carry a key).
    expect(captured.text()).not.toContain('key=k1')
  })

  it('sends nothing for answers that are not crashes (404, 422, 401)', async () => {
    received.length = 0
    const other = await createBackend({
      db: await openPglite('memory://'),
      env: { mode: 'development', errorReportUrl: receiverUrl },
      log: captureLog('silent').log,
    })
    try {
      expect((await other.app.request('/en/no/such/thing')).status).toBe(404)
      expect((await other.app.request('/en/users/auth?email=not-an-address')).status).toBe(422)
      expect((await other.app.request('/en/users/me')).status).toBe(401)
      await sleep(300)
      expect(received).toHaveLength(0)
    } finally {
      await other.close()
    }
  })
})

describe('the limit: 10 reports in any 60 s', () => {
  it('sends again once the oldest report of the window is 60 s old; release null without BUILD_ID', async () => {
    received.length = 0
    let now = Date.parse('2026-11-27T10:00:00.000Z')
    const reporter = new ErrorReporter(receiverUrl, null, captureLog('silent').log, () => now)
    const sent: boolean[] = []
    for (let i = 0; i < 10; i++) sent.push(await reporter.report(new Error(`failure ${i}`)))
    now += 59_999
    sent.push(await reporter.report(new Error('failure 10')))
    now += 1
    sent.push(await reporter.report(new Error('failure 11')))
    expect(sent).toEqual([true, true, true, true, true, true, true, true, true, true, false, true])
    expect(reporter.dropped).toBe(1)
    await receivedAtLeast(11)
    expect(received.map((r) => r.body.message).sort()).toEqual([
      'failure 0',
      'failure 1',
      'failure 11',
      'failure 2',
      'failure 3',
      'failure 4',
      'failure 5',
      'failure 6',
      'failure 7',
      'failure 8',
      'failure 9',
    ])
    expect(received.find((r) => r.body.message === 'failure 0')!.body).toMatchObject({
      release: null,
      route: null,
      requestId: null,
      time: '2026-11-27T10:00:00.000Z',
    })
  })

  it('sends nothing without ERROR_REPORT_URL', async () => {
    received.length = 0
    const reporter = new ErrorReporter(null, 'b1', captureLog('silent').log)
    expect(await reporter.report(new Error('nowhere'))).toBe(false)
    await sleep(200)
    expect(received).toHaveLength(0)
  })

  it('gives up on a receiver that does not answer after 2 s', async () => {
    received.length = 0
    hangFrom = 1
    try {
      const reporter = new ErrorReporter(receiverUrl, null, captureLog('silent').log)
      const started = Date.now()
      expect(await reporter.report(new Error('slow receiver'))).toBe(true)
      const took = Date.now() - started
      expect(took).toBeGreaterThanOrEqual(1900)
      expect(took).toBeLessThan(3500)
      expect(received).toHaveLength(1)
    } finally {
      hangFrom = Number.POSITIVE_INFINITY
      receiver.closeAllConnections()
    }
  })
})

describe('errors of the process itself', () => {
  it('reports an unhandled rejection and keeps running; an uncaught exception is reported, then the process exits 1', async () => {
    received.length = 0
    const captured = captureLog('info')
    const reporter = new ErrorReporter(receiverUrl, 'build-9', captured.log)
    const exits: number[] = []
    const handlers = processErrorHandlers(reporter, captured.log, (code) => exits.push(code))
    handlers.unhandledRejection(new Error('a promise nobody awaited'))
    handlers.unhandledRejection('a plain string')
    await receivedAtLeast(2)
    expect(exits).toEqual([])
    handlers.uncaughtException(new TypeError('undefined is not a function'))
    const until = Date.now() + 5000
    while (exits.length === 0 && Date.now() < until) await sleep(20)
    expect(exits).toEqual([1])
    expect(received.map((r) => [r.body.message, r.body.release, r.body.route, r.body.requestId]).sort()).toEqual([
      ['a plain string', 'build-9', null, null],
      ['a promise nobody awaited', 'build-9', null, null],
      ['undefined is not a function', 'build-9', null, null],
    ])
    expect(received.find((r) => r.body.message === 'a plain string')!.body.stack).toBeNull()
    expect(captured.lines.map((l) => [l.level, l.err?.message])).toEqual([
      ['error', 'a promise nobody awaited'],
      ['error', undefined],
      ['fatal', 'undefined is not a function'],
    ])
    expect(captured.lines[2]!.err.type).toBe('TypeError')
  })
})

describe('the backend process as it is started', () => {
  it('an exception nothing caught, thrown inside the running backend: a fatal line with its stack, the report, then exit code 1', async () => {
    received.length = 0
    const port = await freePort()
    // The backend as `npm run backend` starts it; a preload makes it throw, outside any request,
    // when the test sends SIGUSR2 (no route of the backend can be made to do that).
    const crashOnSignal = 'data:text/javascript,process.on("SIGUSR2",()=>setImmediate(()=>{throw new RangeError("thrown by the test")}))'
    const backend = await startBackendProcess(
      { BACKEND_PORT: String(port), BUILD_ID: 'build-crash', ERROR_REPORT_URL: receiverUrl },
      { imports: [crashOnSignal] },
    )
    // It serves until then.
    expect((await fetch(`http://127.0.0.1:${port}/__health`)).status).toBe(200)
    backend.child.kill('SIGUSR2')
    expect(await backend.exited).toBe(1)
    expect(received.map((r) => [r.body.message, r.body.release, r.body.route, r.body.requestId])).toEqual([['thrown by the test', 'build-crash', null, null]])
    expect(received[0]!.body.stack).toContain('RangeError: thrown by the test')
    const fatal = backend
      .stderr()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line))
      .filter((line) => line.level === 'fatal')
    expect(fatal).toHaveLength(1)
    expect(fatal[0]).toMatchObject({ service: 'backend', msg: 'uncaught exception: exiting', err: { type: 'RangeError', message: 'thrown by the test' } })
    expect(fatal[0].err.stack).toContain('RangeError: thrown by the test')
  }, 60_000)
})
