/**
 * The route pattern of an address (issue 40): what logs and metrics name a request by, never its
 * raw path, which may hold a sign-in or confirmation code. A page's pattern is its route's as the
 * router matches it (`/login/$code`, whatever the language prefix); the files the server answers
 * itself have their own fixed names; anything else is `(none)`.
 */
import { splitLocalePrefix } from '#app/core/locale.ts'
import { FAVICON_PATH, MANIFEST_PATH } from '#app/core/meta-tags.ts'
import { PREFETCH_MAP_PATH } from '#app/core/prefetch-map.ts'
import { getRouter } from '#app/router.tsx'
import { ROBOTS_PATH, SITEMAP_PATH } from './search-files.server.ts'

/** Addresses the server answers without the router, by their fixed names. */
const FIXED = new Set([ROBOTS_PATH, SITEMAP_PATH, FAVICON_PATH, MANIFEST_PATH, PREFETCH_MAP_PATH, '/__ready', '/__errors'])

let router: ReturnType<typeof getRouter> | null = null

export function routePattern(pathname: string): string {
  if (FIXED.has(pathname)) return pathname
  router ??= getRouter()
  const [, , found] = router.getMatchedRoutes(splitLocalePrefix(pathname).rest)
  return found ? found.fullPath : '(none)'
}
