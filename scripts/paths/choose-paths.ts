/**
 * Which paths a cover takes, all from the graph the machine tests walk (xstate/graph's): the fewest
 * that take everything the graph's paths take, a shortest path per state value or per vertex, or
 * its simple paths, as many as `--limit` within `--time-limit`.
 */
import type { MachineModel, TestEvent } from '../../tests/machines/harness.ts'
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

/**
 * The simple paths of the tests' graph from one start (no vertex twice, as xstate/graph's
 * `getSimplePaths` lists them: one per vertex reached), depth first, until `limit` paths or the
 * deadline. Null for `stopped` when every one was listed, else why it stopped.
 */
function simplePaths(
  graph: ReturnType<typeof graphOf>,
  start: number,
  limit: number,
  deadline: number,
  runnable: (start: number, events: readonly TestEvent[]) => boolean,
): { paths: Candidate[]; stopped: 'limit' | 'time' | null } {
  const paths: Candidate[] = []
  const onPath = new Set<string>([graph.root])
  const events: TestEvent[] = []
  let stopped: 'limit' | 'time' | null = null
  const walk = (vertex: string): void => {
    for (const { event, to } of graph.next.get(vertex) ?? []) {
      if (stopped) return
      if (onPath.has(to) || !runnable(start, [...events, event])) continue
      if (paths.length >= limit) {
        stopped = 'limit'
        return
      }
      if (Date.now() > deadline) {
        stopped = 'time'
        return
      }
      events.push(event)
      paths.push({ start, events: [...events], keys: new Set<string>() })
      onPath.add(to)
      walk(to)
      onPath.delete(to)
      events.pop()
    }
  }
  walk(graph.root)
  return { paths, stopped }
}

export interface Selection {
  model: MachineModel
  /** Indexes into `model.inputs`. */
  starts: number[]
  cover: Cover
  limit?: number
  /** For `simple`: how long the walk may take, in all. */
  timeLimitMs?: number
  /** Only the paths a browser can take (decision 122): the start opens, and every event is caused. */
  runnable?: (start: number, events: readonly TestEvent[]) => boolean
}

/** The chosen paths, and for `simple`, whether the walk stopped at the time limit before `limit`. */
export interface Chosen {
  paths: Candidate[]
  timedOut: boolean
  /** The graph's edges a browser cannot take (with `runnable`): what the transitions they alone take would need. */
  excluded: Candidate[]
}

/** The chosen paths of a model (events only), as the cover asks. */
export function choosePaths(sel: Selection): Chosen {
  const { model, starts, cover } = sel
  let chosen: Candidate[]
  let excluded: Candidate[] = []
  if (cover === 'simple') {
    chosen = []
    const deadline = Date.now() + (sel.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS)
    for (const i of starts) {
      const room = (sel.limit ?? Infinity) - chosen.length
      if (room <= 0) break
      const { paths, stopped } = simplePaths(graphOf(model, model.inputs[i]!, i), i, room, deadline, sel.runnable ?? (() => true))
      chosen.push(...paths)
      if (stopped === 'time') return { paths: chosen, timedOut: true, excluded: [] }
    }
  } else {
    const graphs = starts.map((i) => ({ i, graph: graphOf(model, model.inputs[i]!, i) }))
    const runnable = sel.runnable ?? (() => true)
    excluded = graphs.flatMap((g) => g.graph.edges).filter((c) => !runnable(c.start, c.events))
    if (cover === 'transitions') {
      // A start is a path too, with no step: what it alone takes (a page that offers nothing more) is checked there.
      const starts = graphs.flatMap(({ i, graph }) =>
        graph.vertices.filter((v) => v.events.length === 0).map((v) => ({ start: i, events: v.events, keys: v.keys })),
      )
      const picked = withoutPrefixes(greedy([...graphs.flatMap((g) => g.graph.edges), ...starts].filter((c) => runnable(c.start, c.events))))
      chosen = picked.sort((a, b) => a.start - b.start)
    } else if (cover === 'states') {
      const byValue = new Map<string, Candidate>()
      for (const { i, graph } of graphs)
        for (const v of graph.vertices.filter((vertex) => runnable(i, vertex.events))) {
          const value = stateText(v.state.value)
          const known = byValue.get(value)
          if (!known || v.events.length < known.events.length) byValue.set(value, { start: i, events: v.events, keys: v.keys })
        }
      chosen = withoutPrefixes([...byValue.values()]).sort((a, b) => a.start - b.start)
    } else {
      chosen = graphs.flatMap(({ i, graph }) => graph.vertices.filter((v) => runnable(i, v.events)).map((v) => ({ start: i, events: v.events, keys: v.keys })))
    }
  }
  return { paths: sel.limit === undefined ? chosen : chosen.slice(0, sel.limit), timedOut: false, excluded }
}

/** How long `--cover simple` walks unless `--time-limit` says otherwise. */
export const DEFAULT_TIME_LIMIT_MS = 30_000
