/**
 * Browser paths from the machines the site runs (decision 074).
 *
 * A browser model names what a visitor or the world can do on a page — a click, a file that
 * fails, a card that is declined — and, for each, the real events that reach the site's machine
 * when it happens. Nothing else is written by hand: `xstate/graph` walks the real machine (its
 * side effects replaced by inert fakes, as in the machine tests) with those steps as its events,
 * and a step is offered in a state only where the machine takes every one of its events. From
 * that graph come the paths, and the real transitions and states each step takes, read from the
 * machine's own microsteps. A greedy cover keeps the fewest paths that take every real transition
 * a browser can reach; whatever no path can take must be listed with the reason, and a listed
 * reason that a path disproves fails too.
 *
 * Each path then drives the real site in Chromium; what the page must show is a map beside the
 * tests, keyed by the real state (and its context). The site logs the transitions its machines
 * really take (observe.ts): a path fails when the site did not take what the machine's graph says.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import { allStateNodes, allTransitionKeys, Coverage, type Snap, scopeFor, type TestEvent, withFakes } from '../../machines/harness.ts'

/** A new document: the machine starts again, with the input the new page gives it. */
export interface Restart {
  restart: (before: Snap) => unknown
}
/** The visitor leaves the machine's page (a link, a redirect): only a new document (a restart) comes next. */
export interface Leave {
  leave: true
}
export type RealEvent = TestEvent | Restart | Leave

/** Snapshots after which the visitor is on another page. */
const left = new WeakSet<Snap>()
/** Whether the visitor has left the machine's page in this state. */
export const hasLeft = (s: Snap): boolean => left.has(s)

export interface BrowserStep {
  /** The real events (and document loads) the browser action causes, in order, given the state before it; null where a visitor cannot take the step. */
  events: (before: Snap) => readonly RealEvent[] | null
}

/** Where a path begins: the first document's input and the real events of its load, before the first check. */
export interface Start {
  input: unknown
  load?: readonly TestEvent[]
}

export interface BrowserGraph<Step extends string = string, StartName extends string = string> {
  machine: AnyStateMachine
  starts: Record<StartName, Start>
  steps: Record<Step, BrowserStep>
  /** Two snapshots a browser cannot tell apart in what comes next are one vertex. */
  serializeState: (s: Snap) => string
  /** The longest path, in browser steps. */
  maxSteps: number
  /** Real states no browser path can reach, with the reason. */
  unreachable: Record<string, string>
  /** Real transitions no browser path can take, with the reason (those from or into an unreachable state need none). */
  unreachableTransitions?: Record<string, string>
}

export interface PathStep<Step extends string = string> {
  step: Step
  before: Snap
  after: Snap
  /** Real transition keys (`<source id> <event>[i]`) the step takes. */
  transitions: string[]
}

export interface BrowserPath<Step extends string = string, StartName extends string = string> {
  name: string
  /** Which start it begins at. */
  from: StartName
  start: Snap
  /** The first load's transitions. */
  load: string[]
  steps: PathStep<Step>[]
  /** Every real transition of the path: the load's and each step's. */
  transitions: string[]
  states: string[]
}

/** Microsteps as the machine reports them: what a step took, cleared before each step. */
class StepRecorder extends Coverage {
  microsteps = 0
  override record(event: Parameters<Coverage['record']>[0]): void {
    super.record(event)
    if (event.type === '@xstate.microstep' && (event._transitions as unknown[]).length > 0) this.microsteps++
  }
  reset(): void {
    this.states.clear()
    this.transitions.clear()
    this.microsteps = 0
  }
}

const isRestart = (event: RealEvent): event is Restart => typeof (event as Partial<Restart>).restart === 'function' && !('type' in event)
const isLeave = (event: RealEvent): event is Leave => (event as Partial<Leave>).leave === true && !('type' in event)

const ANSWER = /^xstate\.(?:done|error)\.actor\.(.+)$/u

