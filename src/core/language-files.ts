/**
 * R4, R7 and decision 064: "loading a language file" for the language switcher. The site's
 * messages are compiled into each language's own build (decision 026), so a language's file for
 * the page on show is that build's scripts of the page: the server names them (the prefetch map
 * in that language); they are fetched, not run, and the page of that language then loads them
 * from the browser's cache. A file that cannot be fetched fails the load, and the locale machine
 * falls back to English.
 */
import { PREFETCH_MAP_PATH, readPrefetchMap } from '#app/core/prefetch-map.ts'

const ROOT_ROUTE = '__root__'

export async function loadLanguageFiles(locale: string, routeIds: readonly string[], fetchImpl: typeof fetch = fetch): Promise<void> {
  const response = await fetchImpl(`${PREFETCH_MAP_PATH}?v=${encodeURIComponent(import.meta.env.VITE_BUILD_ID ?? 'dev')}&l=${encodeURIComponent(locale)}`)
  if (!response.ok) throw new Error(`The ${locale} language files are not listed (${response.status})`)
  const map = readPrefetchMap(await response.json())
  if (!map) throw new Error(`The ${locale} language files are listed in a form the site does not know`)
  const urls = [...new Set([ROOT_ROUTE, ...routeIds].flatMap((id) => map[id] ?? []))]
  await Promise.all(
    urls.map(async (url) => {
      const file = await fetchImpl(url, { cache: 'force-cache' })
      if (!file.ok) throw new Error(`The ${locale} language file ${url} answered ${file.status}`)
      await file.arrayBuffer()
    }),
  )
}
