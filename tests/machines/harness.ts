/**
 * Model-based tests of the site's machines (decision 070).
 *
 * `xstate/graph` builds the graph of each machine as the site runs it (its states and the
 * events each state is offered). Every edge of that graph is one step: the harness takes it
 * again with the machine's pure `transition`, with its named actions and actors replaced by
 * recording fakes, reads what the step did (the named actions with their parameters and the
 * context they saw, the actors started with their input and stopped, the events sent to
 * children), and checks every property of the machine's model on it. Every path through the
 * graph is a sequence of such steps, so every step of every generated path is checked; and no
 * expected value comes from the machines or `machines/rules`: the models write the
 * specification's numbers and orders themselves.
 *
 * Coverage of states and transitions is observed on the machine itself (its inspection events),
 * not claimed by the graph.
 */
import { isDeepStrictEqual } from 'node:util'
import { expect } from 'vitest'
import {
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  createActor,
  type EventObject,
  fromCallback,
  fromPromise,
  type InspectionEvent,
} from 'xstate'
import { getAdjacencyMap, getShortestPaths, type StatePath, serializeSnapshot } from 'xstate/graph'

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
  /** The machine sent an event to another actor (a child, or an address it was given). */
  | { kind: 'send'; to: string; event: EventObject }

export interface Step {
  /** 0 for the start (`xstate.init`), 1 for a step from a state of the graph. */
  index: number
  event: TestEvent
  /** The snapshot before the step; null at the start. */
  before: Snap | null
  after: Snap
  effects: Effect[]
  /** Whether the state took the event (the machine's own opinion: for `IGNORED_EVENTS_CHANGE_NOTHING` only). */
  taken: boolean
  input: unknown
  /** Where the step starts, for messages. */
  path: string
}

export interface Property {
  /** A short name, unique in its model. */
  name: string
  /** The numbered requirements it checks, then any decisions (`R4.3, R4.5, decision 053`); tests/machines/requirements.test.ts keeps them real. */
  requirement: string
  /** Whether the property speaks about this step (default: every step). */
  when?: (step: Step) => boolean
  /** Throws (through `expect` of ./check, or vitest's) when the step breaks it. */
  check: (step: Step) => void
}

export interface ModelInput {
  label: string
  input?: unknown
  /**
   * How many steps from the start to check. None: the whole graph. A start that differs from
   * another only in how the machine begins (a restored session, say) leads into the same graph
   * after a step or two; its own steps are checked, the rest is not built again.
   */
  depth?: number
}

export interface MachineModel {
  name: string
  machine: AnyStateMachine
  inputs: readonly ModelInput[]
  /** The events offered in each state (the graph takes the ones the state handles, and tries the others too). */
  events: (snapshot: Snap) => TestEvent[]
  /** Unused: every edge is checked (kept so that older models still type-check). */
  simpleEvents?: (snapshot: Snap) => TestEvent[]
  /** Two snapshots that decide the next step alike are one vertex of the graph (see xstate/graph). */
  serializeState?: (snapshot: Snap) => string
  properties: readonly Property[]
  /** Transitions no step can take, each with the reason. */
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

/** The machine with every named side effect and every actor it may start replaced by an inert fake. */
export function withFakes(machine: AnyStateMachine): AnyStateMachine {
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors ?? {}).map((src) => [src, fromCallback(() => {})]))
  const actions = Object.fromEntries(recordedActions(machine).map((type) => [type, () => {}]))
  return machine.provide({ actors, actions } as never)
}

const fakes = new WeakMap<AnyStateMachine, AnyStateMachine>()
function faked(machine: AnyStateMachine): AnyStateMachine {
  let m = fakes.get(machine)
  if (!m) {
    m = withFakes(machine)
    fakes.set(machine, m)
  }
  return m
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
      list.forEach((_t: unknown, i: number) => {
        keys.push(`${node.id} ${eventType}[${i}]`)
      })
    }
    ;(node.always ?? []).forEach((_t: unknown, i: number) => {
      keys.push(`${node.id} always[${i}]`)
    })
  }
  return keys.sort()
}

export class Coverage {
  readonly states = new Set<string>()
  readonly transitions = new Set<string>()
  constructor(readonly machine: AnyStateMachine) {}

