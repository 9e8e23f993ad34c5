/**
 * Decision 122: the spec `npm run paths -- --format playwright` writes is run as QA runs it
 * (`npm run qa -- DIR`, here on the suite's site): it passes on the site as it is, and fails with
 * the state it expected and what the page showed when the pages stop showing what the machine's
 * states promise (the site's scripts held, as after a broken deploy).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './support/fixtures.ts'

test.describe.configure({ mode: 'serial', timeout: 180_000 })

const dir = mkdtempSync(join(tmpdir(), 'qa-export-'))
const run = (env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['scripts/qa.mjs', dir], { encoding: 'utf8', env: { ...process.env, QA_REUSE_SITE: '1', ...env } })

test('the menu’s exported spec: one test per path, one step per step in a tester’s words, and it passes', () => {
  const exported = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/paths.ts', '--machine', 'menu', '--format', 'playwright', '--out', dir], {
    encoding: 'utf8',
  })
  expect([exported.status, exported.stdout.trim()]).toEqual([0, join(dir, 'menu.spec.mts')])
  expect(readdirSync(dir)).toEqual(['menu.spec.mts'])
  const spec = readFileSync(join(dir, 'menu.spec.mts'), 'utf8')
  expect(spec.match(/^ {2}test\(/gmu)).toHaveLength(3)
  expect(spec).toContain('"Path 1: a visitor on the home page, on a 390 px phone; the visitor taps the menu button; the visitor presses Escape"')
  const passed = run()
  expect(passed.stdout).toContain('3 passed')
  expect(passed.status).toBe(0)
})

test('with the site’s scripts held, it fails at the first step, saying what it expected and what the page showed, with a screenshot', () => {
  const failed = run({ QA_FAULT: 'hold-scripts', QA_HYDRATION_MS: '3000' })
  expect(failed.status).toBe(1)
  expect(failed.stdout).toContain('3 failed')
  expect(failed.stdout).toContain('could not begin: a visitor on the home page, on a 390 px phone; the page showed http://localhost:')
  expect(failed.stdout).toContain('Given a visitor on the home page, on a 390 px phone')
  expect(failed.stdout).toMatch(/results\/menu-menu-Path-1-.*\/test-failed-1\.png/u)
})

const features = mkdtempSync(join(tmpdir(), 'qa-gherkin-'))

test('the menu’s exported Gherkin runs with the shipped steps: three scenarios in a tester’s words, and they pass', () => {
  const exported = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/paths.ts', '--machine', 'menu', '--format', 'gherkin', '--out', features], {
    encoding: 'utf8',
  })
  expect(exported.status).toBe(0)
  // The feature, and beside it the paths it was written from, which its steps replay.
  expect(readdirSync(features).sort()).toEqual(['menu.feature', 'menu.paths.json'])
  const feature = readFileSync(join(features, 'menu.feature'), 'utf8')
  expect(feature).toContain('    When the visitor taps the menu button\n    Then the menu is open: its links show, and the button closes it')
  const passed = spawnSync(process.execPath, ['scripts/qa.mjs', features], { encoding: 'utf8', env: { ...process.env, QA_REUSE_SITE: '1' } })
  expect(passed.stdout).toContain('3 passed')
  expect(passed.status).toBe(0)
})

test('the same Gherkin with the site’s scripts held fails, naming the step and what the page showed', () => {
  const failed = spawnSync(process.execPath, ['scripts/qa.mjs', features], {
    encoding: 'utf8',
    env: { ...process.env, QA_REUSE_SITE: '1', QA_FAULT: 'hold-scripts', QA_HYDRATION_MS: '3000' },
  })
  expect(failed.status).toBe(1)
  expect(failed.stdout).toContain('3 failed')
  expect(failed.stdout).toContain('the page showed http://localhost:')
})
