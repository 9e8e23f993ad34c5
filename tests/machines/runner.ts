/**
 * The generated tests of one machine's model: its graph from every input, every property at every
 * step, no property that never applies, every state and transition taken (decision 070). One test
 * file per machine, so a mutation of one machine runs that machine's tests only.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { allStateNodes, allTransitionKeys, type CheckCount, Coverage, checkModel, type MachineModel, newCount } from './harness.ts'

/** Where the machine tests leave their coverage: one file per machine, kept after the run (reports/ is not in git). */
export const REPORTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'reports', 'paths')

/** `reports/paths/<machine>.json`: what the machine tests took of the machine, and what they checked how often. */
export function machineReport(model: MachineModel, count: CheckCount, coverage: Coverage) {
  const states = allStateNodes(model.machine).map((n) => n.id)
  const unreachable = model.unreachable ?? {}
  const transitions = allTransitionKeys(model.machine)
  const reachable = transitions.filter((k) => !(k in unreachable))
  return {
    machine: model.name,
    source: 'tests/machines (the machine tests: every edge of the graph from every start)',
    states: { covered: states.filter((s) => coverage.states.has(s)), missing: states.filter((s) => !coverage.states.has(s)), total: states.length },
    transitions: {
      covered: reachable.filter((k) => coverage.transitions.has(k)),
      missing: reachable.filter((k) => !coverage.transitions.has(k)),
      reachable: reachable.length,
      total: transitions.length,
      unreachable,
    },
    properties: model.properties.map((p) => ({ name: p.name, requirement: p.requirement, checks: count.applied.get(p.name) ?? 0 })),
    /** Vertices of the graphs (one shortest path leads to each) and steps checked (the starts and every edge). */
    paths: count.paths,
    steps: count.steps,
    checks: count.checks,
    starts: model.inputs.map((i) => i.label),
  }
}

export function runModel(model: MachineModel): void {
  const count = newCount()
  const coverage = new Coverage(model.machine)
  describe(`${model.name}: every property at every step of the generated paths`, () => {
    for (const variant of model.inputs) {
      it(`from ${variant.label}`, () => {
        checkModel(model, variant, count, coverage)
      })
    }
    it('every property applies on some step (none is dead)', () => {
      const idle = model.properties.filter((p) => !count.applied.has(p.name)).map((p) => p.name)
      expect(idle, `${model.name}: properties that never applied`).toEqual([])
    })
    it('every state and every transition is taken (or named unreachable with its reason)', () => {
      const missing = coverage.missing()
      expect(missing.states, `${model.name}: states never entered`).toEqual([])
      const unexplained = missing.transitions.filter((key) => !(model.unreachable && key in model.unreachable))
      expect(unexplained, `${model.name}: transitions never taken`).toEqual([])
      const stale = Object.keys(model.unreachable ?? {}).filter((key) => coverage.transitions.has(key))
      expect(stale, `${model.name}: transitions named unreachable that were taken`).toEqual([])
    })
  })
  afterAll(() => {
    mkdirSync(REPORTS_DIR, { recursive: true })
    writeFileSync(join(REPORTS_DIR, `${model.name}.json`), `${JSON.stringify(machineReport(model, count, coverage), null, 2)}\n`)
    const missing = coverage.missing()
    const states = coverage.states.size
    const transitions = coverage.transitions.size
    console.log(
      `${model.name}: ${model.properties.length} properties checked ${count.checks} times on ${count.steps} steps of the paths to ${count.paths} states of its graphs; states ${states}/${states + missing.states.length}, transitions ${transitions}/${transitions + missing.transitions.length}`,
    )
  })
}
