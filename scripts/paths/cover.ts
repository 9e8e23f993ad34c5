/**
 * The paths of a machine model, from the graph the machine tests walk (tests/machines/harness.ts):
 * the same machine with its fakes, the same events offered, the same vertex key and traversal
 * (`traversalOf`), the same first levels for a start with a `depth` (`walkLevels`). Nothing here
 * generates paths of its own: xstate/graph's adjacency map, shortest paths and simple paths are
 * the sources, and each chosen path is taken again with the harness's `stepsAlong`, its
 * properties applied and checked by the harness's `appliesAt` and `checkStep`. The graph is built
 * in harness-graph.ts and the paths a cover takes are chosen in choose-paths.ts.
 */
import {
  allStateNodes,
  allTransitionKeys,
  appliesAt,
  Coverage,
  checkStep,
  type MachineModel,
  newCount,
  type Snap,
  type Step,
  stepsAlong,
  type TestEvent,
} from '../../tests/machines/harness.ts'
import { type Binding, stepWords, whyNotInBrowser } from '../../tests/qa/binding.ts'
import { choosePaths, type Selection } from './choose-paths.ts'
import type { ExportedPath, MachinePaths, PropertyRef, StateAt, Summary } from './exported-paths.ts'
import type { Candidate } from './harness-graph.ts'
import { stateText } from './values.ts'

const refOf = (p: { name: string; requirement: string }): PropertyRef => ({ name: p.name, requirement: p.requirement })
const tagsOf = (s: Snap) => [...s.tags].map(String).sort()

/** Why a browser cannot take a path: its start, or the first of its events that no browser causes in its state; null when it can. */
function whyNotWalked(binding: Binding, model: MachineModel, startIndex: number, events: readonly TestEvent[]): string | null {
  const { label, input } = model.inputs[startIndex]!
  const start = binding.starts[label]
  if (!start) return `no browser opens the start "${label}"`
  if ('unreachable' in start) return start.unreachable
  // The states along the path only when the binding asks about them: most events are the same in every state.
  const steps = binding.unreachableAt ? stepsAlong(model, input, events) : null
  for (const [i, event] of events.entries()) {
    const why = whyNotInBrowser(binding, event, steps ? steps[i]!.after : null)
    if (why !== null) return why
  }
  return null
}

/**
 * The paths of a model, each step taken again by the harness: the state and tags reached, and the
 * properties it checks there (checked now: a property that fails throws, as in the machine tests).
 */
export function exportMachine(sel: Selection & { binding?: Binding }): MachinePaths & { timedOut: boolean } {
  const { model, binding } = sel
  const coverage = new Coverage(model.machine)
  const count = newCount()
  const runnable = binding ? (start: number, events: readonly TestEvent[]) => whyNotWalked(binding, model, start, events) === null : undefined
  const chosen = choosePaths({ ...sel, ...(runnable ? { runnable } : {}) })
  const paths: ExportedPath[] = chosen.paths.map((candidate, n) => {
    const variant = model.inputs[candidate.start]!
    const steps = stepsAlong(model, variant.input, candidate.events, coverage)
    const union = new Map<string, PropertyRef>()
    const at = (step: Step, i: number): StateAt => {
      checkStep(model, step, count, () => `path ${n + 1} from "${variant.label}", step ${i}`)
      const properties = model.properties.filter((p) => appliesAt(p, step)).map(refOf)
      for (const p of properties) union.set(p.name, p)
      return {
        state: stateText(step.after.value),
        ...(binding ? { sees: binding.view(step.after, step.event).words } : {}),
        tags: tagsOf(step.after),
        properties,
      }
    }
    const initial = at(steps[0]!, 0)
    const rest = steps.slice(1).map((step, i) => {
      const bound = binding?.events[step.event.type]
      const words = binding && bound && !('unreachable' in bound) ? { words: stepWords(binding, step.event), by: bound.by } : {}
      return { step: i + 1, event: step.event, ...words, ...at(step, i + 1) }
    })
    const start = binding?.starts[variant.label]
    return {
      number: n + 1,
      start: variant.label,
      ...(start && !('unreachable' in start) ? { startWords: start.words } : {}),
      input: variant.input,
      initial,
      steps: rest,
      properties: model.properties.filter((p) => union.has(p.name)).map(refOf),
    }
  })
  const summary = summaryOf(model, coverage, paths, count.applied)
  const browser = binding ? { notInBrowser: notInBrowser(binding, model, summary.transitions.missing, chosen.excluded) } : undefined
  return { machine: model.name, cover: sel.cover, paths, summary, ...(browser ? { browser } : {}), timedOut: chosen.timedOut }
}

/** Each transition no browser path takes, with the reason of a path of the tests' graph that would take it. */
function notInBrowser(binding: Binding, model: MachineModel, missing: readonly string[], excluded: readonly Candidate[]) {
  return missing.map((transition) => {
    const witness = excluded.find((c) => c.keys.has(transition))
    const reason = witness ? whyNotWalked(binding, model, witness.start, witness.events) : null
    return { transition, reason: reason ?? 'no path of the tests’ graph reaches it with a browser’s steps' }
  })
}

function summaryOf(model: MachineModel, coverage: Coverage, paths: ExportedPath[], applied: Map<string, number>): Summary {
  const states = allStateNodes(model.machine).map((n) => n.id)
  const unreachable = Object.keys(model.unreachable ?? {})
  const all = allTransitionKeys(model.machine)
  const reachable = all.filter((k) => !unreachable.includes(k))
  const coveredStates = states.filter((s) => coverage.states.has(s))
  const coveredTransitions = reachable.filter((k) => coverage.transitions.has(k))
  return {
    states: { covered: coveredStates.length, reachable: states.length, keys: coveredStates, missing: states.filter((s) => !coverage.states.has(s)) },
    transitions: {
      covered: coveredTransitions.length,
      reachable: reachable.length,
      total: all.length,
      keys: coveredTransitions,
      missing: reachable.filter((k) => !coverage.transitions.has(k)),
      unreachable,
    },
    paths: paths.length,
    steps: paths.reduce((n, p) => n + p.steps.length, 0),
    properties: {
      checked: model.properties.filter((p) => applied.has(p.name)).length,
      total: model.properties.length,
      checks: model.properties.map((p) => ({ ...refOf(p), count: applied.get(p.name) ?? 0 })),
    },
    starts: [...new Set(paths.map((p) => p.start))],
    inputs: model.inputs.length,
  }
}
