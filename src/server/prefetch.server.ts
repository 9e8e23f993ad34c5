/**
 * The prefetch map (decision 024, R9.12): which code chunks each route needs, from the build's
 * route manifest and its loaders' server calls (decision 022), for the browser's idle prefetch;
 * in the chunks of the language `l` asks for (decision 026). Immutable when `v` names this build.
 */
import { FastResponse } from 'srvx'
import { localizePrefetchMap, PREFETCH_MAP_PATH, type PrefetchMap, prefetchMapFromManifest } from '#app/core/prefetch-map.ts'
import { isLocale } from '#machines/rules/locale.ts'
import { BUILD_ID, localeAssets, routeDataChunks } from './build.server.ts'
import { baseSecurityHeaders, isHttps } from './security-headers.server.ts'

let prefetchMap: Promise<PrefetchMap> | null = null

export function isPrefetchMapRequest(request: Request, url: URL): boolean {
  return url.pathname === PREFETCH_MAP_PATH && (request.method === 'GET' || request.method === 'HEAD')
}

/** The route → code chunks map, read from the build once. */
export async function prefetchMapResponse(request: Request, url: URL): Promise<Response> {
  prefetchMap ??= import('tanstack-start-manifest:v').then(({ tsrStartManifest }) => prefetchMapFromManifest(tsrStartManifest(), routeDataChunks))
  const versioned = url.searchParams.get('v') === BUILD_ID
  const language = url.searchParams.get('l')
  const map = localizePrefetchMap(await prefetchMap, language && isLocale(language) ? localeAssets[language] : undefined)
  return new FastResponse(JSON.stringify(map), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...baseSecurityHeaders(isHttps(request)),
    },
  })
}
