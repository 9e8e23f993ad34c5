// The JavaScript a page loads, by chunk and by package (decision 022). Reads dist/module-sizes.json
// (written by the build) and attributes each chunk's gzip size to its modules in proportion to
// their rendered size: no source maps needed. Usable alone:
//   node bench/js-breakdown.mjs /assets/index-abc.js /assets/routes-def.js ...
// or from bench/run.mjs with the script URLs a page fetched.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = fileURLToPath(new URL('..', import.meta.url))

/** `node_modules/@scope/name/...` -> `@scope/name`; our own code by top folder. */
export function packageOf(id) {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '')
  const nm = clean.lastIndexOf('node_modules/')
  if (nm !== -1) {
    const parts = clean.slice(nm + 'node_modules/'.length).split('/')
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]
  }
  const rel = clean.startsWith(root) ? clean.slice(root.length) : clean
  if (rel.startsWith('src/paraglide/')) return '(site) messages'
  if (rel.startsWith('src/routes/') || rel.includes('routeTree')) return '(site) routes'
  if (rel.startsWith('src/')) return `(site) src/${rel.split('/')[1]}`
  if (rel.startsWith('machines/')) return '(site) machines'
  if (rel.startsWith('app.config')) return '(site) app.config'
  return `(other) ${rel.split('/')[0]}`
}

/**
 * R9.24: the cookie banner's modules (its component, effects, machine, rules and messages): their
 * estimated gzip share of a page's JavaScript, as `breakdown` estimates a package's.
 */
export const BANNER_MODULES = [
  /\/src\/site\/consent(\.effects)?\.tsx?$/,
  /\/machines\/(rules\/)?consent\.ts$/,
  /\/src\/paraglide\/messages\/consent_[a-z_]+\.js$/,
]

export function breakdown(files) {
  const chunks = JSON.parse(readFileSync(`${root}dist/module-sizes.json`, 'utf8'))
  const byFile = new Map(chunks.map((c) => [c.file, c]))
  const perChunk = []
  const perPackage = new Map()
  let banner = 0
  for (const url of files) {
    const file = new URL(url, 'http://x').pathname.replace(/^\//, '')
    const chunk = byFile.get(file)
    const bytes = readFileSync(`${root}dist/client/${file}`)
    const gzip = gzipSync(bytes, { level: 9 }).length
    perChunk.push({ chunk: file, 'raw KB': +(bytes.length / 1024).toFixed(1), 'gzip KB': +(gzip / 1024).toFixed(1) })
    if (!chunk) continue
    const total = Object.values(chunk.modules).reduce((s, n) => s + n, 0) || 1
    for (const [id, size] of Object.entries(chunk.modules)) {
      const name = packageOf(id)
      perPackage.set(name, (perPackage.get(name) ?? 0) + (gzip * size) / total)
      if (BANNER_MODULES.some((re) => re.test(id.replace(/\?.*$/, '')))) banner += (gzip * size) / total
    }
  }
  const packages = [...perPackage.entries()].sort((a, b) => b[1] - a[1]).map(([name, gzip]) => ({ package: name, 'gzip KB (est.)': +(gzip / 1024).toFixed(1) }))
  return { perChunk, packages, banner }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { perChunk, packages } = breakdown(process.argv.slice(2))
  console.table(perChunk)
  console.table(packages)
}
