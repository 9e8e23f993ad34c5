/**
 * The SVG diagrams of a machine, laid out with ELK (the Eclipse Layout Kernel, `elkjs`) and
 * drawn here, so that every edge starts on its source's box and ends on its target's: the
 * geometry is ELK's, and nothing is placed by a second renderer.
 *
 * A machine that fits in {@link MAX_WIDTH} px is one diagram, `<name>.svg`. A wider one is an
 * overview, `<name>.svg`, with its compound states drawn collapsed, plus one diagram per
 * collapsed state, `<name>.<state path>.svg`, linked from the overview; the same rule applies
 * inside each of those. In a compound state's diagram, the states outside it that its
 * transitions reach are drawn as dashed boxes.
 *
 * The SVG names what it draws, for the geometry test (tests/machines/flows-svg.test.ts) and for
 * anyone reading the file: `data-machine` and `data-scope` on the root, `data-id` (the state
 * path joined by `__`, as in the Mermaid text) and `data-label` on each state's group, and
 * `data-from`, `data-to`, `data-label` on each transition's polyline.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { allTransitions, anyStateId, childrenOf, nodeId, stateLabel } from './graph.ts'

/** No canvas is wider (issue 36: a diagram a product owner reads on a screen). */
export const MAX_WIDTH = 2000

export interface Diagram {
  /** The file name under docs/flows/. */
  file: string
  /** The compound state it draws, `null` for the machine's own diagram or overview. */
  scope: AnyStateNode | null
  svg: string
  width: number
  height: number
  /** The compound states drawn collapsed, each with its own diagram. */
  collapsed: AnyStateNode[]
}

// A monospace font makes the text's width known without a browser: 0.6 em per character.
const FONT_SIZE = 12
const CHAR_WIDTH = FONT_SIZE * 0.6
const LINE_HEIGHT = 15
const LABEL_LINE_CHARS = 26
const HEADER = 22

interface ElkLabel {
  text: string
  width: number
  height: number
  x?: number
  y?: number
}
interface ElkNode {
  id: string
  width?: number
  height?: number
  x?: number
  y?: number
  children?: ElkNode[]
  edges?: ElkEdge[]
  labels?: ElkLabel[]
  layoutOptions?: Record<string, string>
}
interface ElkSection {
  startPoint: { x: number; y: number }
  endPoint: { x: number; y: number }
  bendPoints?: { x: number; y: number }[]
}
interface ElkEdge {
  id: string
  sources: string[]
  targets: string[]
  labels?: ElkLabel[]
  sections?: ElkSection[]
}

/** What one diagram shows. */
interface View {
  /** The machine's name in machines/index.ts, which names its files. */
  name: string
  machine: AnyStateMachine
  file: string
  scope: AnyStateNode | null
  collapsed: Set<AnyStateNode>
}

