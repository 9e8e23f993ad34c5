/**
 * Model-based tests of the site's machines (decision 070). `xstate/graph` generates paths from
 * the machines the site runs; each path is replayed, step by step, on a real actor whose side
 * effects (named actions, invoked and spawned actors) are recording fakes; and at every step every
 * property of the machine's model — a rule of the specification, written in the test with the
 * specification's own numbers and orders — is checked against what the actor did. The expected
 * values never come from the machines or `machines/rules`: a model states them.
 *
 * The replay is synchronous: an actor's answer (`xstate.done.actor.*`), a child's event
 * (`widget.success`, `field.reported`, a clock tick) is sent to the actor directly, as the graph
 * traversal sends it, so thousands of paths replay in about a second and a mutation run stays fast.
 */
import { expect } from 'vitest'
import {
  createActor,
  fromCallback,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type InspectionEvent,
} from 'xstate'
import { getAdjacencyMap, getShortestPaths, getSimplePaths, serializeSnapshot, type StatePath } from 'xstate/graph'

export type Snap = AnyMachineSnapshot
export type TestEvent = { type: string; [key: string]: unknown }
export type Path = StatePath<Snap, EventObject>

/** What a step did that a property can see. */
export type Effect =
  /** A named action of the machine ran, with its resolved parameters and the context it saw. */
  | { kind: 'action'; type: string; params: unknown; context: Record<string, unknown> }
  /** An actor was invoked or spawned (by its id), with its input. */
  | { kind: 'start'; id: string; src: string; input: unknown }
  /** An invoked or spawned actor was stopped. */
  | { kind: 'stop'; id: string }
  /** The machine sent an event to a child (a fake child records it). */
  | { kind: 'send'; to: string; event: EventObject }

export interface Step {
  /** 0 for the start (`xstate.init`). */
  index: number
  event: TestEvent
  /** The actor's snapshot before the step; null at the start. */
  before: Snap | null
  after: Snap
  effects: Effect[]
  /** Whether the state took the event (an event a state ignores must change nothing). */
  taken: boolean
  input: unknown
  /** The path's name, for messages. */
  path: string
}

export interface Property {
  /** A short name, unique in its model. */
  name: string
  /** The specification point it states (`spec 4`, `decision 053`). */
  spec: string
  /** Whether the property speaks about this step (default: every step). */
  when?: (step: Step) => boolean
  /** Throws (through `expect`) when the step breaks it. */
  check: (step: Step) => void
}

export interface ModelInput {
  label: string
  input?: unknown
}

export interface MachineModel {
  name: string
  machine: AnyStateMachine
  inputs: readonly ModelInput[]
  /** The events offered in each state (the graph takes the ones the state handles, and tries the others too). */
  events: (snapshot: Snap) => TestEvent[]
  /** A smaller event set for simple paths (every ordering); none: no simple paths. */
  simpleEvents?: (snapshot: Snap) => TestEvent[]
  /** Bounds a traversal whose context grows (see `serializeState` of xstate/graph). */
  serializeState?: (snapshot: Snap) => string
  properties: readonly Property[]
  /** Transitions no path can take, each with the reason. */
  unreachable?: Readonly<Record<string, string>>
}

// --- fakes ------------------------------------------------------------------------------------

type ActionImpl = ((...args: unknown[]) => void) & { type?: string; to?: unknown }

/** The named actions to record: every one that is not an assignment or a send to a child. */
function recordedActions(machine: AnyStateMachine): string[] {
  const actions = (machine.implementations.actions ?? {}) as Record<string, ActionImpl>
  return Object.entries(actions)
    .filter(([, impl]) => {
      const type = impl.type
      if (type === undefined || !type.startsWith('xstate.')) return true
      // A send to the parent has nobody to reach in a test: it is recorded as the named action it is.
      return type === 'xstate.sendTo' && impl.to === '#_parent'
    })
    .map(([name]) => name)
}

interface Recorder {
  log: Effect[]
  /** Each running fake child by id. */
  children: Map<string, true>
}

function fakeLogic(src: string, recorder: Recorder) {
  return fromCallback<EventObject, unknown>(({ input, self, receive }) => {
    recorder.log.push({ kind: 'start', id: self.id, src, input })
    recorder.children.set(self.id, true)
    receive((event) => recorder.log.push({ kind: 'send', to: self.id, event }))
    return () => {
      recorder.children.delete(self.id)
      recorder.log.push({ kind: 'stop', id: self.id })
    }
  })
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value ?? null)) as T
}

