/**
 * The machine definitions as files a visualizer or another statechart tool opens:
 * `docs/flows/<machine>.json` (xstate's `toJSON()` layout, repaired so that `createMachine(json)`
 * rebuilds the same graph) and `docs/flows/<machine>.scxml` (W3C SCXML, ./scxml.ts).
 * Written by `npm run flows` (scripts/flows.ts); tests/machines/flows-export/ checks both.
 *
 * What differs from `JSON.stringify(machine.toJSON())` in xstate 5.33, and why:
 * - `initial` is the initial child's key: xstate writes its initial transition object, which
 *   `createMachine` cannot read back ("Initial state node [object Object] not found"); states
 *   without children have none.
 * - `always` is added (same shape as the transitions in `on`): `toJSON()` leaves eventless
 *   transitions out.
 * - Actions are `{ type }` objects, guards their names (a string, or `{ type }` when the
 *   machine gives params), `and`/`or`/`not` guards a string such as `and(a, not(b))`;
 *   functions (params mappers, invoke `input`, inline implementations) are left out, never
 *   written as `null`. Params that are plain data are kept.
 * - `transitions` (the same transitions as `on`, flattened) and `version` (unset) are left out.
 * Key order is the definition's order (document order: it decides which of two transitions
 * wins), so nothing is sorted; the same definition gives the same bytes.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate'

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

export interface ActionJSON {
  type: string
  params?: JsonValue
}
export type GuardJSON = string | { type: string; params?: JsonValue }

export interface TransitionJSON {
  /** Target state ids, each `#<state id>`; absent for a transition that stays. */
  target?: string[]
  guard?: GuardJSON
  actions: ActionJSON[]
  /** `#<state id>` of the state that handles it. */
  source: string
  reenter: boolean
  /** The event's type as xstate names it: `xstate.done.actor.<id>`, `xstate.after.<delay>.<state id>`; `""` for `always`. */
  eventType: string
  description?: string
  meta?: JsonValue
}

export interface InvokeJSON {
  id: string
  src: string
  type: 'xstate.invoke'
  systemId?: string
}

export interface StateNodeJSON {
  id: string
  key: string
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history'
  initial?: string
  history: false | 'shallow' | 'deep'
  /** A history state's default target (`#<state id>`), when the machine names one. */
  target?: string[]
  states: Record<string, StateNodeJSON>
  on: Record<string, TransitionJSON[]>
  always?: TransitionJSON[]
  entry: ActionJSON[]
  exit: ActionJSON[]
  order: number
  invoke: InvokeJSON[]
  description?: string
  tags: string[]
  meta?: JsonValue
  output?: JsonValue
}

type RawTransition = {
  eventType: string
  target?: readonly AnyStateNode[]
  guard?: unknown
  actions?: readonly unknown[]
  reenter?: boolean
  description?: string
  meta?: unknown
}

/** Plain data only: functions and `undefined` are left out (in arrays too), class instances become their own fields. */
export function plainData(value: unknown): JsonValue | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (Array.isArray(value)) return value.map(plainData).filter((v): v is JsonValue => v !== undefined)
  if (typeof value === 'object') {
    const out: Record<string, JsonValue> = {}
    for (const [key, v] of Object.entries(value)) {
      const data = plainData(v)
      if (data !== undefined) out[key] = data
    }
    return out
  }
  return undefined
}

/** An action's name: its `type`, a built-in's type (`xstate.assign`), or an inline function's name. */
export function actionName(action: unknown): string {
  if (typeof action === 'string') return action
  if (typeof action === 'function') {
    const fn = action as { type?: unknown; name?: string }
    if (typeof fn.type === 'string') return fn.type
    return fn.name || 'inlineAction'
  }
  if (action && typeof action === 'object' && 'type' in action) return String((action as { type: unknown }).type)
  return 'inlineAction'
}

/** A guard's name: `canSubmit`, `and(isTokenValid, hasUser)`, `and(hasPendingPath, not(isOnPendingPage))`. */
export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') {
    const fn = guard as { guards?: unknown[]; name?: string }
    if (Array.isArray(fn.guards)) return `${fn.name || 'guard'}(${fn.guards.map((g) => guardName(g) ?? 'guard').join(', ')})`
    return fn.name || 'inlineGuard'
  }
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type)
  return 'inlineGuard'
}

function actionJSON(action: unknown): ActionJSON {
  const out: ActionJSON = { type: actionName(action) }
  if (action && typeof action === 'object' && 'params' in action) {
    const params = plainData((action as { params: unknown }).params)
    if (params !== undefined) out.params = params
  }
  return out
}

