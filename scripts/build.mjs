// `npm run build` (after `npm run i18n`): the site, plus one browser build per language
// (decision 026). Paraglide compiles each message into a function holding all three languages;
// a page shows one. Each language's browser build fixes the runtime's static locale, so the
// minifier keeps only that language's strings. The server build and the language-free browser
// build come last (their manifest names the chunks the server renders); the server then
// rewrites a page's chunk addresses to its language's build with `dist/client/locale-assets.json`.
//
// Chunks are matched across builds by the set of modules in them: the builds share one module
// graph, only the message bodies differ, so the chunks are the same but for their hashes.

import { randomBytes } from 'node:crypto'
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createBuilder } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
const LOCALES = ['en', 'ru', 'de']
const RUNTIME = /src[\\/]paraglide[\\/]runtime\.js$/
const STATIC_LOCALE = 'export const experimentalStaticLocale = undefined;'

// `npm run build --silent` (as `npm start` runs it): Vite's warnings and errors only, and a line
// when it starts and when it is done, instead of every file written.
const quiet = process.env.npm_config_loglevel === 'silent'
const started = Date.now()
if (quiet) console.log('Building the site…')

// One id for every build of this run: the server's page cache and the browser's prefetch map
// must agree on it.
process.env.BUILD_ID ??= `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`
process.env.BUILD_TIME ??= new Date().toISOString()

/** The browser build of one language: the runtime's static locale fixed, assets under `assets/<locale>/`. */
function languageBuild(locale, outDir) {
  return {
    name: 'skinvault:language-build',
    enforce: 'post',
    config: () => ({ environments: { client: { build: { outDir, assetsDir: `assets/${locale}`, emptyOutDir: true } } } }),
    transform(code, id) {
      if (!RUNTIME.test(id)) return null
      if (!code.includes(STATIC_LOCALE)) this.error('paraglide runtime: static locale declaration not found; update scripts/build.mjs')
      return { code: code.replace(STATIC_LOCALE, `export const experimentalStaticLocale = ${JSON.stringify(locale)};`), map: null }
    },
  }
}

const moduleKey = (modules) =>
  Object.keys(modules)
    .map((id) => id.replace(/^\0/, '').replace(/\?.*$/, '').replace(root, ''))
    .sort()
    .join('\n')

const staging = `${root}dist/.languages`
rmSync(staging, { recursive: true, force: true })
const languageChunks = {}
for (const locale of LOCALES) {
  const outDir = `${staging}/${locale}`
  const builder = await createBuilder({ root, logLevel: 'warn', plugins: [languageBuild(locale, outDir)] })
  const result = await builder.build(builder.environments.client)
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output)
  languageChunks[locale] = outputs
    .filter((o) => o.type === 'chunk')
    .map((o) => ({ file: o.fileName, modules: Object.fromEntries(Object.entries(o.modules).map(([id, m]) => [id, m.renderedLength])) }))
}

// The site: server and language-free browser build, as the framework builds them.
const app = await createBuilder({ root, logLevel: quiet ? 'warn' : 'info' })
await app.buildApp()

// Each language's chunks next to the site's, and the address map.
const base = JSON.parse(readFileSync(`${root}dist/module-sizes.json`, 'utf8'))
const map = {}
const sizes = [...base]
for (const locale of LOCALES) {
  const byKey = new Map(languageChunks[locale].map((c) => [moduleKey(c.modules), c.file]))
  map[locale] = {}
  for (const chunk of base) {
    const file = byKey.get(moduleKey(chunk.modules))
    if (!file) throw new Error(`build: no ${locale} chunk has the modules of ${chunk.file}`)
    map[locale][`/${chunk.file}`] = `/${file}`
  }
  mkdirSync(`${root}dist/client/assets/${locale}`, { recursive: true })
  cpSync(`${staging}/${locale}/assets/${locale}`, `${root}dist/client/assets/${locale}`, { recursive: true })
  sizes.push(...languageChunks[locale])
}
writeFileSync(`${root}dist/client/locale-assets.json`, JSON.stringify(map))
writeFileSync(`${root}dist/module-sizes.json`, JSON.stringify(sizes, null, 1))
rmSync(staging, { recursive: true, force: true })
if (quiet) console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`)
else console.log(`language builds: ${LOCALES.map((l) => `${l} ${Object.keys(map[l]).length} chunks`).join(', ')}`)
