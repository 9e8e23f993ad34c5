/**
 * Model-based testing of the real machines: `xstate/graph` gives the paths (shortest and
 * simple), each path is replayed on a real actor whose side-effect actions and actors are
 * fakes provided through `.provide()`, and every step is checked for its state, its context
 * and the side effects it caused. Coverage of states and transitions is measured on the real
 * actor (through inspection), not on the graph.
 */
import {
  createActor,
  fromCallback,
  fromPromise,
  SimulatedClock,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type InspectionEvent,
} from 'xstate'
import { getAdjacencyMap, getShortestPaths, getSimplePaths, serializeSnapshot, type StatePath } from 'xstate/graph'

export type Effect =
  | { type: 'invoke'; id: string; input: unknown }
  | { type: 'stop'; id: string }
  | { type: string; params: unknown }

export interface Fakes {
  /** Names of the side-effect actions to record. */
  actions: readonly string[]
  /** Actor sources implemented as promises the path resolves or rejects. */
  promiseActors?: readonly string[]
  /** Actor sources implemented as callbacks; `callbackEvents` says which invoke sends which event. */
  callbackActors?: readonly string[]
  callbackEvents?: Readonly<Record<string, string>>
  /** Callback actors driven by the simulated clock: (sendBack, clock, input) => cleanup. */
  clockActors?: Readonly<Record<string, (sendBack: (event: TestEvent) => void, clock: SimulatedClock, input: unknown) => () => void>>
  /** Events whose `now` moves the simulated clock instead of being sent (the clock actor sends them). */
  clockEvents?: readonly string[]
  /** Events whose `now` first moves the clock, then are sent. */
  timedEvents?: readonly string[]
}

export type Snap = AnyMachineSnapshot
/** An event as offered to the traversal: a type and any payload. */
export type TestEvent = { type: string; [key: string]: unknown }
/** The side effects a step must cause, from the spec: (state before, event, state after). */
export type EffectOracle = (before: Snap | null, event: EventObject, after: Snap, input: any) => Effect[]

export type Path = StatePath<Snap, EventObject>

interface Deferred {
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = []
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      out.push(child)
      walk(child)
    }
  }
  walk(machine.root)
  return out
}

type TransitionLike = { source: AnyStateNode; eventType: string }

function transitionKey(t: TransitionLike): string | null {
  const source = t.source
  const always = (source.always ?? []) as unknown[]
  const alwaysIndex = always.indexOf(t)
  if (alwaysIndex >= 0) return `${source.id} always[${alwaysIndex}]`
  const list = (source.transitions.get(t.eventType) ?? []) as unknown[]
  const index = list.indexOf(t)
  return index >= 0 ? `${source.id} ${t.eventType}[${index}]` : null
}

/** Every transition of the definition (on, after, invoke done/error, always), keyed by source, event and index. */
export function allTransitionKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = []
  for (const node of [machine.root, ...allStateNodes(machine)]) {
    for (const [eventType, list] of node.transitions) {
      list.forEach((_t: unknown, i: number) => keys.push(`${node.id} ${eventType}[${i}]`))
    }
    ;(node.always ?? []).forEach((_t: unknown, i: number) => keys.push(`${node.id} always[${i}]`))
  }
  return keys.sort()
}

export class Coverage {
  readonly states = new Set<string>()
  readonly transitions = new Set<string>()
  constructor(readonly name: string, readonly machine: AnyStateMachine) {}

  record(event: InspectionEvent): void {
    if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') return
    const snapshot = event.snapshot as unknown as { _nodes?: AnyStateNode[] }
    if (event.actorRef.sessionId !== event.rootId) return
    for (const node of snapshot._nodes ?? []) if (node.parent) this.states.add(node.id)
    if (event.type === '@xstate.microstep') {
      for (const t of event._transitions as unknown as TransitionLike[]) {
        const key = transitionKey(t)
        if (key) this.transitions.add(key)
        // A transition taken from a state proves the state was entered, even a transient one.
        for (let node: AnyStateNode | undefined = t.source; node?.parent; node = node.parent) this.states.add(node.id)
      }
    }
  }

