/**
 * Build plugin: writes `dist/client/route-data-chunks.json`, for each route file the chunks its
 * loader imports when it runs in the browser: its server functions and the server-function
 * fetcher they call. The route manifest lists a route's component chunks only, so without this
 * the idle prefetch would leave a client-side visit to a page with server data one round trip
 * of code behind (decisions 022, 024). Keys are paths from the project root; values are chunk
 * addresses of the language-free build (the server maps them to a language's build).
 */
import { writeFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import type { Plugin, Rollup } from 'vite'

type OutputChunk = Rollup.OutputChunk

const ROUTES = /^src\/routes\//
const SERVER_FUNCTIONS = /\.functions\.ts$/
const FETCHER = '@tanstack/start-client-core/dist/esm/client-rpc/serverFnFetcher.js'

export function routeDataChunks(): Plugin {
  let root = process.cwd()
  return {
    name: 'skinvault:route-data-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      root = config.root
    },
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk')
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
      const byFacade = new Map(chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk] as const] : [])))
      const fetcher = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(FETCHER))
      /** The chunk and what it imports statically, but the entry every page loads. */
      const withImports = (chunk: OutputChunk, out: Set<string>) => {
        if (chunk.isEntry || out.has(chunk.fileName)) return
        out.add(chunk.fileName)
        for (const file of chunk.imports) {
          const imported = byFile.get(file)
          if (imported) withImports(imported, out)
        }
      }
      const routes: Record<string, string[]> = {}
      for (const id of this.getModuleIds()) {
        const path = relative(root, id).split('\\').join('/')
        if (!ROUTES.test(path)) continue
        const files = new Set<string>()
        for (const imported of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
          if (!SERVER_FUNCTIONS.test(imported)) continue
          const chunk = byFacade.get(imported)
          if (!chunk) this.error(`route-data-chunks: no chunk for ${imported}, imported by ${path}`)
          withImports(chunk, files)
          if (!fetcher) this.error('route-data-chunks: no chunk holds the server-function fetcher: update the plugin')
          withImports(fetcher, files)
        }
        if (files.size) routes[path] = [...files].map((file) => `/${file}`)
      }
      writeFileSync(resolve(options.dir ?? 'dist/client', 'route-data-chunks.json'), JSON.stringify(routes))
    },
  }
}
