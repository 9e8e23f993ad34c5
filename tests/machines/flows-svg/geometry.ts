/**
 * Reads a diagram SVG back as geometry and checks it against the machine itself, not against
 * the Mermaid text it came from: every state a box labelled with its key, every transition an
 * edge whose first point lies on its source's box and whose last point lies on its target's.
 *
 * What the SVG is read by (its vocabulary, docs/flows/README.md): a state's group carries
 * `data-id` (the state path joined by `__`; `<machine id>_any` for "any state") and
 * `data-label`, with the box as its first `<rect>`; a transition is a `<polyline>` with
 * `data-from`, `data-to`, `data-label` and its `points`. Any renderer that writes that
 * vocabulary can be checked, the one before this one too (./misdrawn-payment.svg).
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate'

export interface Box {
  id: string
  label: string
  /** The text drawn inside the group. */
  text: string[]
  x: number
  y: number
  width: number
  height: number
}
export interface Edge {
  from: string
  to: string
  label: string
  points: { x: number; y: number }[]
}
export interface ReadSvg {
  width: number
  boxes: Map<string, Box>
  edges: Edge[]
}

const attr = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`, 'u').exec(tag)?.[1]
const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/gu, '<')
    .replace(/&gt;/gu, '>')
    .replace(/&quot;/gu, '"')
    .replace(/&#39;/gu, "'")
    .replace(/&amp;/gu, '&')

export function readSvg(svg: string): ReadSvg {
  const width = Number(attr(/<svg\b[^>]*>/u.exec(svg)?.[0] ?? '', 'width'))
  const boxes = new Map<string, Box>()
  // A group with data-id and data-label up to its first rect, and the texts up to the next group.
  for (const match of svg.matchAll(/<g\b[^>]*\sdata-id="([^"]*)"[^>]*>([\s\S]*?)(?=<g\b|<\/svg>)/gu)) {
    const tag = /<g\b[^>]*>/u.exec(match[0])?.[0] ?? ''
    const label = attr(tag, 'data-label')
    const rect = /<rect\b[^>]*>/u.exec(match[2] ?? '')?.[0]
    if (label === undefined || !rect) continue
    const text = [...(match[2] ?? '').matchAll(/<text\b[^>]*>([^<]*)<\/text>/gu)].map((t) => unescapeXml(t[1] ?? ''))
    const id = match[1] as string
    boxes.set(id, {
      id,
      label: unescapeXml(label),
      text,
      x: Number(attr(rect, 'x')),
      y: Number(attr(rect, 'y')),
      width: Number(attr(rect, 'width')),
      height: Number(attr(rect, 'height')),
    })
  }
  const edges: Edge[] = []
  for (const match of svg.matchAll(/<polyline\b[^>]*>/gu)) {
    const tag = match[0]
    const from = attr(tag, 'data-from')
    const to = attr(tag, 'data-to')
    const points = (attr(tag, 'points') ?? '')
      .trim()
      .split(/\s+/u)
      .map((pair) => {
        const [x, y] = pair.split(',').map(Number)
        return { x: x as number, y: y as number }
      })
    if (from === undefined || to === undefined) continue
    edges.push({ from, to, label: unescapeXml(attr(tag, 'data-label') ?? ''), points })
  }
  return { width, boxes, edges }
}

/** How far a point may be from a box's outline and still touch it, in px. */
export const TOUCH = 2

/** Distance from a point to the outline of a box (0 on the outline). */
export function distanceToOutline(p: { x: number; y: number }, box: Box): number {
  const left = box.x
  const right = box.x + box.width
  const top = box.y
  const bottom = box.y + box.height
  const inside = p.x >= left && p.x <= right && p.y >= top && p.y <= bottom
  if (inside) return Math.min(p.x - left, right - p.x, p.y - top, bottom - p.y)
  const dx = Math.max(left - p.x, 0, p.x - right)
  const dy = Math.max(top - p.y, 0, p.y - bottom)
  return Math.hypot(dx, dy)
}

export interface MachineState {
  id: string
  key: string
  node: AnyStateNode
}
export interface MachineTransition {
  source: AnyStateNode
  target: AnyStateNode
  eventType: string
}

/** The diagram id of a state: its path joined by `__`. */
export const stateId = (node: AnyStateNode): string => node.path.join('__')

export function machineStates(machine: AnyStateMachine): MachineState[] {
  const out: MachineState[] = []
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      out.push({ id: stateId(child), key: child.key, node: child })
      walk(child)
    }
  }
  walk(machine.root as AnyStateNode)
  return out
}

export function machineTransitions(machine: AnyStateMachine): MachineTransition[] {
  const out: MachineTransition[] = []
  const nodes = [machine.root as AnyStateNode, ...machineStates(machine).map((s) => s.node)]
  for (const node of nodes) {
    const all = [
      ...[...(node.transitions as Map<string, { eventType: string; target?: AnyStateNode[] }[]>).values()].flat(),
      ...((node.always ?? []) as { eventType: string; target?: AnyStateNode[] }[]),
    ]
    for (const t of all) for (const target of t.target?.length ? t.target : [node]) out.push({ source: node, target, eventType: t.eventType })
  }
  return out
}

/** The words an edge's label begins with, by the rule docs/flows/README.md gives the reader. */
export function eventWords(eventType: string): string {
  if (eventType === '') return 'always'
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/u.exec(eventType)
  if (actor) return `${actor[2]} ${actor[1]}`
  if (eventType.startsWith('xstate.done.state.')) return 'done'
  const after = /^xstate\.after\.(\d+)\./u.exec(eventType)
  if (after) return `after ${after[1]} ms`
  return eventType
}

/** What is wrong in the diagrams of one machine (all its SVG files together); empty when they are right. */
export function diagramProblems(machine: AnyStateMachine, files: { file: string; svg: string }[], maxWidth: number): string[] {
  const problems: string[] = []
  const read = files.map(({ file, svg }) => ({ file, ...readSvg(svg) }))
  const anyId = `${machine.id}_any`
  const states = machineStates(machine)
  const known = new Set([...states.map((s) => s.id), anyId])
  for (const { file, width, boxes, edges } of read) {
    if (!(width <= maxWidth)) problems.push(`${file}: ${width} px wide (at most ${maxWidth})`)
    for (const id of boxes.keys()) if (!known.has(id) && !id.endsWith('__initial') && id !== '_start') problems.push(`${file}: a box "${id}" that is no state`)
    for (const edge of edges) {
      // Arrows from the initial dots and to a final marker are no transitions of the machine.
      if (!known.has(edge.from)) continue
      const first = edge.points[0]
      const last = edge.points.at(-1)
      const fromBox = boxes.get(edge.from)
      const toBox = boxes.get(edge.to)
      if (!fromBox || !first || distanceToOutline(first, fromBox) > TOUCH) problems.push(`${file}: "${edge.label}" does not start on the box of ${edge.from}`)
      if (known.has(edge.to) && (!toBox || !last || distanceToOutline(last, toBox) > TOUCH))
        problems.push(`${file}: "${edge.label}" does not end on the box of ${edge.to}`)
    }
  }
  // Every state: a box with its key as the label's first part and as drawn text, in some file.
  for (const state of states) {
    const boxes = read.map((r) => r.boxes.get(state.id)).filter((b): b is Box => Boolean(b))
    if (boxes.length === 0) problems.push(`state ${state.id} has no box`)
    else if (!boxes.some((b) => b.label.split(' / ')[0] === state.key && b.text.some((t) => t === state.key || t.startsWith(`${state.key} /`))))
      problems.push(`state ${state.id} is labelled "${boxes[0]?.label}", not "${state.key}"`)
  }
  // Every transition: an edge from the source (or the box it is folded into) to the target (or its box).
  const selfAndAncestors = (node: AnyStateNode): string[] => {
    const ids: string[] = []
    for (let n: AnyStateNode | undefined = node; n; n = n.parent) ids.push(n.parent ? stateId(n) : anyId)
    return ids
  }
  for (const t of machineTransitions(machine)) {
    const froms = t.source.parent ? selfAndAncestors(t.source).filter((id) => id !== anyId) : [anyId]
    const tos = t.target.parent ? selfAndAncestors(t.target).filter((id) => id !== anyId) : [anyId]
    const words = eventWords(t.eventType)
    const drawn = read.some(({ boxes, edges }) =>
      edges.some((e) => {
        if (!froms.includes(e.from) || !tos.includes(e.to) || !e.label.startsWith(words)) return false
        const a = boxes.get(e.from)
        const b = boxes.get(e.to)
        const first = e.points[0]
        const last = e.points.at(-1)
        return Boolean(a && b && first && last && distanceToOutline(first, a) <= TOUCH && distanceToOutline(last, b) <= TOUCH)
      }),
    )
    if (!drawn) problems.push(`no edge "${words}" from ${stateId(t.source) || anyId} to ${stateId(t.target) || anyId} touches both boxes`)
  }
  return problems
}
