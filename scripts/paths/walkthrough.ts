/**
 * A machine's paths as a product owner steps through them on its Storybook flow page (decision
 * 122): the default cover (with the machine's browser binding when it has one), each step in the
 * tester's words (or the machine's event without a binding), the states it makes active as the
 * diagram's node ids, and the requirements its checks stand for. `npm run flows` writes one per
 * machine, `docs/flows/<machine>.walk.json`.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { BINDINGS } from '../../tests/qa/bindings/index.ts'
import { exportMachine } from './cover.ts'
import type { ExportedPath, MachinePaths, PathStep, StateAt } from './exported-paths.ts'
import { MODELS, modelNamed } from './models.ts'

export interface WalkStep {
  /** What happens, in a tester's words (with a binding) or as the machine's event type. */
  words: string
  event: string
  /** The state as text (`paying.charging`; parallel regions `(edit.dirty, touch.touched)`). */
  state: string
  /** What the visitor sees, with a binding. */
  sees?: string
  /** The diagram's node ids of the active states (`paying`, `paying__charging`). */
  active: string[]
  /** The requirements (and decisions) the checks at this step stand for, each once, in order. */
  requirements: string[]
}

export interface Walkthrough {
  machine: string
  paths: { number: number; title: string; steps: WalkStep[] }[]
}

/** `paying.charging` → `paying`, `paying__charging`; `(edit.dirty, touch.touched)` → each region's. */
export function activeNodes(state: string): string[] {
  const regions = state.replace(/^\((.*)\)$/u, '$1').split(', ')
  return regions.flatMap((region) => region.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('__')))
}

function requirementsOf(at: StateAt): string[] {
  const all = at.properties.flatMap((p) => p.requirement.split(/,\s*/u))
  return all.filter((id, i) => all.indexOf(id) === i)
}

function stepOf(words: string, event: string, at: StateAt): WalkStep {
  return { words, event, state: at.state, ...(at.sees === undefined ? {} : { sees: at.sees }), active: activeNodes(at.state), requirements: requirementsOf(at) }
}

function pathOf(p: ExportedPath): Walkthrough['paths'][number] {
  const start = stepOf(p.startWords ?? `start: ${p.start}`, 'xstate.init', p.initial)
  const steps = p.steps.map((s: PathStep) => stepOf(s.words ?? s.event.type, s.event.type, s))
  return { number: p.number, title: `Path ${p.number}: ${p.startWords ?? p.start}`, steps: [start, ...steps] }
}

export function walkthroughOf(m: MachinePaths): Walkthrough {
  return { machine: m.machine, paths: m.paths.map(pathOf) }
}

/** The walkthrough of a machine's default cover, as `npm run flows` writes it. */
export function machineWalkthrough(name: string): Walkthrough {
  const model = modelNamed(name)
  if (!model) throw new Error(`no machine model named ${name}`)
  const binding = BINDINGS[name]
  const { timedOut: _, ...paths } = exportMachine({ model, starts: model.inputs.map((__, i) => i), cover: 'transitions', ...(binding ? { binding } : {}) })
  return walkthroughOf(paths)
}

/** The file's text: a line per step, so that a change to a machine shows as the steps it changes. */
export function walkthroughFile(walk: Walkthrough): string {
  const paths = walk.paths.map(
    (p) => `  {"number": ${p.number}, "title": ${JSON.stringify(p.title)}, "steps": [\n${p.steps.map((s) => `    ${JSON.stringify(s)}`).join(',\n')}\n  ]}`,
  )
  return `{"machine": ${JSON.stringify(walk.machine)}, "paths": [\n${paths.join(',\n')}\n]}\n`
}

/** Writes `<machine>.walk.json` for every machine model into `dir`; returns the files' names. */
export function writeWalkthroughs(dir: string): string[] {
  return MODELS.map((model) => {
    const file = `${model.name}.walk.json`
    writeFileSync(join(dir, file), walkthroughFile(machineWalkthrough(model.name)))
    return file
  })
}
