/**
 * What the site learns about one request while it answers it (issue 40): its id, the route
 * pattern that answered, the page cache's result and the render queue's wait. The server
 * (scripts/serve.mjs) makes the facts when a request arrives, runs the answer inside them, and
 * writes them in the request's access line; every step in between adds what it knows. The same
 * store gives every log line of the request its id, and every call to the backend its
 * `X-Request-Id`.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'

export type CacheResult = 'HIT' | 'MISS' | 'STALE'

export interface RequestFacts {
  readonly id: string
  route: string | null
  cache: CacheResult | null
  /** Milliseconds the render waited for its place (decision 080); null when nothing was rendered. */
  queueMs: number | null
}

/** An id a trusted proxy may hand on: 1 to 128 letters, digits, dots, underscores, colons or dashes. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** The request's id: the trusted proxy's `X-Request-Id` when it is one, else a new one. */
export function requestIdFor(forwarded: string | null, fromTrustedProxy: boolean): string {
  return fromTrustedProxy && forwarded !== null && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID()
}

export function newRequestFacts(id: string): RequestFacts {
  return { id, route: null, cache: null, queueMs: null }
}

const storage = new AsyncLocalStorage<RequestFacts>()

/** Runs `answer` as the request these facts are about. */
export function withRequestFacts<T>(facts: RequestFacts, answer: () => T): T {
  return storage.run(facts, answer)
}

/** The facts of the request being answered, or undefined outside one (a warm-up, a revalidation in the background keeps its visitor's). */
export function currentRequest(): RequestFacts | undefined {
  return storage.getStore()
}

export function noteRoute(route: string): void {
  const facts = storage.getStore()
  if (facts && facts.route === null) facts.route = route
}

export function noteCache(result: CacheResult): void {
  const facts = storage.getStore()
  if (facts) facts.cache = result
}

export function noteQueueWait(ms: number): void {
  const facts = storage.getStore()
  if (facts && facts.queueMs === null) facts.queueMs = Math.round(ms * 10) / 10
}
