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
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph'

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
  clockActors?: Readonly<Record<string, (sendBack: (event: EventObject) => void, clock: SimulatedClock, input: unknown) => () => void>>
  /** Events whose `now` moves the simulated clock instead of being sent (the clock actor sends them). */
  clockEvents?: readonly string[]
  /** Events whose `now` first moves the clock, then are sent. */
  timedEvents?: readonly string[]
}

export type Snap = AnyMachineSnapshot
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

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

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
    const done = /^xstate\.done\.actor\.(.+)$/u.exec(event.type)
    const failed = /^xstate\.error\.actor\.(.+)$/u.exec(event.type)
    if (done || failed) {
      const id = (done ?? failed)![1]!
      const deferred = pending.get(id)
      if (!deferred) throw new Error(`no running actor "${id}" to settle for ${event.type}`)
      pending.delete(id)
      if (done) deferred.resolve(event.output)
      else deferred.reject(event.error)
    } else if (fakes.clockEvents?.includes(event.type)) {
      clock.set(event.now ?? clock.now())
    } else if (fakes.callbackEvents?.[event.type]) {
      const id = fakes.callbackEvents[event.type]!
      const send = senders.get(id)
      if (!send) throw new Error(`no running actor "${id}" to send ${event.type}`)
      send(event)
    } else {
      if (fakes.timedEvents?.includes(event.type) && typeof event.now === 'number') clock.set(event.now)
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

/** Shortest and simple paths of the real machine for one input, deduplicated by event sequence. */
export function generatePaths(
  machine: AnyStateMachine,
  options: {
    input?: unknown
    events: EventObject[] | ((snapshot: Snap) => EventObject[])
    simpleEvents?: EventObject[] | ((snapshot: Snap) => EventObject[])
    limit?: number
  },
): { shortest: Path[]; simple: Path[] } {
  const shortest = getShortestPaths(machine, {
    input: options.input as never,
    events: options.events as never,
    limit: options.limit ?? 5000,
  }) as unknown as Path[]
  const simple = getSimplePaths(machine, {
    input: options.input as never,
    events: (options.simpleEvents ?? options.events) as never,
    limit: options.limit ?? 5000,
  }) as unknown as Path[]
  const seen = new Set(shortest.map(eventSequence))
  return { shortest, simple: simple.filter((p) => !seen.has(eventSequence(p)) && (seen.add(eventSequence(p)), true)) }
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
