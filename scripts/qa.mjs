#!/usr/bin/env node
/**
 * `npm run qa -- DIR`: runs the Playwright specs that `npm run paths -- --format playwright --out DIR`
 * wrote, against the site and its stand-in backend (started by playwright.qa.config.ts), and leaves
 * the report in DIR/report. Exit code: Playwright's (0 every path held, 1 one failed); 2 bad input.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { resolve } from 'node:path'

const HELP = `npm run qa -- DIR: walks in Chromium the paths in DIR: the Playwright specs and the Gherkin features
that npm run paths wrote there (--format playwright, --format gherkin), against the site and its stand-in.

  npm run paths -- --machine menu --format playwright --out qa/
  npm run paths -- --machine menu --format gherkin --out qa/
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
const files = existsSync(dir) && statSync(dir).isDirectory() ? readdirSync(dir) : []
const specs = files.some((f) => f.endsWith('.spec.mts'))
const features = files.some((f) => f.endsWith('.feature'))
if (!specs && !features) {
  console.error(`qa: ${args[0]} holds no spec or feature (write them with npm run paths -- --format playwright --out ${args[0]}, or --format gherkin)`)
  process.exit(2)
}
// A run of its own: when started from inside a Playwright worker (the browser suite runs an export),
// the worker's variables would make these runs think they are workers too.
const { TEST_WORKER_INDEX, TEST_PARALLEL_INDEX, PLAYWRIGHT_BDD_CONFIGS, ...inherited } = process.env
const env = { ...inherited, QA_DIR: dir }
const npx = (argv) => spawnSync('npx', argv, { stdio: 'inherit', env }).status ?? 1
let status = 0
if (specs) status = Math.max(status, npx(['playwright', 'test', '-c', 'playwright.qa.config.ts']))
// The features become Playwright tests first (playwright-bdd's bddgen), then run.
if (features) status = Math.max(status, npx(['bddgen', '-c', 'playwright.bdd.config.ts']) || npx(['playwright', 'test', '-c', 'playwright.bdd.config.ts']))
process.exit(status)