type BoxKind = 'state' | 'compound' | 'collapsed' | 'outside' | 'any' | 'initial'
interface Box {
  id: string
  kind: BoxKind
  node: AnyStateNode | null
  label: string
  lines: string[]
  children: Box[]
}
interface Line {
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

function wrap(text: string, width: number): string[] {
  const words = text.split(/(?<=, )|(?= \/ )|(?<= \])|(?= \[)/u)
  const lines: string[] = []
  let line = ''
  for (const word of words) {
    if (line && (line + word).length > width) {
      lines.push(line.trimEnd())
      line = word.trimStart()
    } else line += word
  }
  if (line) lines.push(line.trimEnd())
  return lines
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

function buildView(view: View): { root: Box; lines: Line[] } {
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

function boxSize(box: Box): { width: number; height: number } {
  if (box.kind === 'initial') return { width: 14, height: 14 }
  const longest = Math.max(...box.lines.map((l) => l.length))
  return { width: Math.ceil(longest * CHAR_WIDTH + 24), height: box.lines.length * LINE_HEIGHT + 14 }
}

function toElk(box: Box): ElkNode {
  if (box.kind === 'compound' && box.id !== 'root') {
    const headerWidth = Math.ceil((box.lines[0] ?? '').length * CHAR_WIDTH + 24)
    return {
      id: box.id,
      children: box.children.map(toElk),
      layoutOptions: {
        'elk.padding': `[top=${HEADER + 14},left=14,bottom=14,right=14]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${headerWidth}, 40)`,
      },
    }
  }
  return { id: box.id, ...boxSize(box) }
}

async function layout(view: View, direction: 'RIGHT' | 'DOWN') {
  const { root, lines } = buildView(view)
  const graph: ElkNode = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': direction,
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeNode': '14',
      'elk.spacing.edgeEdge': '10',
      'elk.spacing.edgeLabel': '4',
      'elk.layered.spacing.edgeNodeBetweenLayers': '14',
      'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.randomSeed': '1',
      'elk.padding': '[top=16,left=16,bottom=16,right=16]',
    },
    children: root.children.map(toElk),
    edges: lines.map((line) => {
      const text = wrap(line.label, LABEL_LINE_CHARS)
      const labels = line.initial
        ? []
        : [{ text: line.label, width: Math.ceil(Math.max(...text.map((l) => l.length)) * CHAR_WIDTH + 8), height: text.length * LINE_HEIGHT + 4 }]
      return { id: line.id, sources: [line.from], targets: [line.to], labels }
    }),
  }
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js')
  const laid = (await new ELK().layout(graph as never)) as unknown as ElkNode
  return { laid, root, lines }
}

const escapeXml = (text: string) => text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;').replace(/"/gu, '&quot;')
const n = (value: number) => String(Math.round(value * 100) / 100)

function drawBox(box: Box, shape: ElkNode, out: string[]): void {
  const x = shape.x ?? 0
  const y = shape.y ?? 0
  const w = shape.width ?? 0
  const h = shape.height ?? 0
  if (box.kind === 'initial') {
    out.push(`<g class="initial" data-id="${box.id}"><circle cx="${n(x + w / 2)}" cy="${n(y + h / 2)}" r="${n(w / 2)}" class="dot"/></g>`)
    return
  }
  const final = box.node?.type === 'final'
  const classes = ['state', box.kind === 'state' ? '' : box.kind, final ? 'final' : ''].filter(Boolean).join(' ')
  out.push(`<g class="${classes}" data-id="${box.id}" data-label="${escapeXml(box.label)}">`)
  out.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="6"/>`)
  if (final) out.push(`<rect class="inner" x="${n(x + 3)}" y="${n(y + 3)}" width="${n(w - 6)}" height="${n(h - 6)}" rx="4"/>`)
  if (box.kind === 'compound') {
    out.push(`<text x="${n(x + 10)}" y="${n(y + HEADER - 4)}" class="key">${escapeXml(box.lines[0] ?? '')}</text>`)
    out.push(`<line x1="${n(x)}" y1="${n(y + HEADER + 2)}" x2="${n(x + w)}" y2="${n(y + HEADER + 2)}"/>`)
  } else {
    box.lines.forEach((line, i) => {
      const cls = i === 0 ? 'key' : box.kind === 'collapsed' && i === box.lines.length - 1 ? 'link' : 'more'
      out.push(`<text x="${n(x + 12)}" y="${n(y + 7 + (i + 1) * LINE_HEIGHT - 4)}" class="${cls}">${escapeXml(line)}</text>`)
    })
  }
  out.push('</g>')
}

function render(view: View, laid: ElkNode, root: Box, lines: Line[]): Diagram {
  const width = Math.ceil(laid.width ?? 0)
  const height = Math.ceil(laid.height ?? 0)
  const shapes = new Map<string, ElkNode>()
  const walk = (node: ElkNode) => {
    shapes.set(node.id, node)
    for (const child of node.children ?? []) walk(child)
  }
  walk(laid)
  const scopeId = view.scope ? view.scope.id : String(view.machine.id)
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" data-machine="${escapeXml(String(view.machine.id))}" data-scope="${escapeXml(scopeId)}">`,
    `<title>${escapeXml(view.scope ? `${view.machine.id}: ${view.scope.path.join('.')}` : String(view.machine.id))}</title>`,
    '<style>',
    'svg { background: #ffffff; }',
    `text { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace; font-size: ${FONT_SIZE}px; fill: #1f2328; }`,
    '.state > rect { fill: #f6f8fa; stroke: #57606a; stroke-width: 1; }',
    '.state.compound > rect { fill: #ffffff; }',
    '.state.collapsed > rect { fill: #eef4ff; stroke: #0969da; stroke-width: 1.5; }',
    '.state.outside > rect { fill: #ffffff; stroke-dasharray: 4 3; }',
    '.state.any > rect { fill: #fff8c5; }',
    '.state.final > rect.inner { fill: none; }',
    '.state line { stroke: #d0d7de; }',
    'text.key { font-weight: 600; }',
    'text.more { fill: #57606a; }',
    'text.link { fill: #0969da; }',
    '.dot { fill: #1f2328; }',
    'polyline { fill: none; stroke: #57606a; stroke-width: 1.2; marker-end: url(#arrow); }',
    '.edge-label rect { fill: #ffffff; fill-opacity: 0.9; }',
    '.edge-label text { fill: #0b4f9c; }',
    '</style>',
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#57606a"/></marker></defs>',
  ]
  const draw = (box: Box) => {
    const shape = shapes.get(box.id)
    if (!shape) throw new Error(`${view.file}: the layout has no box for ${box.id}`)
    drawBox(box, shape, out)
    for (const child of box.children) draw(child)
  }
  for (const child of root.children) {
    const linked = child.kind === 'collapsed' && child.node
    if (linked) out.push(`<a href="${partFile(view.name, child.node as AnyStateNode)}">`)
    draw(child)
    if (linked) out.push('</a>')
  }
  const labels: string[] = []
  const edges = new Map((laid.edges ?? []).map((e) => [e.id, e]))
  for (const line of lines) {
    const edge = edges.get(line.id)
    if ((edge?.sections?.length ?? 0) > 1) throw new Error(`${view.file}: ${line.from} -> ${line.to} has ${edge?.sections?.length} sections`)
    const section = edge?.sections?.[0]
    if (!edge || !section) throw new Error(`${view.file}: the layout did not route ${line.from} -> ${line.to}`)
    const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => `${n(p.x)},${n(p.y)}`).join(' ')
    if (line.initial) {
      out.push(`<polyline class="initial" data-from="${line.from}" data-to="${line.to}" points="${points}"/>`)
      continue
    }
    out.push(`<polyline class="transition" data-from="${line.from}" data-to="${line.to}" data-label="${escapeXml(line.label)}" points="${points}"/>`)
    const label = edge.labels?.[0]
    if (label) {
      const text = wrap(line.label, LABEL_LINE_CHARS)
      const lx = label.x ?? 0
      const ly = label.y ?? 0
      labels.push(
        `<g class="edge-label" data-from="${line.from}" data-to="${line.to}"><rect x="${n(lx)}" y="${n(ly)}" width="${n(label.width)}" height="${n(label.height)}"/>`,
      )
      for (const [i, t] of text.entries()) labels.push(`<text x="${n(lx + 4)}" y="${n(ly + (i + 1) * LINE_HEIGHT - 2)}">${escapeXml(t)}</text>`)
      labels.push('</g>')
    }
  }
  out.push(...labels, '</svg>', '')
  return { file: view.file, scope: view.scope, svg: out.join('\n'), width, height, collapsed: [...view.collapsed] }
}

