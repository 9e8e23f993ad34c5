/**
 * Build plugin: writes `dist/module-sizes.json`, the client chunks with the rendered size of
 * every module in them, so `bench/js-breakdown.mjs` can attribute a page's JavaScript to
 * packages without source maps (decision 022).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { Plugin } from 'vite'

export interface ChunkSizes {
  file: string
  isEntry: boolean
  isDynamicEntry: boolean
  imports: string[]
  dynamicImports: string[]
  modules: Record<string, number>
}

export function moduleSizes(): Plugin {
  return {
    name: 'skinvault:module-sizes',
    apply: 'build',
    writeBundle(options, bundle) {
      if (this.environment?.name !== 'client') return
      const chunks: ChunkSizes[] = []
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue
        chunks.push({
          file: item.fileName,
          isEntry: item.isEntry,
          isDynamicEntry: item.isDynamicEntry,
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          modules: Object.fromEntries(Object.entries(item.modules).map(([id, m]) => [id, m.renderedLength])),
        })
      }
      const out = resolve(options.dir ?? 'dist/client', '..', 'module-sizes.json')
      mkdirSync(dirname(out), { recursive: true })
      writeFileSync(out, JSON.stringify(chunks, null, 1))
    },
  }
}
