/**
 * `npm run flows`: a Mermaid `stateDiagram-v2` and an SVG per machine into docs/flows/,
 * generated from the machine definitions (machines/index.ts). Deterministic output;
 * tests/machines/flows.test.ts renders the same files in memory (`flowFiles`, `renderSvg`,
 * `indexPage`) and fails when a committed one is stale.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { type MachineEntry, machines } from '#machines/index.ts'
import { flowDiffSince } from './flows/diff.ts'
import { writeExports } from './flows/files.ts'
import { EXPORTS_README, exportLinks } from './flows/readme.ts'

export const FLOWS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'flows')

type Transition = {
  eventType: string
  target?: readonly AnyStateNode[]
  guard?: unknown
  actions?: readonly unknown[]
  reenter?: boolean
}

/** Mermaid ids allow letters, digits, `_` and `-`: the state path joined by `__`. */
function nodeId(node: AnyStateNode): string {
  return node.path.length === 0 ? String(node.machine.id) : node.path.join('__')
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

function eventLabel(eventType: string, node: AnyStateNode): string {
  const done = /^xstate\.done\.actor\.(.+)$/u.exec(eventType)
  if (done) return `${done[1]} done`
  const failed = /^xstate\.error\.actor\.(.+)$/u.exec(eventType)
  if (failed) return `${failed[1]} error`
  if (eventType.startsWith('xstate.done.state.')) return 'done'
  const after = /^xstate\.after\.(\d+)\./u.exec(eventType)
  if (after) return `after ${after[1]} ms`
  if (eventType === '') return 'always'
  void node
  return eventType
}

function transitionLabel(t: Transition, node: AnyStateNode, isAlways: boolean): string {
  const parts = [isAlways ? 'always' : eventLabel(t.eventType, node)]
  const guard = guardName(t.guard)
  if (guard) parts.push(`[${guard}]`)
  const actions = (t.actions ?? []).map(actionName).filter((a): a is string => a !== null && !a.startsWith('xstate.'))
  if (actions.length) parts.push(`/ ${actions.join(', ')}`)
  // Mermaid reads `:` as a separator and `;` ends a statement.
  return parts.join(' ').replace(/[:;]/gu, ' ')
}

function stateLabel(node: AnyStateNode): string {
  const bits = [String(node.key)]
  const invokes = (node.invoke ?? []) as { id: string }[]
  if (invokes.length) bits.push(`invoke ${invokes.map((i) => i.id).join(', ')}`)
  if (node.tags?.length) bits.push(`tags ${[...node.tags].join(', ')}`)
  return bits.join(' / ').replace(/"/gu, "'")
}

function emitNode(node: AnyStateNode, lines: string[], edges: string[], indent: string): void {
  const id = nodeId(node)
  const children = Object.values(node.states) as AnyStateNode[]
  if (children.length) {
    lines.push(`${indent}state "${stateLabel(node)}" as ${id} {`)
    if (node.initial?.target?.[0]) lines.push(`${indent}  [*] --> ${nodeId(node.initial.target[0])}`)
    for (const child of children) emitNode(child, lines, edges, `${indent}  `)
    lines.push(`${indent}}`)
  } else {
    lines.push(`${indent}state "${stateLabel(node)}" as ${id}`)
    if (node.type === 'final') lines.push(`${indent}${id} --> [*]`)
  }
  collectEdges(node, edges)
}

function collectEdges(node: AnyStateNode, edges: string[]): void {
  const source = nodeId(node)
  for (const [, list] of node.transitions as Map<string, Transition[]>) {
    for (const t of list) {
      const targets = t.target?.length ? t.target : [node]
      for (const target of targets) edges.push(`  ${source} --> ${nodeId(target)} : ${transitionLabel(t, node, false)}`)
    }
  }
  for (const t of (node.always ?? []) as Transition[]) {
    const targets = t.target?.length ? t.target : [node]
    for (const target of targets) edges.push(`  ${source} --> ${nodeId(target)} : ${transitionLabel(t, node, true)}`)
  }
}

/** The Mermaid `stateDiagram-v2` text of a machine: nested states, every transition with guard and actions. */
export function toMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2']
  const edges: string[] = []
  const root = machine.root as AnyStateNode
  const children = Object.values(root.states) as AnyStateNode[]
  if (root.initial?.target?.[0]) lines.push(`  [*] --> ${nodeId(root.initial.target[0])}`)
  for (const child of children) emitNode(child, lines, edges, '  ')
  // Transitions of the root (handled in every state) are drawn from a note-like pseudo state.
  const rootEdges: string[] = []
  collectEdges(root, rootEdges)
  if (rootEdges.length) {
    lines.push(`  state "any state" as ${nodeId(root)}_any`)
    for (const edge of rootEdges)
      edges.push(edge.replace(`  ${nodeId(root)} -->`, `  ${nodeId(root)}_any -->`).replace(`--> ${nodeId(root)} :`, `--> ${nodeId(root)}_any :`))
  }
  return `${[...lines, ...edges].join('\n')}\n`
}

export function flowFiles(entries: readonly MachineEntry[] = machines): { name: string; mermaid: string }[] {
  return entries.map((entry) => ({ name: entry.name, mermaid: toMermaid(entry.machine) }))
}

export function indexPage(entries: readonly MachineEntry[] = machines): string {
  const rows = entries.map((e) => {
    const root = e.machine.root as AnyStateNode
    const count = (node: AnyStateNode): number => (Object.values(node.states) as AnyStateNode[]).reduce((n, c) => n + 1 + count(c), 0)
    return `| [${e.name}](${e.name}.svg) | \`${e.machine.id}\` | ${e.requirements} | ${count(root)} | [${e.name}.mmd](${e.name}.mmd) | ${exportLinks(e.name)} |`
  })
  return `# State machine diagrams

Generated by \`npm run flows\` from the machine definitions in \`machines/\` (listed in \`machines/index.ts\`).
Never edit these files by hand: change the machine and run \`npm run flows\`. The test
\`tests/machines/flows.test.ts\` regenerates the Mermaid text and renders the SVG in memory, and fails when a
file here differs from them by a single byte.

| Diagram | Machine id | Requirements | States | Mermaid source | Definition |
|---|---|---|---|---|---|
${rows.join('\n')}

Reading the diagrams: a label is \`event [guard] / actions\`; \`X done\` and \`X error\` are the
outcomes of the invoked actor \`X\`; \`always\` is an eventless transition; a state shows the
actors it invokes and its tags (\`busy\`). "any state" stands for transitions the machine takes
in whichever state it is.

[requirements.md](requirements.md) traces every numbered requirement of \`docs/requirements.md\` to the
machine properties that check it, with the number of steps each was checked on, and lists the
requirements no machine property checks with the tests that name them (or "untested").

${EXPORTS_README}`
}

/** The SVG file of a diagram, exactly as written to docs/flows/ (rendered offline, no browser). */
export async function renderSvg(mermaid: string): Promise<string> {
  const { renderMermaidSVG } = await import('beautiful-mermaid')
  const svg = renderMermaidSVG(mermaid, { bg: '#ffffff', fg: '#1f2328' })
    // Offline: no web-font import; the SVG falls back to the system sans-serif.
    .replace(/@import url\([^)]*\);?\s*/gu, '')
  return `${svg}\n`
}

