/**
 * What one diagram of a machine shows, before any geometry: a box per state (its own, its collapsed
 * ancestor's, or a dashed one for a state outside the scope) and the lines between the boxes.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { allTransitions, anyStateId, childrenOf, nodeId, stateLabel } from './graph.ts'

/** What one diagram shows. */
export interface View {
  /** The machine's name in machines/index.ts, which names its files. */
  name: string
  machine: AnyStateMachine
  file: string
  scope: AnyStateNode | null
  collapsed: Set<AnyStateNode>
}

type BoxKind = 'state' | 'compound' | 'collapsed' | 'outside' | 'any' | 'initial'
export interface Box {
  id: string
  kind: BoxKind
  node: AnyStateNode | null
  label: string
  lines: string[]
  children: Box[]
}
export interface Line {
  id: string
  from: string
  to: string
  label: string
  /** The arrow from a compound state's initial dot: not a transition of the machine. */
  initial: boolean
}

function isInside(node: AnyStateNode, scope: AnyStateNode | null): boolean {
  if (!scope) return true
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) if (n === scope) return true
  return false
}

function ancestors(node: AnyStateNode): AnyStateNode[] {
  const out: AnyStateNode[] = []
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) out.unshift(n)
  return out
}

/** The file of a compound state's own diagram: `payment.paying.svg`. */
export function partFile(name: string, node: AnyStateNode): string {
  return `${name}.${node.path.join('.')}.svg`
}

function stateLines(node: AnyStateNode): string[] {
  return stateLabel(node).split(' / ')
}

/** Which box a state is drawn as in a view: itself, its collapsed ancestor, or an outside box. */
function boxOf(view: View, node: AnyStateNode): AnyStateNode {
  const { scope, collapsed } = view
  if (isInside(node, scope)) {
    for (const n of ancestors(node)) if (collapsed.has(n)) return n
    return node
  }
  // Outside the scope: the state's ancestor (or itself) that is a child of the lowest state holding both.
  const path = ancestors(node)
  const scopePath = ancestors(scope as AnyStateNode)
  let common = 0
  while (common < path.length && common < scopePath.length && path[common] === scopePath[common]) common++
  return path[Math.min(common, path.length - 1)] as AnyStateNode
}

export function buildView(view: View): { root: Box; lines: Line[] } {
  const { machine, scope, collapsed } = view
  const root = machine.root as AnyStateNode
  const initialBox = (parent: AnyStateNode): Box => ({ id: `${nodeId(parent)}__initial`, kind: 'initial', node: null, label: '', lines: [], children: [] })
  const lines: Line[] = []
  const boxOfState = (node: AnyStateNode): Box => {
    const id = nodeId(node)
    if (collapsed.has(node)) {
      return { id, kind: 'collapsed', node, label: stateLabel(node), lines: [...stateLines(node), `see ${partFile(view.name, node)}`], children: [] }
    }
    const kids = childrenOf(node)
    if (kids.length === 0) return { id, kind: 'state', node, label: stateLabel(node), lines: stateLines(node), children: [] }
    const children = kids.map(boxOfState)
    if (node.initial?.target?.[0]) {
      const dot = initialBox(node)
      children.unshift(dot)
      lines.push({ id: `${dot.id}__edge`, from: dot.id, to: nodeId(node.initial.target[0] as AnyStateNode), label: '', initial: true })
    }
    return { id, kind: 'compound', node, label: stateLabel(node), lines: [stateLines(node).join(' / ')], children }
  }
  const top: Box[] = []
  if (scope) top.push(boxOfState(scope))
  else {
    for (const child of childrenOf(root)) top.push(boxOfState(child))
    if (root.initial?.target?.[0]) {
      const dot = initialBox(root)
      top.unshift(dot)
      lines.push({ id: `${dot.id}__edge`, from: dot.id, to: nodeId(root.initial.target[0] as AnyStateNode), label: '', initial: true })
    }
  }
  const outside = new Map<string, Box>()
  const seen = new Set<string>()
  for (const t of allTransitions(machine)) {
    let from: string
    if (t.source === root) {
      if (scope) continue
      from = anyStateId(machine)
      if (!outside.has(from)) outside.set(from, { id: from, kind: 'any', node: null, label: 'any state', lines: ['any state'], children: [] })
    } else if (!isInside(t.source, scope) && !isInside(t.target, scope)) continue
    else from = nodeId(boxOf(view, t.source))
    const targetBox = t.target === root ? null : boxOf(view, t.target)
    const to = targetBox ? nodeId(targetBox) : anyStateId(machine)
    const sourceBox = t.source === root ? null : boxOf(view, t.source)
    // A transition inside a collapsed state is drawn in that state's own diagram.
    if (sourceBox && sourceBox === targetBox && collapsed.has(sourceBox) && !(t.source === sourceBox && t.target === sourceBox)) continue
    for (const end of [sourceBox, targetBox]) {
      if (end && !isInside(end, scope) && !outside.has(nodeId(end))) {
        outside.set(nodeId(end), { id: nodeId(end), kind: 'outside', node: end, label: stateLabel(end), lines: stateLines(end), children: [] })
      }
    }
    const key = `${from}|${to}|${t.label}`
    if (seen.has(key)) continue
    seen.add(key)
    lines.push({ id: `e${lines.length}`, from, to, label: t.label, initial: false })
  }
  const rootBox: Box = { id: 'root', kind: 'compound', node: null, label: '', lines: [], children: [...top, ...outside.values()] }
  return { root: rootBox, lines }
}
