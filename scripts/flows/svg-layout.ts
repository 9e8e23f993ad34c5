/**
 * The geometry of a diagram: the size of each box and label from its text in a monospace font, and
 * the positions and edge routes ELK gives them.
 */
import { type Box, buildView, type View } from './svg-boxes.ts'

// A monospace font makes the text's width known without a browser: 0.6 em per character.
export const FONT_SIZE = 12
const CHAR_WIDTH = FONT_SIZE * 0.6
export const LINE_HEIGHT = 15
export const LABEL_LINE_CHARS = 26
export const HEADER = 22

interface ElkLabel {
  text: string
  width: number
  height: number
  x?: number
  y?: number
}
export interface ElkNode {
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

export function wrap(text: string, width: number): string[] {
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

export async function layout(view: View, direction: 'RIGHT' | 'DOWN') {
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
