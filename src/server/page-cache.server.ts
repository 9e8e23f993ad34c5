/**
 * The in-process cache of guest pages (decision 020): a bounded LRU of rendered documents with
 * stale-while-revalidate semantics. Pure: no request, no clock of its own (the caller passes
 * `now`), so it is tested without a server.
 *
 * - `fresh` for `ttlMs` after it was stored: served as is.
 * - `stale` from then until `ttlMs + staleMs`: served as is while the caller renders the page
 *   again in the background (`beginRevalidation` lets one render run per key at a time).
 * - older than that: dropped, the next request renders in the foreground.
 */
import { COOKIES, carriesSession, hasCookie } from '#app/core/cookies.ts'

export interface PageCacheOptions {
  /** Most documents held; the least recently used one goes first. */
  maxEntries: number
  /** Most bytes held (sum of each entry's `size`). */
  maxBytes: number
  ttlMs: number
  staleMs: number
}

export type Freshness = 'fresh' | 'stale'

interface Slot<T> {
  value: T
  size: number
  storedAt: number
}

export class PageCache<T> {
  readonly #slots = new Map<string, Slot<T>>()
  readonly #revalidating = new Set<string>()
  #bytes = 0

  constructor(readonly options: PageCacheOptions) {}

  get size(): number {
    return this.#slots.size
  }

  get bytes(): number {
    return this.#bytes
  }

  /** The entry and how fresh it is, or undefined; a hit becomes the most recently used. */
  get(key: string, now: number): { value: T; freshness: Freshness } | undefined {
    const slot = this.#slots.get(key)
    if (!slot) return undefined
    const age = now - slot.storedAt
    if (age >= this.options.ttlMs + this.options.staleMs || age < 0) {
      this.delete(key)
      return undefined
    }
    // Map keeps insertion order: re-inserting moves the key to the young end.
    this.#slots.delete(key)
    this.#slots.set(key, slot)
    return { value: slot.value, freshness: age < this.options.ttlMs ? 'fresh' : 'stale' }
  }

  set(key: string, value: T, size: number, now: number): void {
    this.delete(key)
    if (size > this.options.maxBytes) return
    this.#slots.set(key, { value, size, storedAt: now })
    this.#bytes += size
    for (const [oldest, slot] of this.#slots) {
      if (this.#slots.size <= this.options.maxEntries && this.#bytes <= this.options.maxBytes) break
      this.#slots.delete(oldest)
      this.#bytes -= slot.size
    }
  }

  delete(key: string): void {
    const slot = this.#slots.get(key)
    if (!slot) return
    this.#slots.delete(key)
    this.#bytes -= slot.size
  }

  clear(): void {
    this.#slots.clear()
    this.#revalidating.clear()
    this.#bytes = 0
  }

  keys(): string[] {
    return [...this.#slots.keys()]
  }

  /** True when the caller should re-render `key` now; false when a re-render already runs. */
  beginRevalidation(key: string): boolean {
    if (this.#revalidating.has(key)) return false
    this.#revalidating.add(key)
    return true
  }

  endRevalidation(key: string): void {
    this.#revalidating.delete(key)
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
  /** R9.24: what the cookie banner shows this visitor (`consentVariant`: asks, asks with the GPC note, or a choice). */
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
