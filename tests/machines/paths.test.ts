/**
 * Every machine of the site, through the paths `xstate/graph` generates from it, checked at every
 * step against the properties of its model (tests/machines/models). A machine whose behaviour
 * breaks a rule of the specification fails here, whatever its coverage.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { Coverage, checkPath, generatePaths, type CheckCount, type MachineModel } from './harness'
import { models } from './models'

const summary: { name: string; properties: number; count: CheckCount; coverage: Coverage }[] = []

for (const model of models) {
  const count: CheckCount = { paths: 0, steps: 0, checks: 0, applied: new Map() }
  const coverage = new Coverage(model.machine)
  summary.push({ name: model.name, properties: model.properties.length, count, coverage })

  describe(`${model.name}: generated paths, every property at every step`, () => {
    for (const variant of model.inputs) {
      it(`from ${variant.label}`, () => {
        const paths = generatePaths(model, variant.input)
        expect(paths.length).toBeGreaterThan(0)
        for (const path of paths) checkPath(model, path, variant.input, count, coverage)
      })
    }
    it('every property applies on some path (none is dead)', () => {
      const idle = model.properties.filter((p) => !count.applied.has(p.name)).map((p) => p.name)
      expect(idle, `${model.name}: properties that never applied`).toEqual([])
    })
    it('every state and every transition is taken (or named unreachable with its reason)', () => {
      const missing = coverage.missing()
      expect(missing.states, `${model.name}: states never entered`).toEqual([])
      const unexplained = missing.transitions.filter((key) => !(model.unreachable && key in model.unreachable))
      expect(unexplained, `${model.name}: transitions never taken`).toEqual([])
    })
  })
}

export function report(rows: typeof summary): string {
  const lines = ['machine      properties  paths   steps   checks   states  transitions']
  for (const { name, properties, count, coverage } of rows) {
    const missing = coverage.missing()
    const states = coverage.states.size
    const transitions = coverage.transitions.size
    lines.push(
      `${name.padEnd(12)} ${String(properties).padStart(10)}  ${String(count.paths).padStart(5)}  ${String(count.steps).padStart(6)}  ${String(count.checks).padStart(7)}  ${`${states}/${states + missing.states.length}`.padStart(7)}  ${`${transitions}/${transitions + missing.transitions.length}`.padStart(11)}`,
    )
  }
  return lines.join('\n')
}

afterAll(() => {
  console.log(`properties checked on generated paths\n${report(summary)}`)
})

export type { MachineModel }
