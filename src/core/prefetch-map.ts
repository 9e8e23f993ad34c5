/**
 * Idle prefetch (R9) warms the code of the pages a visitor can reach from the links in view,
 * without running it: the server publishes which code chunks each route needs (from the build's
 * route manifest) and the browser adds `<link rel="modulepreload">` for them. Importing the
 * routes instead would evaluate every linked page's modules (and their validation library) on
 * the main thread while the visitor reads (decision 024).
 */

/** Where the server answers with the map; `?v=<build>` makes the answer immutable. */
export const PREFETCH_MAP_PATH = '/_app/prefetch-map.json'

/** Route id → the script URLs the route needs beyond the root's. */
export type PrefetchMap = Record<string, string[]>

interface ManifestRoute {
  /** The route's file as the build saw it (an absolute path). */
  filePath?: string
  preloads?: ReadonlyArray<string | { href: string }>
}

/**
 * Route file (from the project root) → the chunks its loader imports in the browser: its server
 * functions and their fetcher (`dist/client/route-data-chunks.json`, scripts/vite-route-data-chunks.ts).
 */
export type RouteDataChunks = Readonly<Record<string, readonly string[]>>

function hrefOf(entry: string | { href: string }): string {
  return typeof entry === 'string' ? entry : entry.href
}

/**
 * The map from the build's route manifest. A route's entry leaves out the root's own scripts,
 * which load with every page; the root's entry lists them (a language change loads them in the
 * other language, decision 064). A route whose loader calls the server from the browser also
 * lists the code of that call (`data`, by route file).
 */
export function prefetchMapFromManifest(manifest: { routes: Record<string, ManifestRoute> }, data: RouteDataChunks = {}, rootId = '__root__'): PrefetchMap {
  const root = new Set((manifest.routes[rootId]?.preloads ?? []).map(hrefOf))
  const map: PrefetchMap = {}
  const rootUrls = [...root].filter((url) => url.startsWith('/') && !url.startsWith('//'))
  if (rootUrls.length) map[rootId] = rootUrls
  for (const [id, route] of Object.entries(manifest.routes)) {
    if (id === rootId) continue
    const file = route.filePath?.split('\\').join('/')
    const loaderUrls = Object.entries(data).find(([path]) => file?.endsWith(`/${path}`))?.[1] ?? []
    const urls = [...(route.preloads ?? []).map(hrefOf), ...loaderUrls].filter((url) => url.startsWith('/') && !url.startsWith('//') && !root.has(url))
    if (urls.length) map[id] = [...new Set(urls)]
  }
  return map
}

/**
 * Reads the map fetched by the browser. Anything of another shape is no map (nothing is
 * prefetched): the map only ever saves time, so a bad one must cost nothing but that.
 * Only same-site script paths pass, so a tampered answer cannot make the page load foreign code.
 */
export function readPrefetchMap(value: unknown): PrefetchMap | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const map: PrefetchMap = {}
  for (const [id, urls] of Object.entries(value)) {
    if (!Array.isArray(urls) || !urls.every((u) => typeof u === 'string' && /^\/assets\/(?:[a-z]{2}\/)?[\w.-]+\.js$/.test(u))) return null
    map[id] = urls as string[]
  }
  return map
}

/** The map with each chunk address replaced by the same chunk of a language's build (decision 026). */
export function localizePrefetchMap(map: PrefetchMap, assets: Readonly<Record<string, string>> | undefined): PrefetchMap {
  if (!assets) return map
  return Object.fromEntries(Object.entries(map).map(([id, urls]) => [id, urls.map((url) => assets[url] ?? url)]))
}

/** The chunk URLs of the matched routes not requested yet, in route order, each once. */
export function chunksToPrefetch(map: PrefetchMap, routeIds: readonly string[], requested: ReadonlySet<string>): string[] {
  const out: string[] = []
  for (const id of routeIds) {
    for (const url of map[id] ?? []) {
      if (!requested.has(url) && !out.includes(url)) out.push(url)
    }
  }
  return out
}
