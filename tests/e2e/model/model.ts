/**
 * Model-based browser tests: a pure test-model machine mirrors a real machine. Its states are
 * "what the visitor sees" and name the real state ids they stand for; its events are browser
 * actions and name the real transitions they take. `xstate/graph` generates the paths; each
 * path drives the real site in Chromium, and every step asserts what the visitor sees.
 * Coverage is counted against the real machine's states and transitions.
 */
import { createMachine, type AnyStateMachine } from 'xstate'
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
  states: Record<string, ModelState>
  /** Real states no browser path can reach, with the reason. */
  unreachable: Record<string, string>
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

/** Checks the model against the real machine: every named real state and transition exists. */
export function validateModel(model: BrowserModel): void {
  const ids = new Set(allStateNodes(model.machine).map((n) => n.id))
  const keys = new Set(allTransitionKeys(model.machine))
  for (const [name, state] of Object.entries(model.states)) {
    for (const id of state.real) if (!ids.has(id)) throw new Error(`${name}: no real state ${id}`)
    for (const t of Object.values(state.on ?? {})) for (const k of t.real) if (!keys.has(k)) throw new Error(`${name}: no real transition ${k}`)
  }
  for (const id of Object.keys(model.unreachable)) if (!ids.has(id)) throw new Error(`unreachable: no real state ${id}`)
}

/** State and transition coverage of sets of paths (of one or more models of the same machine), relative to the real machine. */
export function coverage(runs: Array<[BrowserModel, ModelPath[]]>) {
  const model = runs[0]![0]
  const realStates = allStateNodes(model.machine).map((n) => n.id)
  const realTransitions = allTransitionKeys(model.machine)
  const states = new Set<string>()
  const transitions = new Set<string>()
  for (const [m, paths] of runs) {
    m.states[m.initial]!.real.forEach((s) => states.add(s))
    for (const path of paths) {
      let current = path.start
      for (const step of path.steps) {
        const t = m.states[current]!.on![step.event]!
        t.real.forEach((k) => transitions.add(k))
        m.states[step.state]!.real.forEach((s) => states.add(s))
        current = step.state
      }
    }
  }
  const paths = runs.flatMap(([, p]) => p)
  const reachable = realStates.filter((s) => !(s in model.unreachable))
  return {
    machine: model.machine.id,
    paths: paths.length,
    states: { covered: [...states].filter((s) => realStates.includes(s)).length, reachable: reachable.length, total: realStates.length },
    transitions: { covered: [...transitions].length, total: realTransitions.length },
    missedStates: reachable.filter((s) => !states.has(s)),
    missedTransitions: realTransitions.filter((k) => !transitions.has(k)),
    unreachable: model.unreachable,
  }
}

export function printCoverage(...runs: Array<[BrowserModel, ModelPath[]]>): void {
  const c = coverage(runs)
  const pct = (a: number, b: number) => `${b ? Math.round((a / b) * 100) : 100}%`
  const lines = [
    `[model coverage] ${c.machine}: ${c.paths} browser paths`,
    `  states ${c.states.covered}/${c.states.reachable} reachable from a browser (${pct(c.states.covered, c.states.reachable)}); ${c.states.total} in the machine`,
    `  transitions ${c.transitions.covered}/${c.transitions.total} (${pct(c.transitions.covered, c.transitions.total)}); not taken: ${c.missedTransitions.join(', ') || 'none'}`,
    ...(c.missedStates.length ? [`  reachable but not covered: ${c.missedStates.join(', ')}`] : []),
    ...Object.entries(c.unreachable).map(([s, why]) => `  unreachable ${s}: ${why}`),
  ]
  console.log(lines.join('\n'))
}
