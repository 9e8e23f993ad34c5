// After `vite build`: writes `.br` and `.gz` next to every compressible file of dist/client over
// 1 KiB, so the production server sends compressed bytes without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = fileURLToPath(new URL('../dist/client', import.meta.url))
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|map|webmanifest|ico)$/
const MIN_BYTES = 1024

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* files(path)
    else yield path
  }
}

let count = 0
let before = 0
let after = 0
for (const path of files(root)) {
  if (!COMPRESSIBLE.test(path)) continue
  const data = readFileSync(path)
  if (data.length < MIN_BYTES) continue
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  })
  const gz = gzipSync(data, { level: 9 })
  // A compressed copy that is not smaller is never worth sending.
  if (br.length < data.length) writeFileSync(`${path}.br`, br)
  if (gz.length < data.length) writeFileSync(`${path}.gz`, gz)
  count++
  before += data.length
  after += br.length
}
// Quiet under `npm run build --silent` (`npm start`).
const quiet = process.env.npm_config_loglevel === 'silent'
if (!quiet) console.log(`compressed ${count} files: ${(before / 1024).toFixed(1)} KiB -> ${(after / 1024).toFixed(1)} KiB (brotli)`)
