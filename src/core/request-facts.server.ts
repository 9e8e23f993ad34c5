/**
 * What the site learns about one request while it answers it (issue 40): its id, the route
 * pattern that answered, the page cache's result and the render queue's wait. The server
 * (scripts/serve.mjs) makes the facts when a request arrives, attaches them to the request, and
 * writes them in the request's access line; every step in between adds what it knows. They give
 * every log line of the request its id, and every call to the backend its `X-Request-Id`.
 *
 * The facts ride on the request object, found through the framework's own request scope
 * (`getRequest`), not on an AsyncLocalStorage of their own: on Node 22 every such store costs
 * every promise of the answer, and a signed-in page, whose backend calls make thousands, rendered
 * 10% slower with one more.
 */
import { getRequest } from '@tanstack/react-start/server'

export type CacheResult = 'HIT' | 'MISS' | 'STALE'

export interface RequestFacts {
  readonly id: string
  route: string | null
  cache: CacheResult | null
  /** Milliseconds the render waited for its place (decision 080); null when nothing was rendered. */
  queueMs: number | null
  /** The answer carries the id among its own headers, so the server need not add it (`idForAnswer`). */
  idInAnswer: boolean
}

/** An id a trusted proxy may hand on: 1 to 128 letters, digits, dots, underscores, colons or dashes. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * The request's id: the trusted proxy's `X-Request-Id` when it is one, else a new one (the Web
 * Crypto `crypto.randomUUID`, not node:crypto's: the stories load this module in a browser).
 */
export function requestIdFor(forwarded: string | null, fromTrustedProxy: boolean): string {
  return fromTrustedProxy && forwarded !== null && FORWARDED_ID.test(forwarded) ? forwarded : crypto.randomUUID()
}

export function newRequestFacts(id: string): RequestFacts {
  return { id, route: null, cache: null, queueMs: null, idInAnswer: false }
}

const byRequest = new WeakMap<Request, RequestFacts>()

/** These facts are about this request (and about each request the site makes of it on the way). */
export function attachFacts(request: Request, facts: RequestFacts): void {
  byRequest.set(request, facts)
}

export function factsOf(request: Request): RequestFacts | undefined {
  return byRequest.get(request)
}

/**
 * The request's id for its answer's own `X-Request-Id`, noted as given; null for a request without
 * facts (a warm-up). The server adds the id to any answer made without it (scripts/site-ops.mjs),
 * on Node's answer, and that makes Node check and store each of the answer's other headers one
 * by one, where it otherwise takes them in one go: a page's answer carries its id from the start.
 */
export function idForAnswer(request: Request): string | null {
  const facts = byRequest.get(request)
  if (!facts) return null
  facts.idInAnswer = true
  return facts.id
}

/** The facts of the request being answered, or undefined outside one (a warm-up, a revalidation in the background). */
export function currentRequest(): RequestFacts | undefined {
  let request: Request
  try {
    request = getRequest()
  } catch {
    return undefined
  }
  return byRequest.get(request)
}

export function noteCache(result: CacheResult): void {
  const facts = currentRequest()
  if (facts) facts.cache = result
}

export function noteQueueWait(ms: number): void {
  const facts = currentRequest()
  if (facts && facts.queueMs === null) facts.queueMs = Math.round(ms * 10) / 10
}