function stepper(graph: BrowserGraph, from: Start) {
  const machine = withFakes(graph.machine)
  const recorder = new StepRecorder(machine)
  const { actorScope } = scopeFor(machine, from.input, recorder)
  const start = (input: unknown) => machine.getInitialSnapshot(actorScope as never, input as never) as Snap

  /** Takes the events; null when the machine does not take one of them (the step is not offered here). */
  const take = (from: Snap, events: readonly RealEvent[] | null): { after: Snap; transitions: string[]; states: string[] } | null => {
    if (events === null) return null
    // Once the page is left, only a new document goes on.
    if (left.has(from) && !(events[0] && isRestart(events[0]))) return null
    recorder.reset()
    let snapshot = from
    let leaving = false
    for (const event of events) {
      if (isRestart(event)) {
        snapshot = start(event.restart(snapshot))
        leaving = false
        continue
      }
      if (isLeave(event)) {
        leaving = true
        continue
      }
      // An actor's answer only comes while the actor runs.
      const answer = ANSWER.exec(event.type)
      if (answer && !(answer[1]! in snapshot.children)) return null
      const before = recorder.microsteps
      snapshot = machine.transition(snapshot as never, event as never, actorScope as never) as Snap
      if (recorder.microsteps === before) return null
    }
    if (leaving) {
      // A copy marks the snapshot as left, whatever else reaches the same snapshot.
      snapshot = Object.assign(Object.create(Object.getPrototypeOf(snapshot) as object) as Snap, snapshot)
      left.add(snapshot)
    }
    return { after: snapshot, transitions: [...recorder.transitions].sort(), states: [...recorder.states].sort() }
  }

  const initial = () => {
    const loaded = take(start(from.input), from.load ?? [])
    if (!loaded) throw new Error(`${graph.machine.id}: the machine does not take the page load's events`)
    return loaded
  }
  return { take, initial }
}

/** A path while paths are chosen: its transitions and states as sets. */
interface Candidate<Step extends string> extends Omit<BrowserPath<Step>, 'transitions' | 'states'> {
  transitions: Set<string>
  states: Set<string>
}

function walk<Step extends string>(graph: BrowserGraph<Step>, from: string, names: readonly Step[]): Candidate<Step> | null {
  const { take, initial } = stepper(graph as BrowserGraph, graph.starts[from]!)
  const first = initial()
  const transitions = new Set(first.transitions)
  const states = new Set(first.states)
  const steps: PathStep<Step>[] = []
  let current = first.after
  for (const step of names) {
    const taken = take(current, graph.steps[step].events(current))
    if (!taken) return null
    taken.transitions.forEach((k) => transitions.add(k))
    taken.states.forEach((s) => states.add(s))
    steps.push({ step, before: current, after: taken.after, transitions: taken.transitions })
    current = taken.after
  }
  const sequence = names.length ? names.join(' → ') : '(the page as loaded)'
  const name = Object.keys(graph.starts).length > 1 ? `${from}: ${sequence}` : sequence
  return { name, from, start: first.after, load: first.transitions, steps, transitions, states }
}

/** The graph of the real machine with the browser's steps as events, by xstate/graph: one shortest step sequence per vertex. */
function shortestSequences<Step extends string>(graph: BrowserGraph<Step>, from: string): Step[][] {
  const { take, initial } = stepper(graph as BrowserGraph, graph.starts[from]!)
  const names = Object.keys(graph.steps) as Step[]
  const logic = {
    ...graph.machine,
    config: graph.machine.config,
    getInitialSnapshot: () => initial().after,
    // A step the state does not offer leaves it as it is.
    transition: (snapshot: Snap, event: { type: Step }) => take(snapshot, graph.steps[event.type].events(snapshot))?.after ?? snapshot,
  } as unknown as AnyStateMachine
  const paths = getShortestPaths(logic, {
    events: () => names.map((type) => ({ type })),
    serializeState: ((s: Snap) => `${left.has(s) ? 'left ' : ''}${graph.serializeState(s)}`) as never,
    limit: 20_000,
  })
  return paths.map((p) => p.steps.filter((s) => s.event.type !== 'xstate.init').map((s) => s.event.type as Step)).filter((seq) => seq.length < graph.maxSteps)
}

