// R9.24: what the cookie banner adds to a page's JavaScript, measured rather than estimated: its
// own modules (the banner, its effects, its machine and rules, its messages in one language, as the
// page's language build keeps them) bundled
// and minified alone, everything the site ships anyway left out (React, XState, the router, the
// site's shared modules), then gzipped. Alone it compresses worse than inside the page's chunk, so
// this is at most what it adds. Run after `npm run build` (`npm run bench` does), or alone.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

/**
 * The banner's own modules; every other import (React, XState, the router, the site's shared
 * modules, the chunks it loads later) is what the page has anyway, left out.
 */
const OWN = [/site\/consent(\.effects)?\.tsx?$/, /(^|\/)consent\.ts$/]
const MESSAGES = /paraglide\/messages\.js$/
/** The messages the banner's module calls (`m.consent_…()`). */
const used = [...new Set([...readFileSync(new URL('../src/site/consent.tsx', import.meta.url), 'utf8').matchAll(/\bm\.(\w+)\(/g)].map((x) => x[1]))]

const root = fileURLToPath(new URL('..', import.meta.url))

export async function bannerSize(locale = 'en') {
  const result = await build({
    stdin: {
      contents: "export { ConsentBanner, ConsentProvider, CookieSettingsLink } from '#app/site/consent.tsx'",
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    logLevel: 'silent',
    metafile: true,
    plugins: [
      {
        name: 'shared-and-one-language',
        setup(b) {
          // The language build of the page: the runtime's locale is fixed, so only its strings stay.
          b.onResolve({ filter: /runtime\.js$/ }, () => ({ path: 'runtime', namespace: 'one-language' }))
          b.onLoad({ filter: /^runtime$/, namespace: 'one-language' }, () => ({
            contents: `export const experimentalStaticLocale = ${JSON.stringify(locale)}; export const getLocale = () => ${JSON.stringify(locale)};`,
            loader: 'js',
          }))
          // The messages the banner uses, as the page's build keeps them (the rest are other pages').
          b.onResolve({ filter: MESSAGES }, () => ({ path: 'messages', namespace: 'one-language' }))
          b.onLoad({ filter: /^messages$/, namespace: 'one-language' }, () => {
            const texts = JSON.parse(readFileSync(`${root}messages/${locale}.json`, 'utf8'))
            return { contents: `export const m = {${used.map((key) => `${key}: () => ${JSON.stringify(texts[key])}`).join(',')}}`, loader: 'js' }
          })
          b.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === 'entry-point' || args.namespace === 'one-language' || args.path === 'runtime' || MESSAGES.test(args.path)) return undefined
            if (args.path.startsWith(root) || OWN.some((re) => re.test(args.path))) return undefined
            if (/runtime\.js$/.test(args.path)) return undefined
            return { path: args.path, external: true }
          })
        },
      },
    ],
  })
  if (process.env.BANNER_SIZE_INPUTS)
    for (const i of Object.values(result.metafile.outputs))
      console.log(
        Object.entries(i.inputs)
          .sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
          .slice(0, 12)
          .map(([f, v]) => `${v.bytesInOutput} ${f}`)
          .join('\n'),
      )
  const code = result.outputFiles[0].contents
  if (process.env.BANNER_SIZE_CODE) console.log(result.outputFiles[0].text)
  return { raw: code.length, gzip: gzipSync(code, { level: 9 }).length }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const locale of ['en', 'ru', 'de']) {
    const { raw, gzip } = await bannerSize(locale)
    console.log(`cookie banner (${locale}): ${(raw / 1024).toFixed(2)} KB minified, ${(gzip / 1024).toFixed(2)} KB gzip`)
  }
}
