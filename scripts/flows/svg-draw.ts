/** The SVG markup of a laid-out diagram: its boxes, transitions and their labels, named for the geometry test. */
import type { AnyStateNode } from 'xstate'
import { type Box, type Line, partFile, type View } from './svg-boxes.ts'
import { type ElkNode, FONT_SIZE, HEADER, LABEL_LINE_CHARS, LINE_HEIGHT, wrap } from './svg-layout.ts'

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

export function render(view: View, laid: ElkNode, root: Box, lines: Line[]): Diagram {
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
