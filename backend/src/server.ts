import { randomUUID } from 'node:crypto'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { type ServerType, serve } from '@hono/node-server'
import type { Backend } from './app.ts'
import { isLocale, type Locale, type MessageKey, t } from './i18n.ts'
import { NO_ROUTE, recordRequest } from './request-log.ts'

/** Node's parser errors that get their own status; every other one is a 400. */
const CLIENT_ERRORS: Record<string, [status: number, reason: string, key: MessageKey]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'request_header_too_large'],
}
const BAD_REQUEST: [number, string, MessageKey] = [400, 'Bad Request', 'bad_request']

/** The locale of the request line when the parser got that far (`GET /ru/...`), else English. */
function localeOfRaw(raw: Buffer | undefined): Locale {
  const first = raw?.toString('latin1', 0, 24).match(/^[A-Z]+ \/([a-z]{2})(?:[/?# ]|$)/)?.[1]
  return first && isLocale(first) ? first : 'en'
}

/** HTTP's methods: any other word is not named, so that a metric's labels stay few. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT'])

/** The method of the request line when the parser got that far and it is one of HTTP's, else null. */
function methodOfRaw(raw: Buffer | undefined): string | null {
  const word = raw?.toString('latin1', 0, 12).match(/^([A-Z]{1,10}) /)?.[1]
  return word && METHODS.has(word) ? word : null
}

/** What was answered to a refused request, for its access line. */
export interface Refused {
  reqId: string
  method: string | null
  status: number
}

/**
 * Answers a request Node's HTTP parser refused (headers or request line over the limit, bytes that
 * are not HTTP) the way the API answers everything else: JSON with a translated `message`. Node's
 * default answer has an empty body. The connection is closed afterwards, as Node does. Returns
 * what it answered, or null when the connection was gone or busy and is only closed.
 */
export function answerClientError(err: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex): Refused | null {
  const busy = (socket as Duplex & { _httpMessage?: unknown })._httpMessage
  if (err.code === 'ECONNRESET' || !socket.writable || busy) {
    socket.destroy()
    return null
  }
  const [status, reason, key] = (err.code && CLIENT_ERRORS[err.code]) || BAD_REQUEST
  const reqId = randomUUID()
  const body = JSON.stringify({ message: t(localeOfRaw(err.rawPacket), key) })
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      // Like every answer, with a request id (a new one: the request's own headers were not read).
      `X-Request-Id: ${reqId}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  )
  return { reqId, method: methodOfRaw(err.rawPacket), status }
}

/**
 * How long an idle connection stays open (R10.19): longer than its clients keep one for reuse
 * (nginx's upstream `keepalive_timeout` and most load balancers' idle timeout are 60 s; Node's own
 * default, 5 s, is shorter than theirs). A server that closes first races a client reusing the
 * connection, and the client's request is reset.
 */
export const KEEP_ALIVE_MS = 65_000

/** The answers each server has under way. */
const underWay = new WeakMap<Server, Set<ServerResponse>>()

/** Serves the backend over HTTP on the given interface and port. */
export function serveBackend(backend: Backend, options: { port: number; hostname: string }, onListening?: (info: AddressInfo) => void): ServerType {
  const server = serve({ fetch: backend.app.fetch, port: options.port, hostname: options.hostname }, onListening) as Server
  server.keepAliveTimeout = KEEP_ALIVE_MS
  // Node waits this long for a request's headers; it must outlast the idle time it follows.
  server.headersTimeout = KEEP_ALIVE_MS + 1000
  server.on('clientError', (err: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex) => {
    const refused = answerClientError(err, socket)
    // Its access line and count, as every request's: no route was reached.
    if (refused) recordRequest(backend.log, backend.metrics, { ...refused, route: NO_ROUTE, ms: 0 })
  })
  const responses = new Set<ServerResponse>()
  underWay.set(server, responses)
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    responses.add(response)
    response.once('close', () => responses.delete(response))
  })
  return server
}

/**
 * Stops taking connections (R10.19): idle ones close now (Node's `close()` does that), answers
 * under way finish and say `Connection: close`, so that the server has closed once the last of
 * them is written instead of an idle time later. No new request comes after: a connection that
 * is not idle carries an answer that closes it.
 */
export function closeBackendServer(server: ServerType, done: () => void): void {
  const http = server as Server
  // The API's answers are written whole (head and body at once), so a head not yet written is one
  // still being worked out.
  for (const response of underWay.get(http) ?? []) if (!response.headersSent) response.setHeader('Connection', 'close')
  http.close(() => done())
}
