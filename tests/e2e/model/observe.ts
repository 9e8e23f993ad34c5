/**
 * The site's machine log, as the browser tests read it (decision 043). With the `machine-log`
 * flag in localStorage the site appends every state and transition its machines take for the
 * first time to `window.__machineLog`, kept in sessionStorage across document loads
 * (src/core/locale-provider.tsx). Each test reads the log of its page at the end,
 * checks that the site took the transitions the machine's graph takes on its path, and appends the log to
 * a file of this run; the coverage printed after the tests is computed from that file.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BrowserContext, expect, type Page, type TestInfo } from '@playwright/test'
import type { MachineLogEntry } from '#app/core/locale-provider.tsx'
import { waitForHydration } from '../support/fixtures.ts'
import { type BrowserGraph, type BrowserPath, coverage, formatCoverage, type Observed } from './graph.ts'

// The names the site uses (MACHINE_LOG_FLAG, MACHINE_LOG_STORAGE_KEY of locale-provider.tsx); the
// component module itself is not loaded here. A mismatch leaves the log empty and every path fails.
const MACHINE_LOG_FLAG = 'machine-log'
const MACHINE_LOG_STORAGE_KEY = 'machine-log:entries'

/** Turns the site's machine log on for every page of the context, before any script of the site runs. */
export async function recordMachines(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ([flag]) => {
      try {
        window.localStorage.setItem(flag!, 'on')
      } catch {
        // A page without storage (about:blank): nothing to record there.
      }
    },
    [MACHINE_LOG_FLAG],
  )
}

/** The machine log of the page's tab: the in-page log once the site has hydrated, else the stored one. */
export async function readMachineLog(page: Page): Promise<MachineLogEntry[]> {
  await waitForHydration(page)
  return page.evaluate((key) => window.__machineLog ?? (JSON.parse(window.sessionStorage.getItem(key) ?? '[]') as MachineLogEntry[]), MACHINE_LOG_STORAGE_KEY)
}

function observedOf(entries: readonly MachineLogEntry[], machine: string): Omit<Observed, 'paths'> {
  const states = new Set<string>()
  const transitions = new Set<string>()
  for (const e of entries) {
    if (e.machine !== machine) continue
    e.states.forEach((s) => states.add(s))
    e.transitions.forEach((t) => transitions.add(t))
  }
  return { states, transitions }
}

function logFile(testInfo: TestInfo, bucket: string): string {
  // The project's output folder is emptied at the start of every run: the file holds this run only.
  const dir = join(testInfo.project.outputDir, 'machine-log')
  mkdirSync(dir, { recursive: true })
  return join(dir, `${bucket}.jsonl`)
}

/**
 * At the end of a path: reads the page's machine log, saves it under `bucket` (one per machine,
 * or per machine and provider) and checks that the site took every real transition the
 * machine's graph takes on this path, so a site that does not do what its machine says fails.
 */
export async function checkObserved(page: Page, testInfo: TestInfo, bucket: string, machine: string, path: Pick<BrowserPath, 'transitions'>): Promise<void> {
  let entries: MachineLogEntry[] = []
  const missing = async () => {
    entries = await readMachineLog(page)
    const { transitions } = observedOf(entries, machine)
    return path.transitions.filter((k) => !transitions.has(k))
  }
  // The page may still be finishing the last step: a navigation settles just after its page shows.
  let left = await missing()
  for (const until = Date.now() + 10_000; left.length > 0 && Date.now() < until; left = await missing()) await page.waitForTimeout(250)
  appendFileSync(logFile(testInfo, bucket), `${JSON.stringify({ test: testInfo.title, entries })}\n`)
  const taken = [...observedOf(entries, machine).transitions].sort().join(', ')
  expect(left, `real transitions the machine's graph takes on this path but the site did not (taken: ${taken})`).toEqual([])
}

/**
 * The coverage of everything logged under `bucket` in this run, printed; once every path of the
 * model has logged (the last worker to finish), the run fails when a reachable state or
 * transition was not taken, or one listed as unreachable was: each one left out names why in
 * the model (`unreachable`, `unreachableTransitions`).
 */
export function reportCoverage(
  testInfo: TestInfo,
  bucket: string,
  label: string,
  model: Pick<BrowserGraph, 'machine' | 'unreachable' | 'unreachableTransitions'>,
  expectedPaths: number,
): void {
  const file = logFile(testInfo, bucket)
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []
  const entries = lines.flatMap((line) => (JSON.parse(line) as { entries: MachineLogEntry[] }).entries)
  const observed: Observed = { paths: lines.length, ...observedOf(entries, model.machine.id) }
  const c = coverage(model, observed, expectedPaths)
  console.log(formatCoverage(label, c))
  // Kept after the run beside the machine tests' reports (`reports/paths/<machine>.json`); each
  // worker that finishes writes it again, the last one with every path.
  const reports = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'reports', 'paths')
  mkdirSync(reports, { recursive: true })
  const report = {
    ...c,
    label,
    source: 'tests/e2e/model (browser paths, observed by the site machine log)',
    statesTaken: [...observed.states].sort(),
    transitionsTaken: [...observed.transitions].sort(),
  }
  writeFileSync(join(reports, `browser-${bucket}.json`), `${JSON.stringify(report, null, 2)}\n`)
  if (c.paths < expectedPaths) return
  expect(c.missedStates, `${label}: reachable states no browser path entered`).toEqual([])
  expect(c.missedTransitions, `${label}: reachable transitions no browser path took`).toEqual([])
  expect(c.unexpected, `${label}: transitions taken though the model lists them unreachable`).toEqual([])
}