function guardJSON(guard: unknown): GuardJSON | undefined {
  const name = guardName(guard)
  if (name === null) return undefined
  if (guard && typeof guard === 'object') {
    const params = 'params' in guard ? plainData((guard as { params: unknown }).params) : undefined
    return params === undefined ? { type: name } : { type: name, params }
  }
  return name
}

function transitionJSON(t: RawTransition, source: AnyStateNode): TransitionJSON {
  const out: Partial<TransitionJSON> = {}
  if (t.target?.length) out.target = t.target.map((node) => `#${node.id}`)
  const guard = guardJSON(t.guard)
  if (guard !== undefined) out.guard = guard
  out.actions = (t.actions ?? []).map(actionJSON)
  out.source = `#${source.id}`
  out.reenter = t.reenter ?? false
  out.eventType = t.eventType
  if (t.description !== undefined) out.description = t.description
  const meta = plainData(t.meta)
  if (meta !== undefined) out.meta = meta
  return out as TransitionJSON
}

/** One state node and its children, in xstate's `toJSON()` layout (see the module comment). */
export function stateNodeJSON(node: AnyStateNode): StateNodeJSON {
  const out: Partial<StateNodeJSON> = { id: node.id, key: node.key, type: node.type as StateNodeJSON['type'] }
  const initial = node.initial?.target?.[0] as AnyStateNode | undefined
  if (initial && (node.type === 'compound' || node.type === 'parallel')) out.initial = initial.key
  out.history = node.history as StateNodeJSON['history']
  const historyTarget = (node.config as { target?: string | string[] }).target
  if (node.type === 'history' && historyTarget !== undefined) {
    out.target = (Array.isArray(historyTarget) ? historyTarget : [historyTarget]).map((ref) =>
      ref.startsWith('#') ? ref : `#${(node.parent as AnyStateNode).id}.${ref}`,
    )
  }
  out.states = Object.fromEntries((Object.values(node.states) as AnyStateNode[]).map((child) => [child.key, stateNodeJSON(child)]))
  const on: Record<string, TransitionJSON[]> = {}
  for (const [descriptor, list] of node.transitions as Map<string, RawTransition[]>) on[descriptor] = list.map((t) => transitionJSON(t, node))
  out.on = on
  const always = (node.always ?? []) as RawTransition[]
  if (always.length) out.always = always.map((t) => transitionJSON(t, node))
  out.entry = node.entry.map(actionJSON)
  out.exit = node.exit.map(actionJSON)
  out.order = node.order || -1
  out.invoke = (node.invoke as { id: string; src: unknown; systemId?: string }[]).map((def) => {
    const invoke: InvokeJSON = { id: def.id, src: typeof def.src === 'string' ? def.src : `xstate.invoke.${def.id}`, type: 'xstate.invoke' }
    if (def.systemId !== undefined) invoke.systemId = def.systemId
    return invoke
  })
  if (node.description !== undefined) out.description = node.description
  out.tags = [...node.tags]
  const meta = plainData(node.meta)
  if (meta !== undefined) out.meta = meta
  const output = plainData(node.output)
  if (output !== undefined) out.output = output
  return out as StateNodeJSON
}

/** The machine's definition as JSON data (its root state node). */
export function machineJSON(machine: AnyStateMachine): StateNodeJSON {
  return stateNodeJSON(machine.root as AnyStateNode)
}

/** Every state node of a definition, parents before children, in document order. */
export function allNodes(root: StateNodeJSON): StateNodeJSON[] {
  const out: StateNodeJSON[] = []
  const visit = (node: StateNodeJSON) => {
    out.push(node)
    for (const child of Object.values(node.states)) visit(child)
  }
  visit(root)
  return out
}

/** A transition's guard name as written in the JSON. */
export function guardOf(t: TransitionJSON): string | null {
  if (t.guard === undefined) return null
  return typeof t.guard === 'string' ? t.guard : t.guard.type
}

/**
 * A state's entry and exit actions without the timers xstate adds for its `after` delays (a
 * `xstate.raise` on entry and a `xstate.cancel` on exit per delay, after the state's own).
 */
export function ownEntryExit(node: StateNodeJSON): { entry: ActionJSON[]; exit: ActionJSON[] } {
  const delays = Object.keys(node.on).filter((event) => event.startsWith('xstate.after.')).length
  const strip = (actions: ActionJSON[], type: string) => {
    let left = delays
    const out = [...actions]
    for (let i = out.length - 1; i >= 0 && left > 0; i--) {
      if (out[i]!.type === type) {
        out.splice(i, 1)
        left--
      }
    }
    return out
  }
  return { entry: strip(node.entry, 'xstate.raise'), exit: strip(node.exit, 'xstate.cancel') }
}
