/**
 * The in-process cache of guest pages (decision 020), on lru-cache: at most `maxEntries` pages and
 * `maxBytes` bytes, the least recently used going first; fresh for `ttlMs`, then served stale for
 * `staleMs` while one background render replaces it; older than that, rendered in the foreground.
 * Visitors who ask for a page being rendered wait for that one render. No request, no server: the
 * caller hands each look-up how to render its page, and the tests a clock.
 */
import { LRUCache } from 'lru-cache'
import { COOKIES, carriesSession, hasCookie } from '#app/core/cookies.ts'

/**
 * R10.14: the guest pages' cache: at most 500 pages and 64 MiB (a page and its gzip counted), a
 * stale page served for at most 10 minutes past its fresh time (decision 020).
 */
export const GUEST_PAGE_CACHE = { maxEntries: 500, maxBytes: 64 * 1024 * 1024, staleMs: 10 * 60_000 } as const

export interface PageCacheOptions<T> {
  /** Most pages held. */
  maxEntries: number
  /** Most bytes held (the sum of `sizeOf` over the pages). */
  maxBytes: number
  ttlMs: number
  staleMs: number
  sizeOf: (page: T) => number
  /** Whether a failed background render keeps the stale page (a busy worker) instead of dropping it. */
  keepsStale: (error: unknown) => boolean
  /** Milliseconds of a monotonic clock; `performance.now()` unless a test brings its own. */
  now?: () => number
}

/** How one look-up renders its page, when it is the one to. */
export interface PageTurn<T, A> {
  /** The visitor's own render: its answer, and the page to keep when it may be kept. */
  render: () => Promise<{ answer: A; kept: T | undefined }>
  /** A stale page rendered again in the background: the new page, or undefined when it is no longer one to keep. */
  refresh: () => Promise<T | undefined>
}

/** A kept page (`HIT`, `STALE`, or `MISS` when this visitor's render kept it), or this visitor's own answer. */
export type Found<T, A> = { kept: T; status: 'HIT' | 'STALE' | 'MISS' } | { kept?: undefined; answer: A; status: 'MISS' }

/** The look-up a render belongs to: lru-cache passes it to `fetchMethod` as the fetch's context. */
interface Call<T, A> {
  turn: PageTurn<T, A>
  rendered?: { answer: A }
}

/** A refresh that gives no page to keep rejects, so that lru-cache drops the stale one. */
class NotKept extends Error {}

export class PageCache<T extends {}, A> {
  readonly #lru: LRUCache<string, T, Call<T, A>>
  readonly #staleMs: number

  constructor(options: PageCacheOptions<T>) {
    this.#staleMs = options.staleMs
    this.#lru = new LRUCache<string, T, Call<T, A>>({
      max: options.maxEntries,
      // A page larger than maxSize is not kept (maxEntrySize defaults to it).
      maxSize: options.maxBytes,
      sizeCalculation: options.sizeOf,
      ttl: options.ttlMs,
      // Past its ttl a page is still returned, and one fetchMethod call (the refresh) runs meanwhile.
      allowStale: true,
      // A render whose entry is evicted meanwhile still answers the visitors waiting for it.
      ignoreFetchAbort: true,
      perf: { now: options.now ?? (() => performance.now()) },
      ttlResolution: 0,
      // One call per key at a time: concurrent look-ups of a missing page share its promise.
      fetchMethod: async (_key, stale, { context: call, options: fetchOptions }) => {
        if (stale === undefined) {
          const { answer, kept } = await call.turn.render()
          call.rendered = { answer }
          return kept
        }
        // After the stale answer has left.
        await new Promise(setImmediate)
        try {
          const kept = await call.turn.refresh()
          if (kept === undefined) throw new NotKept()
          return kept
        } catch (error) {
          // Without noDeleteOnFetchRejection a failed fetch deletes the stale page.
          if (options.keepsStale(error)) fetchOptions.noDeleteOnFetchRejection = true
          throw error
        }
      },
    })
  }

  get size(): number {
    return this.#lru.size
  }

  get bytes(): number {
    return this.#lru.calculatedSize
  }

  /** The page for `key`: kept (fresh, or stale while it is rendered again), or rendered by `turn` or by the look-up it waited for. */
  async get(key: string, turn: PageTurn<T, A>): Promise<Found<T, A>> {
    // lru-cache serves a stale page for as long as it holds it; past staleMs it is rendered anew.
    if (this.#lru.getRemainingTTL(key) <= -this.#staleMs) this.#lru.delete(key)
    // A render this look-up waited for and that kept nothing (or failed): one more try, now likely its own.
    for (let attempt = 0; attempt < 2; attempt++) {
      const call: Call<T, A> = { turn }
      const status: LRUCache.Status<string, T, Call<T, A>> = {}
      let kept: T | undefined
      try {
        kept = await this.#lru.fetch(key, { context: call, status })
      } catch (error) {
        // This visitor's own render failed: its error is its answer. Another's: try again.
        if (status.fetch === 'miss' && !call.rendered) throw error
      }
      if (call.rendered) return kept ? { kept, status: 'MISS' } : { answer: call.rendered.answer, status: 'MISS' }
      if (kept) return { kept, status: status.returnedStale ? 'STALE' : 'HIT' }
    }
    return { answer: (await turn.render()).answer, status: 'MISS' }
  }
}

