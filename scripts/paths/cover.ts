/**
 * The paths of a machine model, from the graph the machine tests walk (tests/machines/harness.ts):
 * the same machine with its fakes, the same events offered, the same vertex key and traversal
 * (`traversalOf`), the same first levels for a start with a `depth` (`walkLevels`). Nothing here
 * generates paths of its own: xstate/graph's adjacency map, shortest paths and simple paths are
 * the sources, and each chosen path is taken again with the harness's `stepsAlong`, its
 * properties applied and checked by the harness's `appliesAt` and `checkStep`.
 */
import type { InspectionEvent } from 'xstate'
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from 'xstate/graph'
import {
  allStateNodes,
  allTransitionKeys,
  appliesAt,
  Coverage,
  checkStep,
  type MachineModel,
  type ModelInput,
  newCount,
  type Path,
  type Snap,
  type Step,
  scopeFor,
  stepperFor,
  stepsAlong,
  type TestEvent,
  traversalOf,
  walkLevels,
} from '../../tests/machines/harness.ts'
import { json, stateText } from './values.ts'

export const COVERS = ['transitions', 'states', 'shortest', 'simple'] as const
export type Cover = (typeof COVERS)[number]

export interface PropertyRef {
  name: string
  requirement: string
}
export interface StateAt {
  /** The state value as text (`stateText`). */
  state: string
  tags: string[]
  /** The properties the harness checked at this step (they held). */
  properties: PropertyRef[]
}
export interface PathStep extends StateAt {
  /** 1 for the first event. */
  step: number
  event: TestEvent
}
export interface ExportedPath {
  /** 1, 2, … in the machine. */
  number: number
  start: string
  input: unknown
  initial: StateAt
  steps: PathStep[]
  /** Every property checked somewhere on the path. */
  properties: PropertyRef[]
}
export interface Summary {
  states: { covered: number; reachable: number; keys: string[]; missing: string[] }
  transitions: { covered: number; reachable: number; total: number; keys: string[]; missing: string[]; unreachable: string[] }
  paths: number
  steps: number
  properties: { checked: number; total: number; checks: (PropertyRef & { count: number })[] }
  /** The labels of the start inputs the paths come from. */
  starts: string[]
  /** How many start inputs the model has. */
  inputs: number
}
export interface MachinePaths {
  machine: string
  cover: Cover
  paths: ExportedPath[]
  summary: Summary
}

/** A path the harness walks: the start it comes from and the events it sends. */
interface Candidate {
  start: number
  events: TestEvent[]
  /** The transitions (`source event[i]`) and states (`state id`) its steps take. */
  keys: Set<string>
}

interface Vertex {
  state: Snap
  events: TestEvent[]
  keys: Set<string>
}

interface Graph {
  vertices: Vertex[]
  /** Every edge the harness checks: the shortest path to its source and the edge. */
  edges: Candidate[]
}

/**
 * The graph `checkModel` walks from one start. Each edge and vertex also carries what its path
 * takes: the transitions and states, observed on the machine itself (its microsteps, as `Coverage`
 * reads them), and the properties the harness checks on its steps.
 */
