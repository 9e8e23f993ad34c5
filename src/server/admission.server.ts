/**
 * What a request may be before anything reads it (the security review of 2026-11-26; decision
 * 094): the methods each kind of address answers, and how much body a form or a server function
 * may send. The server entry asks this first. `scripts/serve.mjs` answers only GET and HEAD itself
 * (static files, `/__ready`) and hands every other method to the entry, so these rules are the
 * site's only ones.
 *
 * - A page (every address but the ones below; static files and `/__ready` too): GET and HEAD; any
 *   other method 405 with `Allow: GET, HEAD`.
 * - `/forms/<id>` (decision 063): POST; anything else 405 with `Allow: POST`.
 * - `/__errors`, the browser's error beacon (issue 40): POST; anything else 405 with `Allow: POST`.
 * - A server function (`/_serverFn/…`): the methods TanStack Start gives it (GET, POST), but TRACE.
 * - The download (`/download`, `/{locale}/download`, decision 088): every method, but TRACE.
 * - TRACE (and TRACK): 405 on every address.
 * - The body of a form or server function: at most `REQUEST_BODY_LIMIT_BYTES` (16 KB). A declared
 *   `Content-Length` over it is refused before a byte is read; a body without one is counted as it
 *   is read and refused once past it. The refusal is 413 with `Connection: close`: the rest of the
 *   body is never read, and the connection ends with the answer.
 */
import { FastResponse } from 'srvx'
import { ERROR_BEACON_PATH } from '#app/core/error-beacon.ts'
import { trustedAddress, visitorAddress } from '#app/core/request.server.ts'
import { loadConfig } from '#config'
import { isDownloadPath } from './download.server.ts'
import { baseSecurityHeaders, isHttps } from './security-headers.server.ts'

/** TanStack Start's address of server functions (`serverFns.base`, by default `/_serverFn`; the built handler matches `/_serverFn/`). */
export const SERVER_FN_PREFIX = '/_serverFn/'
const FORMS_PREFIX = '/forms/'

export type AddressKind = 'page' | 'form' | 'beacon' | 'server-function' | 'download'

export function addressKind(pathname: string): AddressKind {
  if (pathname.startsWith(FORMS_PREFIX)) return 'form'
  if (pathname === ERROR_BEACON_PATH) return 'beacon'
  if (pathname.startsWith(SERVER_FN_PREFIX)) return 'server-function'
  if (isDownloadPath(pathname)) return 'download'
  return 'page'
}

/** The methods an address answers; null: whatever its handler answers, but TRACE. */
const ANSWERS: Record<AddressKind, readonly string[] | null> = {
  page: ['GET', 'HEAD'],
  form: ['POST'],
  beacon: ['POST'],
  'server-function': null,
  download: null,
}
/** What `Allow` says when an address that takes (nearly) any method refuses TRACE. */
const ALLOW_BUT_TRACE: Record<'server-function' | 'download', string> = { 'server-function': 'GET, POST', download: 'GET, HEAD' }
/** Methods that echo the request back (cookies, authorisation headers): never answered. */
const ECHO_METHODS = new Set(['TRACE', 'TRACK'])

/** The `Allow` header of a 405 when `method` is not one `pathname` answers; null when it is. */
export function refusedMethod(method: string, pathname: string): string | null {
  const kind = addressKind(pathname)
  const answers = ANSWERS[kind]
  if (answers) return answers.includes(method) ? null : answers.join(', ')
  return ECHO_METHODS.has(method) ? ALLOW_BUT_TRACE[kind as 'server-function' | 'download'] : null
}

/** Whether an address reads a request body (and so has the body limit). */
export function readsBody(pathname: string): boolean {
  const kind = addressKind(pathname)
  return kind === 'form' || kind === 'beacon' || kind === 'server-function'
}

/** Whether a `Content-Length` header declares more than `limit` bytes. */
export function declaresMoreThan(contentLength: string | null, limit: number): boolean {
  if (contentLength === null) return false
  const length = Number(contentLength.trim())
  // Node refuses a malformed length itself (400); anything it lets through that is not a number is refused here.
  return !(Number.isSafeInteger(length) && length >= 0 && length <= limit)
}

/**
 * Reads a body of at most `limit` bytes; null once it is longer. What comes after the limit is
 * left unread: the stream is neither read on nor cancelled (cancelling it would end the
 * connection before the 413 is written).
 */
export async function readAtMost(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > limit) return null
      chunks.push(value)
    }
  } finally {
    reader.releaseLock()
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

const limit = loadConfig().requestBodyLimitBytes

function plain(status: number, text: string, https: boolean, extra: Record<string, string>): Response {
  return new FastResponse(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...baseSecurityHeaders(https), ...extra },
  })
}

/** 413: the body is longer than the limit. The rest is not read; the connection closes with the answer. */
function tooLarge(https: boolean): Response {
  return plain(413, `The request body is larger than ${limit} bytes.\n`, https, { connection: 'close' })
}

/**
 * The answer to a request refused on its method or its declared length, before anything reads it
 * (its body, or a request built from it); null when it may go on.
 */
export function refusal(incoming: Request): Response | null {
  const { pathname } = new URL(incoming.url)
  const allow = refusedMethod(incoming.method, pathname)
  if (allow === null && !(readsBody(pathname) && declaresMoreThan(incoming.headers.get('content-length'), limit))) return null
  const https = trustedAddress(incoming).protocol === 'https'
  if (allow !== null) return plain(405, 'Method Not Allowed\n', https, { allow })
  return tooLarge(https)
}

/**
 * A form's or server function's request with its body read, when it is within the limit (the
 * handlers then read it from memory); 413 when it is not. Other requests are passed on as they are.
 */
export async function withBodyWithinLimit(request: Request): Promise<Request | Response> {
  if (!readsBody(new URL(request.url).pathname) || request.body === null) return request
  const bytes = await readAtMost(request.body, limit)
  if (bytes === null) return tooLarge(isHttps(request))
  const headers = new Headers(request.headers)
  headers.delete('transfer-encoding')
  headers.set('content-length', String(bytes.byteLength))
  // The new request has no socket of its own: it says whose it is (R10.4).
  const visitor = visitorAddress(request)
  if (visitor) headers.set('x-forwarded-for', visitor)
  return new Request(request.url, { method: request.method, headers, body: bytes as Uint8Array<ArrayBuffer>, signal: request.signal })
}