/** The machine with every side effect replaced by a recording fake. */
export function withFakes(machine: AnyStateMachine, recorder: Recorder): AnyStateMachine {
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors ?? {}).map((src) => [src, fakeLogic(src, recorder)]))
  const actions = Object.fromEntries(
    recordedActions(machine).map((type) => [
      type,
      ({ context }: { context: Record<string, unknown> }, params: unknown) => recorder.log.push({ kind: 'action', type, params, context: clone(context) }),
    ]),
  )
  return machine.provide({ actors, actions } as never)
}

/** A machine as the graph traverses it: the same definition, with fakes that do nothing. */
function forTraversal(machine: AnyStateMachine): AnyStateMachine {
  return withFakes(machine, { log: [], children: new Map() })
}

// --- coverage ---------------------------------------------------------------------------------

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

/** Every transition of the definition (on, invoke done/error, always), keyed by source, event and index. */
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
  constructor(readonly machine: AnyStateMachine) {}

  record(event: InspectionEvent): void {
    if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') return
    if (event.actorRef.sessionId !== event.rootId) return
    const snapshot = event.snapshot as unknown as { _nodes?: AnyStateNode[] }
    for (const node of snapshot._nodes ?? []) if (node.parent) this.states.add(node.id)
    if (event.type === '@xstate.microstep') {
      for (const t of event._transitions as unknown as TransitionLike[]) {
        const key = transitionKey(t)
        if (key) this.transitions.add(key)
        for (let node: AnyStateNode | undefined = t.source; node?.parent; node = node.parent) this.states.add(node.id)
      }
    }
  }

  missing() {
    return {
      states: allStateNodes(this.machine)
        .map((n) => n.id)
        .filter((id) => !this.states.has(id)),
      transitions: allTransitionKeys(this.machine).filter((key) => !this.transitions.has(key)),
    }
  }
}

// --- paths ------------------------------------------------------------------------------------

function eventSequence(path: Path): string {
  return JSON.stringify(path.steps.map((s) => s.event))
}

/**
 * The paths of a model for one input:
 * - every shortest path to a reachable state (value and context), each extended by every event
 *   offered in its last state, so that every edge of the graph is taken (events the state
 *   ignores included: they must change nothing);
 * - with `simpleEvents`, every path without a repeated state (all orderings of those events).
 */
export function generatePaths(model: MachineModel, input: unknown): Path[] {
  const machine = forTraversal(model.machine)
  // Completion and error events only come from a running actor: offer them only where they are handled.
  const running = (pick: (snapshot: Snap) => TestEvent[]) => (snapshot: Snap) =>
    pick(snapshot).filter((e) => !/^xstate\.(done|error)\.actor\./u.test(e.type) || snapshot.can(e as EventObject))
  const traversal = {
    input: input as never,
    events: running(model.events) as never,
    limit: 100_000,
    ...(model.serializeState ? { serializeState: ((s: Snap) => model.serializeState!(s)) as never } : {}),
  }
  const shortest = getShortestPaths(machine, traversal) as unknown as Path[]
  const adjacency = getAdjacencyMap(machine, traversal) as unknown as Record<string, { transitions: Record<string, { event: EventObject; state: Snap }> }>
  const serialize = model.serializeState ?? ((s: Snap) => serializeSnapshot(s))
  const seen = new Set(shortest.map(eventSequence))
  const paths: Path[] = [...shortest]
  for (const path of shortest) {
    const vertex = adjacency[serialize(path.state)]
    if (!vertex) throw new Error(`${model.name}: no vertex for ${describePath(path)}`)
    for (const { event, state } of Object.values(vertex.transitions)) {
      const extended: Path = { state, weight: path.weight + 1, steps: [...path.steps, { state, event }] }
      const key = eventSequence(extended)
      if (seen.has(key)) continue
      seen.add(key)
      paths.push(extended)
    }
  }
  if (model.simpleEvents) {
    for (const path of getSimplePaths(machine, { ...traversal, events: running(model.simpleEvents) as never }) as unknown as Path[]) {
      const key = eventSequence(path)
      if (seen.has(key)) continue
      seen.add(key)
      paths.push(path)
    }
  }
  return paths
}

export function describePath(path: Path): string {
  const events = path.steps.slice(1).map((s) => s.event.type.replace(/^xstate\./u, ''))
  return `${JSON.stringify(path.state.value)} via ${events.length ? events.join(' → ') : '(initial)'}`
}

