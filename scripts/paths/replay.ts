/**
 * `npm run paths -- --replay FILE.json`: every path of a saved export, taken again through today's
 * machine with the machine tests' fakes (the harness's `stepsAlong`, on `withFakes` of the
 * machine); the state after the start and after each event is compared with the saved one.
 */
import { stepsAlong, type TestEvent } from '../../tests/machines/harness.ts'
import { modelNamed } from './models.ts'
import type { PathsFile } from './schema.ts'
import { decode, stateText } from './values.ts'

export interface ReplayLine {
  machine: string
  path: number
  start: string
  /** null: it holds; else the step (0 for the start) and the two state values. */
  differs: { step: number; expected: string; got: string } | null
}

/** The paths of a file the schema accepted; a machine it names must exist (checked before). */
export function replay(file: PathsFile): ReplayLine[] {
  const lines: ReplayLine[] = []
  for (const m of file.machines) {
    const model = modelNamed(m.machine)!
    for (const p of m.paths) {
      const events = p.steps.map((s) => decode(s.event) as TestEvent)
      const expected = [p.initial.state, ...p.steps.map((s) => s.state)]
      let differs: ReplayLine['differs'] = null
      try {
        const steps = stepsAlong(model, decode(p.input), events)
        const k = expected.findIndex((state, i) => stateText(steps[i]!.after.value) !== state)
        if (k >= 0) differs = { step: k, expected: expected[k]!, got: stateText(steps[k]!.after.value) }
      } catch (error) {
        // The machine threw: at the first step whose prefix throws.
        let step = 0
        if (tries(() => stepsAlong(model, decode(p.input), []))) {
          step = 1
          while (step < events.length && tries(() => stepsAlong(model, decode(p.input), events.slice(0, step)))) step++
        }
        differs = { step, expected: expected[step]!, got: `an error (${error instanceof Error ? error.message : String(error)})` }
      }
      lines.push({ machine: m.machine, path: p.number, start: p.start, differs })
    }
  }
  return lines
}

function tries(run: () => unknown): boolean {
  try {
    run()
    return true
  } catch {
    return false
  }
}

export function replayText(line: ReplayLine): string {
  const head = `${line.machine} path ${line.path} (from "${line.start}")`
  return line.differs ? `${head}: differs at step ${line.differs.step}: expected ${line.differs.expected}, got ${line.differs.got}` : `${head}: holds`
}