export interface PageKeyInput {
  buildId: string
  /** `http` or `https` as the visitor sees it: canonical addresses in the page carry it. */
  protocol: string
  /** The host as the visitor typed it: it selects the brand and, with LOCALE_HOSTS, the locale. */
  host: string
  /** Path with the locale prefix as typed (`/faq`, `/en/faq`, `/ru/faq` are three pages). */
  pathname: string
  /** The query string with its `?`, or ''. */
  search: string
  /** What the cookie banner shows this visitor (`consentVariant`: asks, asks with the GPC note, or a choice). */
  consent: string
}

/** One document per build, scheme, host, path, query and cookie-banner variant. */
export function pageCacheKey(input: PageKeyInput): string {
  return `${input.buildId}\n${input.protocol}://${input.host.toLowerCase()}${input.pathname}${input.search}\n${input.consent}`
}

/**
 * A page that carries a sign-in, confirmation or referral code in its address
 * (`/login/<code>`, `/confirm-email/<code>`, `/join/<code>`, each language's form; decision 094):
 * one visitor's, never kept by any cache. Read as the router reads it: any case, percent-encoded
 * or not, repeated slashes as one.
 */
const CODE_PAGE = /^\/(?:(?:en|ru|de)\/)?(?:login|confirm-email|join)\/[^/]/i
export function carriesCode(pathname: string): boolean {
  let path = pathname
  try {
    path = decodeURIComponent(pathname)
  } catch {}
  return CODE_PAGE.test(path.replace(/\/{2,}/g, '/'))
}

/** Whether a request may be answered from (and fill) the guest cache. */
export function isCacheableRequest(input: { method: string; pathname: string; cookieHeader: string | null }): boolean {
  if (input.method !== 'GET' && input.method !== 'HEAD') return false
  if (carriesCode(input.pathname)) return false
  if (input.pathname.startsWith('/_serverFn') || input.pathname.includes('/_serverFn/')) return false
  if (/^\/(?:(?:en|ru|de)\/)?download\/?$/.test(input.pathname)) return false
  if (carriesSession(input.cookieHeader)) return false
  // A form's outcome is one visitor's (decision 063).
  if (input.cookieHeader && hasCookie(input.cookieHeader, COOKIES.flash)) return false
  return true
}

/** Whether a rendered response may be stored for other guests. */
export function isCacheableResponse(response: { status: number; headers: Headers }): boolean {
  if (response.status !== 200) return false
  if (response.headers.has('set-cookie')) return false
  const type = response.headers.get('content-type') ?? ''
  if (!type.startsWith('text/html')) return false
  const control = response.headers.get('cache-control') ?? ''
  if (/\b(?:no-store|private)\b/i.test(control)) return false
  return true
}
