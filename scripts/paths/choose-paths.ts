/**
 * Which paths a cover takes: the fewest that take everything the graph's paths take, a shortest
 * path per state value or per vertex, or xstate/graph's simple paths within a time budget.
 */
import { getSimplePaths } from 'xstate/graph'
import { type MachineModel, type ModelInput, type Path, type Snap, scopeFor, type TestEvent, traversalOf, walkLevels } from '../../tests/machines/harness.ts'
import type { Cover } from './exported-paths.ts'
import { type Candidate, graphOf } from './harness-graph.ts'
import { json, stateText } from './values.ts'

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
