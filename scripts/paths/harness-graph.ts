/**
 * The graph the machine tests walk from one start, each edge and vertex with the path that reaches
 * it and what that path takes: the candidates the covers choose from.
 */
import type { InspectionEvent } from 'xstate'
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph'
import {
  appliesAt,
  Coverage,
  type MachineModel,
  type ModelInput,
  type Path,
  type Snap,
  type Step,
  stepperFor,
  type TestEvent,
  traversalOf,
  walkLevels,
} from '../../tests/machines/harness.ts'

/** A path the harness walks: the start it comes from and the events it sends. */
export interface Candidate {
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
  /** The start's vertex, and each vertex's edges (the event, and the vertex it leads to): the graph as a simple path walks it. */
  root: string
  next: Map<string, { event: TestEvent; to: string }[]>
}

/**
 * The graph `checkModel` walks from one start. Each edge and vertex also carries what its path
 * takes: the transitions and states, observed on the machine itself (its microsteps, as `Coverage`
 * reads them), and the properties the harness checks on its steps.
 */
export function graphOf(model: MachineModel, variant: ModelInput, start: number): Graph {
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
  const next = new Map<string, { event: TestEvent; to: string }[]>()
  const edge = (from: Vertex, event: TestEvent) => {
    const { after, keys } = step(from.state, event)
    edges.push({ start, events: [...from.events, event], keys: new Set([...from.keys, ...keys]) })
    const key = serialize(from.state)
    next.set(key, [...(next.get(key) ?? []), { event, to: serialize(after) }])
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
  return { vertices: [...vertices.values()], edges, root: serialize(initial.after), next }
}