  record(event: InspectionEvent): void {
    if (event.type !== '@xstate.microstep') return
    const snapshot = event.snapshot as unknown as { _nodes?: AnyStateNode[] }
    for (const node of snapshot._nodes ?? []) if (node.parent) this.states.add(node.id)
    for (const t of event._transitions as unknown as TransitionLike[]) {
      const key = transitionKey(t)
      if (key) this.transitions.add(key)
      // A transition taken from a state proves the state was entered, even a transient one.
      for (let node: AnyStateNode | undefined = t.source; node?.parent; node = node.parent) this.states.add(node.id)
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

// --- taking a step ----------------------------------------------------------------------------

interface ExecutableAction {
  type: string
  params: unknown
  info: { context: Record<string, unknown> }
}

/**
 * The scope a pure step runs in (as xstate's own `transition` makes it), with two differences:
 * its actions are collected, and its system reports the machine's microsteps (coverage, and
 * whether the state took the event at all).
 */
export function scopeFor(machine: AnyStateMachine, input: unknown, coverage: Pick<Coverage, 'record'> | null) {
  let microsteps = 0
  const inspect = (e: InspectionEvent) => {
    if (e.type !== '@xstate.microstep') return
    if ((e._transitions as unknown[]).length > 0) microsteps++
    coverage?.record(e)
  }
  const self = createActor(machine, { input: input as never, inspect })
  const scope = { actions: [] as ExecutableAction[], microsteps: () => microsteps, reset: () => void ((scope.actions.length = 0), (microsteps = 0)) }
  const actorScope = {
    self,
    defer: () => {},
    id: '',
    logger: () => {},
    sessionId: '',
    stopChild: () => {},
    system: self.system,
    emit: () => {},
    actionExecutor: (action: ExecutableAction) => void scope.actions.push(action),
  }
  return { scope, actorScope }
}

function effectsOf(actions: readonly ExecutableAction[]): Effect[] {
  const out: Effect[] = []
  for (const a of actions) {
    switch (a.type) {
      case 'xstate.spawnChild': {
        const p = a.params as { id: string; src: unknown; input?: unknown }
        out.push({ kind: 'start', id: p.id, src: typeof p.src === 'string' ? p.src : p.id, input: p.input })
        break
      }
      case 'xstate.stopChild': {
        const p = a.params as { id?: string } | string
        out.push({ kind: 'stop', id: typeof p === 'string' ? p : (p?.id ?? '') })
        break
      }
      case 'xstate.sendTo': {
        const p = a.params as { to: { id?: string } | string; event: EventObject }
        out.push({ kind: 'send', to: typeof p.to === 'string' ? p.to : (p.to?.id ?? ''), event: p.event })
        break
      }
      case 'xstate.raise':
      case 'xstate.cancel':
      case 'xstate.log':
      case 'xstate.emit':
        break
      default:
        out.push({ kind: 'action', type: a.type, params: a.params, context: a.info?.context ?? {} })
    }
  }
  return out
}

// --- checking a model -------------------------------------------------------------------------

export interface CheckCount {
  /** Vertices of the graphs: one shortest path leads to each. */
  paths: number
  /** Steps checked: the starts and every edge. */
  steps: number
  checks: number
  /** How often each property applied. */
  applied: Map<string, number>
}

export function newCount(): CheckCount {
  return { paths: 0, steps: 0, checks: 0, applied: new Map() }
}

/** Whether a property speaks about a step (its `when`; every step without one): the harness checks it there. */
export function appliesAt(property: Property, step: Step): boolean {
  return !property.when || property.when(step)
}

export function checkStep(model: MachineModel, step: Step, count: CheckCount, describeStep: () => string): void {
  for (const property of model.properties) {
    if (!appliesAt(property, step)) continue
    try {
      property.check(step)
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error)
      throw new Error(`${model.name} [${property.requirement}] ${property.name}\n  ${describeStep()}\n  event: ${JSON.stringify(step.event)}\n  ${detail}`)
    }
    count.checks++
    count.applied.set(property.name, (count.applied.get(property.name) ?? 0) + 1)
  }
  count.steps++
}

/**
 * How `checkModel` walks a model from one input: the machine with its fakes, the events offered
 * in a state, the vertex key, and xstate/graph's traversal options. `npm run paths` walks the same.
 */
export function traversalOf(model: MachineModel, variant: ModelInput) {
  const machine = faked(model.machine)
  // An actor's answer (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`) only comes while the
  // actor runs: it is offered where the machine has that child, whether or not it handles it.
  const offered = (snapshot: Snap) =>
    model.events(snapshot).filter((e) => {
      const answer = /^xstate\.(?:done|error)\.actor\.(.+)$/u.exec(e.type)
      return !answer || answer[1]! in snapshot.children
    })
  const serialize = model.serializeState ?? ((s: Snap) => serializeSnapshot(s))
  const traversal = { input: variant.input as never, events: offered as never, limit: 100_000, serializeState: ((s: Snap) => serialize(s)) as never }
  return { machine, offered, serialize, traversal }
}

/**
 * The first `depth` levels of a graph (a start with `depth`): the same edges xstate/graph would
 * take, breadth first. `state` hears every state whose events are tried, `edge` every step, with
 * whether it reached a state not seen before.
 */
export function walkLevels(
  first: Snap,
  depth: number,
  offered: (s: Snap) => TestEvent[],
  serialize: (s: Snap) => string,
  transition: (s: Snap, e: TestEvent) => Snap,
  on: { state?: (s: Snap) => void; edge?: (from: Snap, event: TestEvent, after: Snap, isNew: boolean) => void },
): void {
  let frontier = [first]
  const seen = new Set(frontier.map(serialize))
  for (let level = 0; level < depth; level++) {
    const next: Snap[] = []
    for (const state of frontier) {
      on.state?.(state)
      for (const event of offered(state)) {
        const after = transition(state, event)
        const key = serialize(after)
        const isNew = !seen.has(key)
        if (isNew) {
          seen.add(key)
          next.push(after)
        }
        on.edge?.(state, event, after, isNew)
      }
    }
    frontier = next
  }
}

/**
 * Steps as the harness records them (effects, whether the state took the event), on the machine
 * with its fakes, from the start with `input`: `start` takes the start, `next` one event from a
 * state; `coverage` hears every microstep.
 */
export function stepperFor(model: MachineModel, input: unknown, coverage: Pick<Coverage, 'record'> | null = null) {
  const machine = faked(model.machine)
  const { scope, actorScope } = scopeFor(machine, input, coverage)
  return {
    start(): Step {
      scope.reset()
      const after = machine.getInitialSnapshot(actorScope as never, input as never) as Snap
      return makeStep(0, { type: 'xstate.init' }, null, after, effectsOf(scope.actions), input, true)
    },
    next(before: Snap, event: TestEvent): Step {
      scope.reset()
      const after = machine.transition(before as never, event as never, actorScope as never) as Snap
      return makeStep(1, event, before, after, effectsOf(scope.actions), input, scope.microsteps() > 0)
    },
  }
}

/** The steps of one path, from the start with `input` through `events` (see `stepperFor`). */
export function stepsAlong(model: MachineModel, input: unknown, events: readonly TestEvent[], coverage: Pick<Coverage, 'record'> | null = null): Step[] {
  const stepper = stepperFor(model, input, coverage)
  const steps = [stepper.start()]
  for (const event of events) steps.push(stepper.next(steps[steps.length - 1]!.after, event))
  return steps
}

/**
 * Builds the machine's graph from `input` with xstate/graph and checks every property on the
 * start and on every edge. The graph is built on the machine itself, through a wrapper that
 * records each step as xstate/graph takes it (once per edge).
 */
export function checkModel(model: MachineModel, variant: ModelInput, count: CheckCount, coverage: Coverage | null = null): void {
  const input = variant.input
  const machine = faked(model.machine)
  const { scope, actorScope } = scopeFor(machine, input, coverage)
  const steps: Step[] = []
  const record = (event: TestEvent, before: Snap | null, run: () => Snap): Snap => {
    scope.reset()
    const after = run()
    steps.push(makeStep(before === null ? 0 : 1, event, before, after, effectsOf(scope.actions), input, scope.microsteps() > 0))
    return after
  }
  const logic = {
    ...machine,
    config: machine.config,
    getInitialSnapshot: (_scope: unknown, given: unknown) =>
      record({ type: 'xstate.init' }, null, () => machine.getInitialSnapshot(actorScope as never, given as never) as Snap),
    transition: (snapshot: Snap, event: TestEvent) =>
      record(event, snapshot, () => machine.transition(snapshot as never, event as never, actorScope as never) as Snap),
  } as unknown as AnyStateMachine
  const { offered, serialize, traversal } = traversalOf(model, variant)
  if (variant.depth === undefined) {
    const graph = getAdjacencyMap(logic, traversal) as unknown as Record<string, unknown>
    count.paths += Object.keys(graph).length
  } else {
    const first = logic.getInitialSnapshot(actorScope as never, input as never) as Snap
    walkLevels(first, variant.depth, offered, serialize, (state, event) => logic.transition(state as never, event as never, actorScope as never) as Snap, {
      state: () => void count.paths++,
    })
  }
  const pathTo = (target: Snap | null) => {
    if (target === null) return 'at the start'
    const key = serialize(target)
    const path = (getShortestPaths(machine, traversal) as unknown as Path[]).find((p) => serialize(p.state) === key)
    return `from ${path ? describePath(path) : JSON.stringify(target.value)}`
  }
  // The start is taken once more by xstate/graph for its first vertex: one start is enough.
  let started = false
  for (const step of steps) {
    if (step.index === 0) {
      if (started) continue
      started = true
    }
    checkStep(model, step, count, () => pathTo(step.before))
  }
}

function makeStep(index: number, event: TestEvent, before: Snap | null, after: Snap, effects: Effect[], input: unknown, taken: boolean): Step {
  return { index, event, before, after, effects, input, path: '', taken: before === null || taken }
}

export function describePath(path: Path): string {
  const events = path.steps.slice(1).map((s) => s.event.type.replace(/^xstate\./u, ''))
  return `${JSON.stringify(path.state.value)} via ${events.length ? events.join(' → ') : '(initial)'}`
}

/** A fake actor to hand a machine as an address (a modal's `replyTo`): what is sent to it is a `send` effect. */
export function addressRef(id: string): AnyActorRef {
  return createActor(
    fromPromise(async () => {}),
    { id },
  )
}

// --- inputs -----------------------------------------------------------------------------------

/**
 * A model's inputs, each with how the machine is to start from it: `variant` names an input and
 * its start, `startOf` finds that start again on any step from the input.
 */
export function startsByInput<Start>() {
  const startOfInput = new Map<unknown, Start>()
  return {
    variant(label: string, input: unknown, start: Start): ModelInput {
      startOfInput.set(input, start)
      return { label, input }
    },
    startOf: (step: Step): Start => startOfInput.get(step.input)!,
  }
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
/** The effects of a step as names (actions), `start:id`, `stop:id` and `send:id:event`, in order. */
export function trace(step: Step): string[] {
  return step.effects.map((e) =>
    e.kind === 'action' ? e.type : e.kind === 'start' ? `start:${e.id}` : e.kind === 'stop' ? `stop:${e.id}` : `send:${e.to}:${e.event.type}`,
  )
}
export function ctx<T = Record<string, unknown>>(snapshot: Snap | null): T {
  return (snapshot?.context ?? {}) as T
}
export function is(snapshot: Snap | null, value: unknown): boolean {
  return snapshot?.matches(value as never) ?? false
}

/** An event the state ignored changes nothing and causes nothing. */
export const IGNORED_EVENTS_CHANGE_NOTHING: Property = {
  name: 'an event the state does not take changes nothing and causes nothing',
  requirement: 'decision 070',
  when: (step) => step.index > 0 && !step.taken,
  check: (step) => {
    if (step.effects.length !== 0) expect(step.effects).toEqual([])
    if (!isDeepStrictEqual(step.after.value, step.before!.value)) expect(step.after.value).toEqual(step.before!.value)
    if (step.after.context !== step.before!.context && !isDeepStrictEqual(step.after.context, step.before!.context))
      expect(step.after.context).toEqual(step.before!.context)
  },
}