  report() {
    const allStates = allStateNodes(this.machine).map((n) => n.id).sort()
    const allTransitions = allTransitionKeys(this.machine)
    const missingStates = allStates.filter((s) => !this.states.has(s))
    const missingTransitions = allTransitions.filter((t) => !this.transitions.has(t))
    return {
      name: this.name,
      states: { covered: allStates.length - missingStates.length, total: allStates.length, missing: missingStates },
      transitions: { covered: allTransitions.length - missingTransitions.length, total: allTransitions.length, missing: missingTransitions },
    }
  }
}

const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

export interface Replay {
  snapshots: Snap[]
  effects: Effect[][]
  /** The real actor's snapshot after each step. */
  actual: Snap[]
}

/**
 * Replays a path on a real actor with fakes. After every step yields the real snapshot and the
 * side effects recorded during the step, for the caller to assert.
 */
export async function replayPath(
  machine: AnyStateMachine,
  path: Path,
  fakes: Fakes,
  options: { input?: unknown; coverage?: Coverage; startAt?: number } = {},
): Promise<Replay> {
  const log: Effect[] = []
  const pending = new Map<string, Deferred>()
  const senders = new Map<string, (event: EventObject) => void>()
  const clock = new SimulatedClock()
  if (options.startAt) clock.set(options.startAt)

  const actions = Object.fromEntries(
    fakes.actions.map((name) => [name, (_: unknown, params: unknown) => void log.push({ type: name, params })]),
  )
  const actors: Record<string, unknown> = {}
  for (const src of fakes.promiseActors ?? []) {
    actors[src] = fromPromise(({ input, self }) => {
      log.push({ type: 'invoke', id: self.id, input })
      return new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }))
    })
  }
  for (const src of fakes.callbackActors ?? []) {
    actors[src] = fromCallback(({ input, sendBack, self }) => {
      log.push({ type: 'invoke', id: self.id, input })
      senders.set(self.id, sendBack)
      return () => {
        senders.delete(self.id)
        log.push({ type: 'stop', id: self.id })
      }
    })
  }
  for (const [src, run] of Object.entries(fakes.clockActors ?? {})) {
    actors[src] = fromCallback(({ input, sendBack, self }) => {
      log.push({ type: 'invoke', id: self.id, input })
      const cleanup = run(sendBack, clock, input)
      return () => {
        cleanup()
        log.push({ type: 'stop', id: self.id })
      }
    })
  }

  const provided = machine.provide({ actions, actors } as never)
  const actor = createActor(provided, {
    input: options.input as never,
    clock,
    inspect: (event) => options.coverage?.record(event),
  })
  actor.start()
  await flush()

  const result: Replay = { snapshots: [], effects: [], actual: [] }
  const firstStep = path.steps[0]
  // The initial state (step 0, `xstate.init`).
  result.snapshots.push(firstStep ? firstStep.state : path.state)
  result.effects.push(log.splice(0))
  result.actual.push(actor.getSnapshot())

  for (const step of path.steps.slice(1)) {
    const event = step.event as EventObject & { output?: unknown; error?: unknown; now?: number }
    const before = result.snapshots[result.snapshots.length - 1]!
    const done = /^xstate\.done\.actor\.(.+)$/u.exec(event.type)
    const failed = /^xstate\.error\.actor\.(.+)$/u.exec(event.type)
    const actorId = (done ?? failed)?.[1]
    const callbackId = fakes.callbackEvents?.[event.type]
    if (actorId && pending.has(actorId)) {
      const deferred = pending.get(actorId)!
      pending.delete(actorId)
      if (done) deferred.resolve(event.output)
      else deferred.reject(event.error)
    } else if (actorId && before.can(event)) {
      throw new Error(`no running actor "${actorId}" to settle for ${event.type}`)
    } else if (fakes.clockEvents?.includes(event.type) && before.can(event)) {
      clock.set(event.now ?? clock.now())
    } else if (callbackId && senders.has(callbackId)) {
      senders.get(callbackId)!(event)
    } else {
      // Also events the state does not handle: they must change nothing and cause nothing.
      if (fakes.timedEvents?.includes(event.type) && typeof event.now === 'number' && event.now >= clock.now()) clock.set(event.now)
      actor.send(event)
    }
    await flush()
    result.snapshots.push(step.state)
    result.effects.push(log.splice(0))
    result.actual.push(actor.getSnapshot())
  }
  actor.stop()
  return result
}

