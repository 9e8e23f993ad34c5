/**
 * The generated tests of one machine's model: its graph from every input, every property at every
 * step, no property that never applies, every state and transition taken (decision 070). One test
 * file per machine, so a mutation of one machine runs that machine's tests only.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { Coverage, checkModel, type MachineModel, newCount } from './harness.ts'

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
    const missing = coverage.missing()
    const states = coverage.states.size
    const transitions = coverage.transitions.size
    console.log(
      `${model.name}: ${model.properties.length} properties checked ${count.checks} times on ${count.steps} steps of the paths to ${count.paths} states of its graphs; states ${states}/${states + missing.states.length}, transitions ${transitions}/${transitions + missing.transitions.length}`,
    )
  })
}
