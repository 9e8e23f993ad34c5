/**
 * The route pattern of an address (issue 40): what logs and metrics name a request by, never its
 * raw path, which may hold a sign-in or confirmation code. A page's pattern is its route's as the
 * router matches it (`/login/$code`, whatever the language prefix); the files the server answers
 * itself have their own fixed names; anything else is `(none)`.
 */
import { splitLocalePrefix } from '#app/core/locale.ts'
import { FAVICON_PATH, MANIFEST_PATH } from '#app/core/meta-tags.ts'
import { PREFETCH_MAP_PATH } from '#app/core/prefetch-map.ts'
import type { getRouter } from '#app/router.tsx'
import { ROBOTS_PATH, SITEMAP_PATH } from './search-files.server.ts'

/** Addresses the server answers without the router, by their fixed names. */
const FIXED = new Set([ROBOTS_PATH, SITEMAP_PATH, FAVICON_PATH, MANIFEST_PATH, PREFETCH_MAP_PATH, '/__ready', '/__errors'])

let router: ReturnType<typeof getRouter> | null = null

/**
 * The router whose matcher names the pages, loaded as the server starts (its warm-up): imported
 * here, the router's modules would be bound into the server entry and load with it.
 */
export async function loadRoutePatterns(): Promise<void> {
  router ??= (await import('#app/router.tsx')).getRouter()
}

/** The pattern of an address; `(none)` for a page address asked before the router is loaded. */
export function routePattern(pathname: string): string {
  if (FIXED.has(pathname)) return pathname
  if (!router) return '(none)'
  const [, , found] = router.getMatchedRoutes(splitLocalePrefix(pathname).rest)
  return found ? found.fullPath : '(none)'
}