export interface PathSet {
  label: string
  input?: unknown
  paths: Path[]
}

function eventSequence(path: Path): string {
  return JSON.stringify(path.steps.map((s) => s.event))
}

/**
 * Paths of the real machine for one input:
 * - shortest: the shortest path to every reachable state (value and context);
 * - transitions: every shortest path extended by each event offered in its last state,
 *   so that every edge of the graph is taken once (edges back to visited states included,
 *   and events a state ignores, which must then cause nothing);
 * - simple: every path without a repeated state, on a smaller event set.
 */
export function generatePaths(
  machine: AnyStateMachine,
  options: {
    input?: unknown
    events: (snapshot: Snap) => TestEvent[]
    simpleEvents?: (snapshot: Snap) => TestEvent[]
    limit?: number
  },
): { shortest: Path[]; transitions: Path[]; simple: Path[] } {
  // Completion and error events only come from a running actor: offer them only where they are handled.
  const running = (pick: (snapshot: Snap) => TestEvent[]) => (snapshot: Snap) =>
    pick(snapshot).filter((e) => !/^xstate\.(done|error)\.actor\./u.test(e.type) || snapshot.can(e))
  const traversal = { input: options.input as never, events: running(options.events) as never, limit: options.limit ?? 50_000 }
  const shortest = getShortestPaths(machine, traversal) as unknown as Path[]
  const adjacency = getAdjacencyMap(machine, traversal) as unknown as Record<
    string,
    { transitions: Record<string, { event: EventObject; state: Snap }> }
  >
  const seen = new Set(shortest.map(eventSequence))
  const transitions: Path[] = []
  for (const path of shortest) {
    const vertex = adjacency[serializeSnapshot(path.state)]
    if (!vertex) throw new Error(`no vertex for ${describePath(path)}`)
    for (const { event, state } of Object.values(vertex.transitions)) {
      const extended: Path = { state, weight: path.weight + 1, steps: [...path.steps, { state, event }] }
      const key = eventSequence(extended)
      if (seen.has(key)) continue
      seen.add(key)
      transitions.push(extended)
    }
  }
  const simple = getSimplePaths(machine, {
    ...traversal,
    events: running(options.simpleEvents ?? options.events) as never,
  }) as unknown as Path[]
  return { shortest, transitions, simple }
}

export function describePath(path: Path): string {
  const events = path.steps.slice(1).map((s) => s.event.type.replace(/^xstate\./u, ''))
  return `${JSON.stringify(path.state.value)} via ${events.length ? events.join(' → ') : '(initial)'}`
}

export function printCoverage(reports: ReturnType<Coverage['report']>[]): string {
  const pct = (c: number, t: number) => (t === 0 ? 100 : Math.round((c / t) * 1000) / 10)
  const lines = ['machine coverage (replayed on the real machines)', 'machine     states          transitions']
  for (const r of reports) {
    lines.push(
      `${r.name.padEnd(11)} ${`${r.states.covered}/${r.states.total}`.padEnd(7)} ${String(pct(r.states.covered, r.states.total)).padStart(5)}%   ${`${r.transitions.covered}/${r.transitions.total}`.padEnd(7)} ${String(pct(r.transitions.covered, r.transitions.total)).padStart(5)}%`,
    )
  }
  return lines.join('\n')
}
