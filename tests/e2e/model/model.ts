/**
 * Model-based browser tests: a pure test-model machine mirrors a real machine. Its states are
 * "what the visitor sees" and name the real state ids they stand for; its events are browser
 * actions and name the real transitions they take. `xstate/graph` generates the paths; each
 * path drives the real site in Chromium, and every step asserts what the visitor sees.
 *
 * Coverage is observed, not declared: the site records the transitions its real machines take
 * (`machine-log` flag, see observe.ts), each test checks that the transitions its model claims
 * were really taken, and the printed coverage counts only what the browser really did.
 */
import { createMachine, type AnyStateMachine, type AnyStateNode } from 'xstate'
import { getShortestPaths, getSimplePaths } from 'xstate/graph'
import { allStateNodes, allTransitionKeys } from '../../machines/harness'

export interface ModelState {
  /** Real state ids the visitor is in or passes through here, e.g. `payment.paying.charging`. */
  real: string[]
  on?: Record<string, { target: string; /** Real transition keys taken (`<source id> <event>[i]`). */ real: string[] }>
}

export interface BrowserModel {
  machine: AnyStateMachine
  initial: string
  /** Real transitions the initial page load takes (e.g. `auth.restoring always[2]` for a guest). */
  initialReal?: string[]
  states: Record<string, ModelState>
  /** Real states no browser path can reach, with the reason. */
  unreachable: Record<string, string>
  /**
   * Real transitions no browser path can take, with the reason: events the site never sends,
   * failures the browser cannot cause. Transitions from or into an unreachable state need no entry.
   */
  unreachableTransitions?: Record<string, string>
  traversal: 'shortest' | 'simple'
}

export interface ModelPath {
  name: string
  steps: Array<{ event: string; state: string }>
  /** The model state at the start. */
  start: string
}

/** The pure test-model machine: no actions, no actors, only states and events. */
export function testModelMachine(model: BrowserModel): AnyStateMachine {
  return createMachine({
    id: `${model.machine.id}-model`,
    initial: model.initial,
    states: Object.fromEntries(
      Object.entries(model.states).map(([name, state]) => [
        name,
        { on: Object.fromEntries(Object.entries(state.on ?? {}).map(([event, t]) => [event, { target: t.target }])) },
      ]),
    ),
  })
}

export function modelPaths(model: BrowserModel): ModelPath[] {
  const machine = testModelMachine(model)
  const paths = model.traversal === 'simple' ? getSimplePaths(machine) : getShortestPaths(machine)
  return paths.map((p) => {
    // The first step of a graph path is the machine's start (`xstate.init`).
    const steps = p.steps.filter((s) => s.event.type !== 'xstate.init').map((s) => ({ event: s.event.type, state: String(s.state.value) }))
    return { start: model.initial, steps, name: [model.initial, ...steps.map((s) => `${s.event} → ${s.state}`)].join(' / ') }
  })
}

/** Source and target state ids of a transition key, e.g. `auth.loggedOut auth.login[0]` → `auth.loggedOut`. */
function sourceOf(key: string): string {
  return key.slice(0, key.indexOf(' '))
}

/** Checks the model against the real machine: every named real state and transition exists, and each unreachable entry names something real. */
export function validateModel(model: BrowserModel): void {
  const ids = new Set(allStateNodes(model.machine).map((n) => n.id))
  const keys = new Set(allTransitionKeys(model.machine))
  const checkKey = (where: string, k: string) => {
    if (!keys.has(k)) throw new Error(`${where}: no real transition ${k}`)
  }
  for (const k of model.initialReal ?? []) checkKey('initial', k)
  for (const [name, state] of Object.entries(model.states)) {
    for (const id of state.real) if (!ids.has(id)) throw new Error(`${name}: no real state ${id}`)
    for (const t of Object.values(state.on ?? {})) for (const k of t.real) checkKey(name, k)
  }
  for (const id of Object.keys(model.unreachable)) if (!ids.has(id)) throw new Error(`unreachable: no real state ${id}`)
  for (const k of Object.keys(model.unreachableTransitions ?? {})) checkKey('unreachable', k)
}

/** The real transitions a path claims to take: the initial load's and each step's. */
export function declaredTransitions(model: BrowserModel, path: ModelPath): string[] {
  const keys = new Set(model.initialReal ?? [])
  let current = path.start
  for (const step of path.steps) {
    model.states[current]!.on![step.event]!.real.forEach((k) => keys.add(k))
    current = step.state
  }
  return [...keys]
}

type TransitionDefinition = { target?: readonly AnyStateNode[] }

/** Each transition key's target state ids (none: a targetless transition). */
function transitionTargets(machine: AnyStateMachine): Map<string, string[]> {
  const targets = new Map<string, string[]>()
  for (const node of [machine.root as AnyStateNode, ...allStateNodes(machine)]) {
    for (const [eventType, list] of node.transitions as Map<string, TransitionDefinition[]>) {
      list.forEach((t, i) => targets.set(`${node.id} ${eventType}[${i}]`, (t.target ?? []).map((n) => n.id)))
    }
    ;((node.always ?? []) as TransitionDefinition[]).forEach((t, i) => targets.set(`${node.id} always[${i}]`, (t.target ?? []).map((n) => n.id)))
  }
  return targets
}

/**
 * What a browser can reach of the real machine: all of it but the unreachable states, the
 * transitions from or into them, and the unreachable transitions.
 */
function reachable(model: BrowserModel) {
  const realStates = allStateNodes(model.machine).map((n) => n.id)
  const realTransitions = allTransitionKeys(model.machine)
  const targets = transitionTargets(model.machine)
  const underUnreachable = (id: string) => Object.keys(model.unreachable).some((u) => id === u || id.startsWith(`${u}.`))
  const unreachableTransition = (key: string) =>
    key in (model.unreachableTransitions ?? {}) || underUnreachable(sourceOf(key)) || (targets.get(key) ?? []).some(underUnreachable)
  return {
    realStates,
    realTransitions,
    states: realStates.filter((s) => !underUnreachable(s)),
    transitions: realTransitions.filter((k) => !unreachableTransition(k)),
  }
}

export interface Observed {
  /** How many browser paths the log holds. */
  paths: number
  states: Set<string>
  transitions: Set<string>
}

/** Observed state and transition coverage of the real machine, measured by the site's machine log. */
export function coverage(model: BrowserModel, observed: Observed, expectedPaths: number) {
  const r = reachable(model)
  return {
    machine: model.machine.id,
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
    unreachable: model.unreachable,
    unreachableTransitions: model.unreachableTransitions ?? {},
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
