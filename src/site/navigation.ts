/** Pure rules behind navigation effects (R2, R9). */

export interface ConnectionInfo {
  onLine?: boolean
  connection?: { saveData?: boolean; effectiveType?: string } | undefined
}

/** R9: prefetch when idle; skipped offline, on 2g or with data-saver. */
export function canPrefetch(nav: ConnectionInfo | undefined): boolean {
  if (!nav) return false
  if (nav.onLine === false) return false
  const c = nav.connection
  if (c?.saveData) return false
  if (c?.effectiveType?.includes('2g')) return false
  return true
}

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return CHUNK_ERROR.test(message)
}

/**
 * Reload once: not again within a minute of the last reload for the same reason, and never
 * from a page that is itself the result of a reload (the router reloads on its own when a
 * route's code fails to load; a second reload by us would only fail the same way again).
 */
export const CHUNK_RELOAD_KEY = 'chunk-reload-at'
export function shouldReloadForChunkError(lastReloadAt: number | null, now: number, pageWasReloaded = false): boolean {
  if (pageWasReloaded) return false
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt > 60_000
}

/** Internal links worth prefetching: same origin, a page path, not the download redirect. */
export function prefetchableHref(href: string, origin: string): string | null {
  let url: URL
  try {
    url = new URL(href, origin)
  } catch {
    return null
  }
  if (url.origin !== origin) return null
  if (/\/download\/?$/.test(url.pathname)) return null
  return url.pathname + url.search
}
