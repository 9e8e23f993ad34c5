/**
 * What a diagram draws of a machine, read from its definition: each state with its label and
 * each transition with its `event [guard] / actions` label. The Mermaid text (scripts/flows.ts)
 * and the SVG diagrams (./svg.ts) both draw from here, so they cannot disagree.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate'

interface Transition {
  eventType: string
  target?: readonly AnyStateNode[]
  guard?: unknown
  actions?: readonly unknown[]
}

export interface DrawnTransition {
  source: AnyStateNode
  target: AnyStateNode
  label: string
}

/** Diagram ids allow letters, digits, `_` and `-`: the state path joined by `__`; the machine's id for its root. */
export function nodeId(node: AnyStateNode): string {
  return node.path.length === 0 ? String(node.machine.id) : node.path.join('__')
}

/** The pseudo state that stands for "whichever state the machine is in" (the root's own transitions). */
export function anyStateId(machine: AnyStateMachine): string {
  return `${machine.id}_any`
}

function actionName(action: unknown): string | null {
  if (typeof action === 'string') return action
  if (action && typeof action === 'object' && 'type' in action && typeof (action as { type: unknown }).type === 'string') {
    return (action as { type: string }).type
  }
  return null
}

function guardName(guard: unknown): string | null {
  if (!guard) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type)
  if (typeof guard === 'function') {
    const g = guard as { guards?: unknown[]; name?: string; check?: { name?: string } }
    // xstate's `and`, `or` and `not` guards are functions of those names holding their guards.
    if (Array.isArray(g.guards)) return g.name === 'not' ? `not ${guardName(g.guards[0])}` : g.guards.map(guardName).join(g.name === 'or' ? ' or ' : ' and ')
    return g.check?.name && g.check.name !== 'check' ? g.check.name : 'guard'
  }
  return 'guard'
}

function eventLabel(eventType: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/u.exec(eventType)
  if (done) return `${done[1]} done`
  const failed = /^xstate\.error\.actor\.(.+)$/u.exec(eventType)
  if (failed) return `${failed[1]} error`
  if (eventType.startsWith('xstate.done.state.')) return 'done'
  const after = /^xstate\.after\.(\d+)\./u.exec(eventType)
  if (after) return `after ${after[1]} ms`
  if (eventType === '') return 'always'
  return eventType
}

function transitionLabel(t: Transition, isAlways: boolean): string {
  const parts = [isAlways ? 'always' : eventLabel(t.eventType)]
  const guard = guardName(t.guard)
  if (guard) parts.push(`[${guard}]`)
  const actions = (t.actions ?? []).map(actionName).filter((a): a is string => a !== null && !a.startsWith('xstate.'))
  if (actions.length) parts.push(`/ ${actions.join(', ')}`)
  // Mermaid reads `:` as a separator and `;` ends a statement.
  return parts.join(' ').replace(/[:;]/gu, ' ')
}

/** `key`, then the actors it invokes and its tags: `paying / tags busy`. */
export function stateLabel(node: AnyStateNode): string {
  const bits = [String(node.key)]
  const invokes = (node.invoke ?? []) as { id: string }[]
  if (invokes.length) bits.push(`invoke ${invokes.map((i) => i.id).join(', ')}`)
  if (node.tags?.length) bits.push(`tags ${[...node.tags].join(', ')}`)
  return bits.join(' / ').replace(/"/gu, "'")
}

export function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[]
}

/** Every state below the root, parents before their children, in definition order. */
export function allStates(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = []
  const walk = (node: AnyStateNode) => {
    for (const child of childrenOf(node)) {
      out.push(child)
      walk(child)
    }
  }
  walk(machine.root as AnyStateNode)
  return out
}

/** The transitions a state handles itself (not its children's), each target drawn once; a transition without target stays. */
export function transitionsOf(node: AnyStateNode): DrawnTransition[] {
  const out: DrawnTransition[] = []
  const add = (t: Transition, isAlways: boolean) => {
    const targets = t.target?.length ? t.target : [node]
    for (const target of targets) out.push({ source: node, target, label: transitionLabel(t, isAlways) })
  }
  for (const [, list] of node.transitions as Map<string, Transition[]>) for (const t of list) add(t, false)
  for (const t of (node.always ?? []) as Transition[]) add(t, true)
  return out
}

/** Every transition of the machine: the root's first, then each state's in definition order. */
export function allTransitions(machine: AnyStateMachine): DrawnTransition[] {
  return [machine.root as AnyStateNode, ...allStates(machine)].flatMap(transitionsOf)
}