function graphOf(model: MachineModel, variant: ModelInput, start: number): Graph {
  const { offered, serialize, traversal, machine } = traversalOf(model, variant)
  let sink: Coverage | null = null
  const stepper = stepperFor(model, variant.input, { record: (e: InspectionEvent) => sink?.record(e) })
  const observe = (take: () => Step) => {
    const coverage = new Coverage(model.machine)
    sink = coverage
    const step = take()
    sink = null
    const properties = model.properties.filter((p) => appliesAt(p, step)).map((p) => `property ${p.name}`)
    return { after: step.after, keys: [...coverage.transitions, ...[...coverage.states].map((s) => `state ${s}`), ...properties] }
  }
  const initial = observe(() => stepper.start())
  const taken = new Map<string, { after: Snap; keys: string[] }>()
  const step = (from: Snap, event: TestEvent) => {
    const id = `${serialize(from)}\n${JSON.stringify(event)}`
    let known = taken.get(id)
    if (!known) {
      known = observe(() => stepper.next(from, event))
      taken.set(id, known)
    }
    return known
  }
  const vertices = new Map<string, Vertex>()
  const edges: Candidate[] = []
  const edge = (from: Vertex, event: TestEvent) => {
    edges.push({ start, events: [...from.events, event], keys: new Set([...from.keys, ...step(from.state, event).keys]) })
  }
  if (variant.depth === undefined) {
    for (const path of getShortestPaths(machine, traversal) as unknown as Path[]) {
      const keys = new Set(initial.keys)
      for (let i = 1; i < path.steps.length; i++) for (const k of step(path.steps[i - 1]!.state, path.steps[i]!.event as TestEvent).keys) keys.add(k)
      vertices.set(serialize(path.state), { state: path.state, events: path.steps.slice(1).map((s) => s.event as TestEvent), keys })
    }
    const adjacency = getAdjacencyMap(machine, traversal) as unknown as Record<string, { transitions: Record<string, { event: TestEvent }> }>
    for (const [key, { transitions }] of Object.entries(adjacency)) {
      const from = vertices.get(key)
      if (!from) throw new Error(`${model.name}: xstate/graph gave no shortest path to a vertex of its adjacency map`)
      for (const { event } of Object.values(transitions)) edge(from, event)
    }
  } else {
    vertices.set(serialize(initial.after), { state: initial.after, events: [], keys: new Set(initial.keys) })
    walkLevels(initial.after, variant.depth, offered, serialize, (from, event) => step(from, event).after, {
      edge: (fromState, event, after, isNew) => {
        const from = vertices.get(serialize(fromState))!
        edge(from, event)
        if (isNew)
          vertices.set(serialize(after), { state: after, events: [...from.events, event], keys: new Set([...from.keys, ...step(fromState, event).keys]) })
      },
    })
  }
  return { vertices: [...vertices.values()], edges }
}

const sameEvents = (a: readonly TestEvent[], b: readonly TestEvent[]) => a.length === b.length && a.every((e, i) => json(e) === json(b[i]))
function isPrefix(a: Candidate, b: Candidate): boolean {
  return a !== b && a.start === b.start && a.events.length <= b.events.length && sameEvents(a.events, b.events.slice(0, a.events.length))
}
/** Drops a path that is a prefix of another (or the same as one before it). */
function withoutPrefixes(paths: Candidate[]): Candidate[] {
  return paths.filter((p, i) => !paths.some((q, j) => isPrefix(p, q) && (p.events.length < q.events.length || j < i)))
}

/** The fewest paths that take every transition, state and property some path takes: greedy, the shorter path on a tie. */
function greedy(candidates: Candidate[]): Candidate[] {
  const open = new Set(candidates.flatMap((c) => [...c.keys]))
  const chosen: Candidate[] = []
  while (open.size) {
    let best: Candidate | null = null
    let bestGain = 0
    for (const c of candidates) {
      let gain = 0
      for (const k of c.keys) if (open.has(k)) gain++
      if (gain > bestGain || (gain === bestGain && best && gain > 0 && c.events.length < best.events.length)) {
        best = c
        bestGain = gain
      }
    }
    if (!best) break
    chosen.push(best)
    for (const k of best.keys) open.delete(k)
  }
  return chosen
}

export class SimplePathsTooLong extends Error {}

/** xstate/graph's simple paths from a start, at most `limit` (the graph of a `depth` start stops where the harness stops). */
function simplePaths(model: MachineModel, variant: ModelInput, start: number, limit: number, budgetMs: number): Candidate[] {
  const { machine, serialize, traversal, offered } = traversalOf(model, variant)
  let stopWhen: ((s: Snap) => boolean) | undefined
  if (variant.depth !== undefined) {
    const { actorScope } = scopeFor(machine, variant.input, null)
    const expanded = new Set<string>()
    const first = machine.getInitialSnapshot(actorScope as never, variant.input as never) as Snap
    walkLevels(first, variant.depth, offered, serialize, (s, e) => machine.transition(s as never, e as never, actorScope as never) as Snap, {
      state: (s) => void expanded.add(serialize(s)),
    })
    stopWhen = (s) => !expanded.has(serialize(s))
  }
  // getSimplePaths enumerates every simple path before it returns: past the budget, it is stopped.
  const until = Date.now() + budgetMs
  let calls = 0
  const bounded = (s: Snap) => {
    if (++calls % 1000 === 0 && Date.now() > until)
      throw new SimplePathsTooLong(
        `${model.name}: its simple paths from "${variant.label}" take longer than ${budgetMs / 1000} s to list; use --cover transitions, states or shortest`,
      )
    return serialize(s)
  }
  const paths = getSimplePaths(machine, {
    ...traversal,
    serializeState: bounded as never,
    ...(stopWhen ? { stopWhen: stopWhen as never } : {}),
  }) as unknown as Path[]
  return paths
    .filter((p) => p.steps.length > 1)
    .slice(0, limit)
    .map((p) => ({ start, events: p.steps.slice(1).map((s) => s.event as TestEvent), keys: new Set<string>() }))
}

