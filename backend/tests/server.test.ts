import { get } from 'node:http'
import { type AddressInfo, connect } from 'node:net'
import type { ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Backend, createBackend } from '../src/app.ts'
import { closeBackendServer, serveBackend } from '../src/server.ts'
import { captureLog, UUID } from './ops-helpers.ts'
import { type RawReply, rawRequest } from './raw-http.ts'

/**
 * Requests Node's own HTTP parser refuses never reach the app; fetch cannot even send most of them,
 * so they go over a raw TCP socket.
 */

let backend: Backend
let server: ServerType
let port = 0
const captured = captureLog('info')

beforeAll(async () => {
  backend = await createBackend({ env: { dataDir: 'memory://', mode: 'development' }, log: captured.log })
  server = serveBackend(backend, { port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  await backend?.close()
})

function expectJson(reply: RawReply, status: number, message: string, method: string | null = 'GET') {
  expect(reply.status).toBe(status)
  expect(reply.headers['content-type']).toBe('application/json; charset=utf-8')
  expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(reply.body))
  expect(reply.headers.connection).toBe('close')
  // Like every answer, with a request id, and an access line under that id (R10.16).
  expect(reply.headers['x-request-id']).toMatch(UUID)
  expect(JSON.parse(reply.body)).toEqual({ message })
  const lines = captured.lines.filter((line) => line.reqId === reply.headers['x-request-id'])
  expect(lines).toEqual([expect.objectContaining({ level: 'info', msg: 'request', method, route: '(none)', status, durationMs: 0, service: 'backend' })])
}

describe('requests refused by the HTTP parser answer JSON', () => {
  it('431 for a 20 KB query string', async () => {
    const reply = await rawRequest(port, `GET /en/users/auth?email=${'a'.repeat(20 * 1024)}@x.com HTTP/1.1\r\nHost: x\r\n\r\n`)
    expectJson(reply, 431, 'The request address or headers are too long.')
  })

  it('431 for a 20 KB header, in the language of the address', async () => {
    const reply = await rawRequest(port, `GET /ru/subscriptions HTTP/1.1\r\nHost: x\r\nX-Padding: ${'b'.repeat(20 * 1024)}\r\n\r\n`)
    expectJson(reply, 431, 'Слишком длинный адрес или заголовки запроса.')
  })

  it('400 for raw non-ASCII bytes in the request line', async () => {
    const reply = await rawRequest(port, Buffer.from('GET /de/users/auth?email=ü@x.com HTTP/1.1\r\nHost: x\r\n\r\n', 'utf8'))
    expectJson(reply, 400, 'Die Anfrage konnte nicht verstanden werden.')
  })

  it('400 for bytes that are not HTTP', async () => {
    expectJson(await rawRequest(port, 'HELLO THERE\r\n\r\n'), 400, 'The request could not be understood.', null)
  })

  it('each is counted as a request that reached no route: two 431s and a 400 of GET, a 400 of no method', async () => {
    const text = await backend.metrics.registry.metrics()
    expect(text).toContain('backend_http_requests_total{method="GET",route="(none)",status="431"} 2\n')
    expect(text).toContain('backend_http_requests_total{method="GET",route="(none)",status="400"} 1\n')
    expect(text).toContain('backend_http_requests_total{method="(unknown)",route="(none)",status="400"} 1\n')
  })

  it('still answers a normal request on the same server', async () => {
    const reply = await rawRequest(port, 'GET /en/subscriptions HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    expect(reply.status).toBe(200)
    expect(reply.headers['content-type']).toMatch(/^application\/json/)
  })
})

describe('R10.10: TRACE answers 405 everywhere, never 500', () => {
  it.each(['/', '/en/users/me', '/ru/subscriptions', '/notifications/cloudpayments/pay', '/sandbox/cloudpayments.js', '/no/such/path'])(
    'TRACE %s',
    async (path) => {
      const reply = await rawRequest(port, `TRACE ${path} HTTP/1.1\r\nHost: x\r\nCookie: secret=1\r\nAuthorization: Bearer abc\r\nConnection: close\r\n\r\n`)
      expect(reply.status).toBe(405)
      expect(reply.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS')
      expect(reply.headers['x-request-id']).toMatch(UUID)
      expect(reply.body).not.toContain('secret=1')
      expect(reply.body).not.toContain('Bearer abc')
    },
  )
  it('in the language of the address', async () => {
    const reply = await rawRequest(port, 'TRACE /de/users/me HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    expect(JSON.parse(reply.body)).toEqual({ message: 'Diese Methode ist hier nicht erlaubt.' })
  })
})

describe('R10.19: idle connections outlast their clients, and closing does not wait for them', () => {
  it('an answer offers its connection for reuse for 65 s, as Keep-Alive says', async () => {
    const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: '/en/subscriptions', agent: false, headers: { connection: 'keep-alive' } }, (response) => {
        response.resume()
        response.on('end', () => resolve(response.headers))
      }).on('error', reject)
    })
    expect(headers.connection).toBe('keep-alive')
    expect(headers['keep-alive']).toBe('timeout=65')
  })

  it('closing: an idle connection closes at once, an answer under way ends with Connection: close, then the server has closed', async () => {
    const own = await createBackend({ env: { dataDir: 'memory://', mode: 'development', logLevel: 'silent' } })
    const ownServer = serveBackend(own, { port: 0, hostname: '127.0.0.1' })
    await new Promise<void>((resolve) => (ownServer.listening ? resolve() : ownServer.once('listening', () => resolve())))
    const ownPort = (ownServer.address() as AddressInfo).port
    try {
      // An idle connection: one answer read, kept open.
      const idle = connect({ port: ownPort, host: '127.0.0.1' })
      const idleClosed = new Promise<void>((resolve) => idle.on('close', () => resolve()))
      const answered = new Promise<string>((resolve) => idle.once('data', (d: Buffer) => resolve(d.toString('latin1'))))
      idle.write('GET /en/subscriptions HTTP/1.1\r\nHost: x\r\n\r\n')
      expect(await answered).toMatch(/^HTTP\/1\.1 200 .*\r\nConnection: keep-alive\r\n/su)

      // A request under way: its body is half sent when the server starts closing.
      const body = '{"order_id":"x"}'
      const busy = connect({ port: ownPort, host: '127.0.0.1' })
      const chunks: Buffer[] = []
      busy.on('data', (d: Buffer) => chunks.push(d))
      const busyClosed = new Promise<void>((resolve) => busy.on('close', () => resolve()))
      busy.write(
        `POST /notifications/payselection HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      )
      // The request has reached the app (its head is parsed) before the server closes.
      await new Promise((resolve) => setTimeout(resolve, 200))

      const closed = new Promise<void>((resolve) => closeBackendServer(ownServer, resolve))
      await idleClosed
      busy.write(body.slice(5))
      await busyClosed
      await closed
      const answer = Buffer.concat(chunks).toString('latin1')
      // Refused (unsigned), but answered in full, and the connection closed with it.
      expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /u)
      expect(answer.toLowerCase()).toContain('\r\nconnection: close\r\n')
      expect(answer.toLowerCase()).not.toContain('keep-alive')
    } finally {
      await own.close()
    }
  })
})