/** Each transition key's target state ids. */
function transitionTargets(machine: AnyStateMachine): Map<string, string[]> {
  type Definition = { target?: readonly AnyStateNode[] }
  const targets = new Map<string, string[]>()
  for (const node of [machine.root as AnyStateNode, ...allStateNodes(machine)]) {
    for (const [eventType, list] of node.transitions as Map<string, Definition[]>) {
      list.forEach((t, i) =>
        targets.set(
          `${node.id} ${eventType}[${i}]`,
          (t.target ?? []).map((n) => n.id),
        ),
      )
    }
    ;((node.always ?? []) as Definition[]).forEach((t, i) =>
      targets.set(
        `${node.id} always[${i}]`,
        (t.target ?? []).map((n) => n.id),
      ),
    )
  }
  return targets
}

/** What a browser can reach of the real machine: all of it but the unreachable states, the transitions from or into them, and the unreachable transitions. */
export function reachable(graph: Pick<BrowserGraph, 'machine' | 'unreachable' | 'unreachableTransitions'>) {
  const realStates = allStateNodes(graph.machine).map((n) => n.id)
  const realTransitions = allTransitionKeys(graph.machine)
  const targets = transitionTargets(graph.machine)
  const underUnreachable = (id: string) => Object.keys(graph.unreachable).some((u) => id === u || id.startsWith(`${u}.`))
  const source = (key: string) => key.slice(0, key.indexOf(' '))
  const left = (key: string) => key in (graph.unreachableTransitions ?? {}) || underUnreachable(source(key)) || (targets.get(key) ?? []).some(underUnreachable)
  return {
    realStates,
    realTransitions,
    states: realStates.filter((s) => !underUnreachable(s)),
    transitions: realTransitions.filter((k) => !left(k)),
  }
}

/**
 * The browser paths: every shortest step sequence of the graph, and each one step longer, walked
 * on the real machine; then the fewest that take every reachable transition and enter every
 * reachable state (greedy), longest first so that a path's prefixes are not run again.
 * Throws when the model and the machine disagree: a reachable transition or state no path takes,
 * or one listed as out of reach that a path takes.
 */
export function browserPaths<Step extends string>(graph: BrowserGraph<Step>): BrowserPath<Step>[] {
  const names = Object.keys(graph.steps) as Step[]
  const candidates = new Map<string, Candidate<Step>>()
  for (const from of Object.keys(graph.starts)) {
    for (const seq of shortestSequences(graph, from)) {
      for (const next of [[], ...names.map((n) => [n])] as Step[][]) {
        const path = walk(graph, from, [...seq, ...next])
        if (path && !candidates.has(path.name)) candidates.set(path.name, path)
      }
    }
  }
  const r = reachable(graph)
  const ids = new Set(r.realStates)
  const keys = new Set(r.realTransitions)
  for (const id of Object.keys(graph.unreachable))
    if (!ids.has(id)) throw new Error(`${graph.machine.id}: unreachable lists ${id}, which is no state of the machine`)
  for (const k of Object.keys(graph.unreachableTransitions ?? {}))
    if (!keys.has(k)) throw new Error(`${graph.machine.id}: unreachableTransitions lists ${k}, which is no transition of the machine`)

  const all = [...candidates.values()]
  // What a path covers: real transitions, real states, and browser steps (each step a visitor can take is taken once at least).
  const covers = (p: Candidate<Step>) => [...p.transitions, ...[...p.states].map((s) => `state ${s}`), ...p.steps.map((s) => `step ${s.step}`)]
  const taken = new Set(all.flatMap(covers))
  const universe = [...r.transitions, ...r.states.map((s) => `state ${s}`), ...names.map((n) => `step ${n}`)]
  const missed = universe.filter((k) => !taken.has(k))
  if (missed.length)
    throw new Error(`${graph.machine.id}: no browser path takes ${missed.join(', ')}: add or fix a step, or list what a browser cannot reach with the reason`)
  const outOfReach = new Set([
    ...r.realTransitions.filter((k) => !r.transitions.includes(k)),
    ...r.realStates.filter((s) => !r.states.includes(s)).map((s) => `state ${s}`),
  ])
  const disproved = [...taken].filter((k) => outOfReach.has(k))
  if (disproved.length) throw new Error(`${graph.machine.id}: listed as out of a browser's reach, but a browser path takes ${disproved.join(', ')}`)

  const open = new Set(universe)
  const chosen: Candidate<Step>[] = []
  const gain = (p: Candidate<Step>) => covers(p).filter((k) => open.has(k)).length
  while (open.size) {
    let best = all[0]!
    for (const p of all) if (gain(p) > gain(best) || (gain(p) === gain(best) && p.steps.length < best.steps.length)) best = p
    chosen.push(best)
    covers(best).forEach((k) => open.delete(k))
  }
  const isPrefix = (a: Candidate<Step>, b: Candidate<Step>) =>
    a !== b && a.from === b.from && a.steps.length < b.steps.length && a.steps.every((s, i) => s.step === b.steps[i]!.step)
  return chosen
    .filter((p) => !chosen.some((q) => isPrefix(p, q)))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((p) => ({
      name: p.name,
      from: p.from,
      start: p.start,
      load: p.load,
      steps: p.steps,
      transitions: [...p.transitions].sort(),
      states: [...p.states].sort(),
    }))
}