export interface Selection {
  model: MachineModel
  /** Indexes into `model.inputs`. */
  starts: number[]
  cover: Cover
  limit?: number
  /** For `simple`: how long xstate/graph may take per start. */
  simpleBudgetMs?: number
}

/** The chosen paths of a model (events only), as the cover asks. */
export function choosePaths(sel: Selection): Candidate[] {
  const { model, starts, cover } = sel
  let chosen: Candidate[]
  if (cover === 'simple') {
    chosen = []
    for (const i of starts) {
      if (sel.limit !== undefined && chosen.length >= sel.limit) break
      chosen.push(...simplePaths(model, model.inputs[i]!, i, (sel.limit ?? Infinity) - chosen.length, sel.simpleBudgetMs ?? 30_000))
    }
  } else {
    const graphs = starts.map((i) => ({ i, graph: graphOf(model, model.inputs[i]!, i) }))
    if (cover === 'transitions') {
      const picked = withoutPrefixes(greedy(graphs.flatMap((g) => g.graph.edges)))
      chosen = picked.sort((a, b) => a.start - b.start)
    } else if (cover === 'states') {
      const byValue = new Map<string, Candidate>()
      for (const { i, graph } of graphs)
        for (const v of graph.vertices) {
          const value = stateText(v.state.value)
          const known = byValue.get(value)
          if (!known || v.events.length < known.events.length) byValue.set(value, { start: i, events: v.events, keys: v.keys })
        }
      chosen = withoutPrefixes([...byValue.values()]).sort((a, b) => a.start - b.start)
    } else {
      chosen = graphs.flatMap(({ i, graph }) => graph.vertices.map((v) => ({ start: i, events: v.events, keys: v.keys })))
    }
  }
  return sel.limit === undefined ? chosen : chosen.slice(0, sel.limit)
}

const refOf = (p: { name: string; requirement: string }): PropertyRef => ({ name: p.name, requirement: p.requirement })
const tagsOf = (s: Snap) => [...s.tags].map(String).sort()

/**
 * The paths of a model, each step taken again by the harness: the state and tags reached, and the
 * properties it checks there (checked now: a property that fails throws, as in the machine tests).
 */
export function exportMachine(sel: Selection): MachinePaths {
  const { model } = sel
  const coverage = new Coverage(model.machine)
  const count = newCount()
  const paths: ExportedPath[] = choosePaths(sel).map((candidate, n) => {
    const variant = model.inputs[candidate.start]!
    const steps = stepsAlong(model, variant.input, candidate.events, coverage)
    const union = new Map<string, PropertyRef>()
    const at = (step: Step, i: number): StateAt => {
      checkStep(model, step, count, () => `path ${n + 1} from "${variant.label}", step ${i}`)
      const properties = model.properties.filter((p) => appliesAt(p, step)).map(refOf)
      for (const p of properties) union.set(p.name, p)
      return { state: stateText(step.after.value), tags: tagsOf(step.after), properties }
    }
    const initial = at(steps[0]!, 0)
    const rest = steps.slice(1).map((step, i) => ({ step: i + 1, event: step.event, ...at(step, i + 1) }))
    return {
      number: n + 1,
      start: variant.label,
      input: variant.input,
      initial,
      steps: rest,
      properties: model.properties.filter((p) => union.has(p.name)).map(refOf),
    }
  })
  return { machine: model.name, cover: sel.cover, paths, summary: summaryOf(model, coverage, paths, count.applied) }
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