// --- replay and checks ------------------------------------------------------------------------

export interface CheckCount {
  paths: number
  steps: number
  checks: number
  /** How often each property applied. */
  applied: Map<string, number>
}

/**
 * Replays a path on a real actor with recording fakes and checks every property at every step.
 * Events from running actors and children are sent to the actor as they would arrive.
 */
export function checkPath(model: MachineModel, path: Path, input: unknown, count: CheckCount, coverage?: Coverage): void {
  const recorder: Recorder = { log: [], children: new Map() }
  const actor = createActor(withFakes(model.machine, recorder), {
    input: input as never,
    inspect: coverage ? (event) => coverage.record(event) : undefined,
  })
  const name = describePath(path)
  const run = (index: number, event: TestEvent, before: Snap | null, act: () => void) => {
    act()
    const after = actor.getSnapshot() as Snap
    const effects = recorder.log.splice(0)
    const step: Step = { index, event, before, after, effects, taken: before === null || before.can(event as EventObject), input, path: name }
    for (const property of model.properties) {
      if (property.when && !property.when(step)) continue
      try {
        property.check(step)
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error)
        throw new Error(`${model.name} [${property.spec}] ${property.name}\n  path: ${name}\n  step ${index}: ${event.type}\n  ${detail}`)
      }
      count.checks++
      count.applied.set(property.name, (count.applied.get(property.name) ?? 0) + 1)
    }
    count.steps++
    return after
  }
  let before = run(0, { type: 'xstate.init' }, null, () => actor.start())
  for (const [i, step] of path.steps.slice(1).entries()) {
    const event = step.event as TestEvent
    before = run(i + 1, event, before, () => actor.send(event as EventObject))
  }
  actor.stop()
  count.paths++
}

/** A fake actor to hand a machine as an address (a modal's `replyTo`): it records what it is sent. */
export function recordingRef(id: string, received: EventObject[]): AnyActorRef {
  const ref = createActor(
    fromCallback<EventObject>(({ receive }) => {
      receive((event) => received.push(event))
    }),
    { id },
  )
  ref.start()
  return ref
}

// --- helpers for properties -------------------------------------------------------------------

/** The named actions a step ran, in order. */
export function actions(step: Step): Extract<Effect, { kind: 'action' }>[] {
  return step.effects.filter((e): e is Extract<Effect, { kind: 'action' }> => e.kind === 'action')
}
export function action(step: Step, type: string): Extract<Effect, { kind: 'action' }> | undefined {
  return actions(step).find((a) => a.type === type)
}
export function starts(step: Step): Extract<Effect, { kind: 'start' }>[] {
  return step.effects.filter((e): e is Extract<Effect, { kind: 'start' }> => e.kind === 'start')
}
export function started(step: Step, id: string): Extract<Effect, { kind: 'start' }> | undefined {
  return starts(step).find((s) => s.id === id)
}
export function stops(step: Step): string[] {
  return step.effects.filter((e): e is Extract<Effect, { kind: 'stop' }> => e.kind === 'stop').map((e) => e.id)
}
export function sends(step: Step): Extract<Effect, { kind: 'send' }>[] {
  return step.effects.filter((e): e is Extract<Effect, { kind: 'send' }> => e.kind === 'send')
}
/** The effects of a step as `type` names (actions), `start:id`, `stop:id` and `send:id:event` in order. */
export function trace(step: Step): string[] {
  return step.effects.map((e) =>
    e.kind === 'action' ? e.type : e.kind === 'start' ? `start:${e.id}` : e.kind === 'stop' ? `stop:${e.id}` : `send:${e.to}:${e.event.type}`,
  )
}
export function ctx<T = Record<string, unknown>>(snapshot: Snap | null): T {
  return (snapshot?.context ?? {}) as T
}
export function is(snapshot: Snap | null, value: unknown): boolean {
  return snapshot !== null && snapshot.matches(value as never)
}
/** An event the state ignored changes nothing and causes nothing. */
export const IGNORED_EVENTS_CHANGE_NOTHING: Property = {
  name: 'an event the state does not take changes nothing and causes nothing',
  spec: 'statecharts',
  when: (step) => step.index > 0 && !step.taken,
  check: (step) => {
    expect(step.effects).toEqual([])
    expect(step.after.value).toEqual(step.before!.value)
    expect(step.after.context).toEqual(step.before!.context)
  },
}