/** Left to right reads best; a long chain of states that way is too wide, and top to bottom may fit. */
async function draw(view: View): Promise<Diagram> {
  let narrowest: Diagram | null = null
  for (const direction of ['RIGHT', 'DOWN'] as const) {
    const { laid, root, lines } = await layout(view, direction)
    const diagram = render(view, laid, root, lines)
    if (diagram.width <= MAX_WIDTH) return diagram
    if (!narrowest || diagram.width < narrowest.width) narrowest = diagram
  }
  return narrowest as Diagram
}

/** The compound states directly below a state (or the machine's root) that have children of their own. */
function compoundChildren(node: AnyStateNode): AnyStateNode[] {
  return childrenOf(node).filter((child) => childrenOf(child).length > 0)
}

/** The diagrams of one machine: one if it fits, else an overview and a diagram per collapsed state. */
export async function machineDiagrams(name: string, machine: AnyStateMachine): Promise<Diagram[]> {
  const drawScope = async (scope: AnyStateNode | null, file: string): Promise<Diagram[]> => {
    const whole = await draw({ name, machine, file, scope, collapsed: new Set() })
    if (whole.width <= MAX_WIDTH) return [whole]
    const folded = compoundChildren(scope ?? (machine.root as AnyStateNode))
    if (folded.length === 0) throw new Error(`${file}: ${whole.width} px wide with nothing to collapse`)
    const overview = await draw({ name, machine, file, scope, collapsed: new Set(folded) })
    if (overview.width > MAX_WIDTH) throw new Error(`${file}: the overview is ${overview.width} px wide`)
    const parts = await Promise.all(folded.map((node) => drawScope(node, partFile(name, node))))
    return [overview, ...parts.flat()]
  }
  return drawScope(null, `${name}.svg`)
}
