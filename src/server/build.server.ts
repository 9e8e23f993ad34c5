/**
 * What the server knows about its own build: the build's id (vite.config.ts, scripts/build.mjs),
 * which keys the guest page cache (decision 020) and versions the prefetch map (decision 024),
 * and where each language's browser build holds a chunk (decision 026).
 */
import { readLocaleAssets } from '#app/features/locale/locale-assets.server.ts'

/** A new build is a new cache: documents name their assets by content hash. */
export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev'

/**
 * Chunk address → the same chunk of each language's browser build (decision 026); none in
 * development. The file lies next to the server bundle (`dist/server/server.js` →
 * `dist/client/locale-assets.json`): this module is bundled into the server entry's own file.
 */
export const localeAssets = readLocaleAssets(new URL('../client/locale-assets.json', import.meta.url))