export interface Observed {
  /** How many browser paths the log holds. */
  paths: number
  states: Set<string>
  transitions: Set<string>
}

/** Observed state and transition coverage of the real machine, measured by the site's machine log. */
export function coverage(graph: Pick<BrowserGraph, 'machine' | 'unreachable' | 'unreachableTransitions'>, observed: Observed, expectedPaths: number) {
  const r = reachable(graph)
  return {
    machine: graph.machine.id,
    paths: observed.paths,
    expectedPaths,
    states: { covered: r.states.filter((s) => observed.states.has(s)).length, reachable: r.states.length, total: r.realStates.length },
    transitions: {
      covered: r.transitions.filter((k) => observed.transitions.has(k)).length,
      reachable: r.transitions.length,
      total: r.realTransitions.length,
    },
    missedStates: r.states.filter((s) => !observed.states.has(s)),
    missedTransitions: r.transitions.filter((k) => !observed.transitions.has(k)),
    /** Taken although the model calls it unreachable: the model is wrong. */
    unexpected: r.realTransitions.filter((k) => observed.transitions.has(k) && !r.transitions.includes(k)),
    unreachable: graph.unreachable,
    unreachableTransitions: graph.unreachableTransitions ?? {},
  }
}

export function formatCoverage(label: string, c: ReturnType<typeof coverage>): string {
  const pct = (a: number, b: number) => `${b ? Math.round((a / b) * 100) : 100}%`
  return [
    `[model coverage, observed] ${label}: ${c.paths} of ${c.expectedPaths} browser paths logged`,
    `  states ${c.states.covered}/${c.states.reachable} reachable from a browser (${pct(c.states.covered, c.states.reachable)}); ${c.states.total} in the machine`,
    `  transitions ${c.transitions.covered}/${c.transitions.reachable} reachable from a browser (${pct(c.transitions.covered, c.transitions.reachable)}); ${c.transitions.total} in the machine`,
    ...(c.missedStates.length ? [`  reachable states not entered: ${c.missedStates.join(', ')}`] : []),
    ...(c.missedTransitions.length ? [`  reachable transitions not taken: ${c.missedTransitions.join(', ')}`] : []),
    ...(c.unexpected.length ? [`  TAKEN THOUGH LISTED UNREACHABLE: ${c.unexpected.join(', ')}`] : []),
    ...Object.entries(c.unreachable).map(([s, why]) => `  unreachable state ${s}: ${why}`),
    ...Object.entries(c.unreachableTransitions).map(([k, why]) => `  unreachable transition ${k}: ${why}`),
  ].join('\n')
}
