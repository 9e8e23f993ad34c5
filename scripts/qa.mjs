#!/usr/bin/env node
/**
 * `npm run qa -- DIR`: runs the Playwright specs that `npm run paths -- --format playwright --out DIR`
 * wrote, against the site and its stand-in backend (started by playwright.qa.config.ts), and leaves
 * the report in DIR/report. Exit code: Playwright's (0 every path held, 1 one failed); 2 bad input.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { resolve } from 'node:path'

const HELP = `npm run qa -- DIR: walks in Chromium the paths of the specs in DIR (npm run paths -- --format playwright --out DIR).

  npm run paths -- --machine menu --format playwright --out qa/
  npm run qa -- qa/

A failed step names the state it expected and what the page showed, with a screenshot and a trace.
The report: npx playwright show-report DIR/report
`

const args = process.argv.slice(2)
if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
  process.stdout.write(HELP)
  process.exit(0)
}
if (args.length !== 1 || args[0].startsWith('-')) {
  console.error('qa: give the folder of the specs (npm run qa -- DIR); --help says more')
  process.exit(2)
}
const dir = resolve(args[0])
if (!existsSync(dir) || !statSync(dir).isDirectory() || !readdirSync(dir).some((f) => f.endsWith('.spec.mts'))) {
  console.error(`qa: ${args[0]} holds no spec (write them with npm run paths -- --format playwright --out ${args[0]})`)
  process.exit(2)
}
const run = spawnSync('npx', ['playwright', 'test', '-c', 'playwright.qa.config.ts'], { stdio: 'inherit', env: { ...process.env, QA_DIR: dir } })
process.exit(run.status ?? 1)
