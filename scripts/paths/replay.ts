/**
 * `npm run paths -- --replay FILE.json`: every path of a saved export, taken again through today's
 * machine with the machine tests' fakes (the harness's `stepsAlong`, on `withFakes` of the
 * machine); after the start and after each event the state, its tags and the properties checked
 * there (the rules, by name) are compared with the saved ones, and the first difference is told.
 */
import { appliesAt, type Step, stepsAlong, type TestEvent } from '../../tests/machines/harness.ts'
import { modelNamed } from './models.ts'
import type { PathsFile } from './schema.ts'
import { decode, stateText } from './values.ts'

export interface ReplayLine {
  machine: string
  path: number
  start: string
  /** null: it holds; else the step (0 for the start), what differs there, and the two values as text. */
  differs: { step: number; what: 'state' | 'tags' | 'properties'; expected: string; got: string } | null
}

type Saved = { state: string; tags: string[]; properties: { name: string }[] }

/** The first of state, tags and properties that differs between a saved step and today's, or null. */
function difference(saved: Saved, step: Step, model: NonNullable<ReturnType<typeof modelNamed>>): Omit<NonNullable<ReplayLine['differs']>, 'step'> | null {
  const state = stateText(step.after.value)
  if (state !== saved.state) return { what: 'state', expected: saved.state, got: state }
  const tags = [...step.after.tags].map(String).sort().join(', ')
  const savedTags = [...saved.tags].sort().join(', ')
  if (tags !== savedTags) return { what: 'tags', expected: savedTags || 'none', got: tags || 'none' }
  const properties = model.properties
    .filter((p) => appliesAt(p, step))
    .map((p) => p.name)
    .sort()
    .join('; ')
  const savedProperties = saved.properties
    .map((p) => p.name)
    .sort()
    .join('; ')
  if (properties !== savedProperties) return { what: 'properties', expected: savedProperties || 'none', got: properties || 'none' }
  return null
}

/** The paths of a file the schema accepted; a machine it names must exist (checked before). */
export function replay(file: PathsFile): ReplayLine[] {
  const lines: ReplayLine[] = []
  for (const m of file.machines) {
    const model = modelNamed(m.machine)!
    for (const p of m.paths) {
      const events = p.steps.map((s) => decode(s.event) as TestEvent)
      const saved: Saved[] = [p.initial, ...p.steps]
      let differs: ReplayLine['differs'] = null
      try {
        const steps = stepsAlong(model, decode(p.input), events)
        for (let k = 0; k < saved.length && differs === null; k++) {
          const found = difference(saved[k]!, steps[k]!, model)
          if (found) differs = { step: k, ...found }
        }
      } catch (error) {
        // The machine threw: at the first step whose prefix throws.
        let step = 0
        if (tries(() => stepsAlong(model, decode(p.input), []))) {
          step = 1
          while (step < events.length && tries(() => stepsAlong(model, decode(p.input), events.slice(0, step)))) step++
        }
        differs = { step, what: 'state', expected: saved[step]!.state, got: `an error (${error instanceof Error ? error.message : String(error)})` }
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
  if (!line.differs) return `${head}: holds`
  const { step, what, expected, got } = line.differs
  const said = what === 'state' ? `expected ${expected}, got ${got}` : `expected the ${what} ${expected}, got ${got}`
  return `${head}: differs at step ${step}: ${said}`
}
