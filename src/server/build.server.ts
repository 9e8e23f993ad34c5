/**
 * What the server knows about its own build: the build's id (vite.config.ts, scripts/build.mjs),
 * which keys the guest page cache (decision 020) and versions the prefetch map (decision 024),
 * where each language's browser build holds a chunk (decision 026), and which chunks a route's
 * loader imports in the browser (decision 022).
 */
import { readFileSync } from 'node:fs'
import { type } from 'arktype'
import { readLocaleAssets } from '#app/core/locale-assets.server.ts'
import type { RouteDataChunks } from '#app/core/prefetch-map.ts'

/** A new build is a new cache: documents name their assets by content hash. */
export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev'
/** When the build was made (ISO 8601): the sitemap's lastmod. Without a build, when the server started. */
export const BUILD_TIME: string = import.meta.env.VITE_BUILD_TIME ?? new Date().toISOString()

/**
 * Chunk address → the same chunk of each language's browser build (decision 026); none in
 * development. The file lies next to the server bundle (`dist/server/server.js` →
 * `dist/client/locale-assets.json`): this module is bundled into the server entry's own file.
 */
export const localeAssets = readLocaleAssets(new URL('../client/locale-assets.json', import.meta.url))

const RouteDataChunksFile = type({ '[string]': type(/^\/assets\/[\w.-]+\.js$/).array() })

/**
 * Reads `route-data-chunks.json` (scripts/vite-route-data-chunks.ts). No file (development) is
 * no entry: the prefetch then warms the routes' components only. A file of the wrong shape stops
 * the server with a clear message.
 */
export function readRouteDataChunks(file: URL): RouteDataChunks {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return {}
  }
  const parsed = RouteDataChunksFile(JSON.parse(text))
  if (parsed instanceof type.errors) throw new Error(`${file.pathname}: ${parsed.summary}`)
  return parsed
}

/** Route file → the chunks its loader imports in the browser, next to the locale map. */
export const routeDataChunks = readRouteDataChunks(new URL('../client/route-data-chunks.json', import.meta.url))