export async function writeFlows(dir = FLOWS_DIR): Promise<string[]> {
  mkdirSync(dir, { recursive: true })
  const written: string[] = []
  for (const { name, mermaid } of flowFiles()) {
    writeFileSync(join(dir, `${name}.mmd`), mermaid)
    writeFileSync(join(dir, `${name}.svg`), await renderSvg(mermaid))
    written.push(`${name}.mmd`, `${name}.svg`)
  }
  // The definitions as JSON (Stately's editor) and SCXML: scripts/flows/files.ts.
  written.push(...writeExports(dir, machines))
  writeFileSync(join(dir, 'README.md'), indexPage())
  written.push('README.md')
  return written
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv.includes('--diff')) {
  // `npm run flows -- --diff REF`: the flow changes since REF, in Markdown (scripts/flows/diff.ts); writes nothing.
  const ref = process.argv[process.argv.indexOf('--diff') + 1]
  if (!ref || ref.startsWith('-')) {
    console.error('usage: npm run flows -- --diff REF (a git ref, e.g. HEAD~1 or main)')
    process.exit(2)
  }
  try {
    process.stdout.write(flowDiffSince(ref, machines))
  } catch (error) {
    console.error((error as Error).message)
    process.exit(2)
  }
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const written = await writeFlows()
  // The requirements traceability table: every model's properties run on their steps (tests/machines/requirements.ts).
  written.push(await (await import('../tests/machines/requirements.ts')).writeRequirementsTable())
  console.log(`docs/flows: ${written.join(', ')}`)
}
