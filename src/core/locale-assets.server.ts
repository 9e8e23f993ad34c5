/**
 * Decision 026: the build's map from each browser chunk to the same chunk of a language's own
 * build (`dist/client/locale-assets.json`, written by scripts/build.mjs). Server only. No file
 * (development, a build without language builds) means no map: pages keep the chunks that hold
 * every language. A file of the wrong shape stops the server with a clear message.
 */
import { readFileSync } from 'node:fs'
import { type } from 'arktype'
import type { Locale } from '#machines/rules/locale.ts'

const ChunkMap = type({ '[string]': /^\/assets\/[a-z]{2}\/[\w.-]+\.js$/ })
const LocaleAssets = type({ 'en?': ChunkMap, 'ru?': ChunkMap, 'de?': ChunkMap })

export type LocaleAssetMap = Partial<Record<Locale, Record<string, string>>>

export function parseLocaleAssets(value: unknown, source = 'locale-assets.json'): LocaleAssetMap {
  const parsed = LocaleAssets(value)
  if (parsed instanceof type.errors) throw new Error(`${source}: ${parsed.summary}`)
  return parsed as LocaleAssetMap
}

export function readLocaleAssets(file: URL): LocaleAssetMap {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return {}
  }
  return parseLocaleAssets(JSON.parse(text), file.pathname)
}
