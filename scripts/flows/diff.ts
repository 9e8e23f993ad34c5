/**
 * `npm run flows -- --diff REF`: what changed in the flows between a git ref and the working
 * tree, in Markdown a product owner reviews. Compared are the machine definitions as JSON
 * (./export.ts): the working tree's from the machines, the ref's from the committed
 * `docs/flows/<machine>.json` files, which are the record. A machine with no JSON at the ref
 * counts as all added; a JSON at the ref whose machine is gone, as all removed.
 *
 * Per machine: states added and removed; a state's kind, initial state, entry and exit actions
 * and invoked actors changed; transitions added, removed and changed (event, guard, target,
 * actions), and guarded alternatives whose order (which one wins) changed. Transitions are
 * paired before and after by source state, event and guard; what is left is paired by source
 * and event, then by source with the same guard, targets and actions (an event renamed).
 */
import { execFileSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { allNodes, guardOf, machineJSON, ownEntryExit, type StateNodeJSON } from './export.ts'

const PROJECT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

interface StateFacts {
  id: string
  type: string
  initial: string | null
  entry: string[]
  exit: string[]
  invoke: string[]
}

interface Edge {
  source: string
  event: string
  guard: string | null
  targets: string[]
  actions: string[]
}

interface Graph {
  root: string
  states: StateFacts[]
  edges: Edge[]
}

function graphOf(root: StateNodeJSON): Graph {
  const states: StateFacts[] = []
  const edges: Edge[] = []
  for (const node of allNodes(root)) {
    states.push({
      id: node.id,
      type: node.type,
      initial: node.initial === undefined ? null : (node.states[node.initial]?.id ?? null),
      entry: ownEntryExit(node).entry.map((a) => a.type),
      exit: ownEntryExit(node).exit.map((a) => a.type),
      invoke: node.invoke.map((i) => (i.id === i.src ? i.src : `${i.id} (${i.src})`)),
    })
    for (const t of [...Object.values(node.on).flat(), ...(node.always ?? [])]) {
      edges.push({
        source: node.id,
        event: t.eventType,
        guard: guardOf(t),
        targets: (t.target ?? []).map((ref) => ref.replace(/^#/u, '')),
        actions: t.actions.map((a) => a.type),
      })
    }
  }
  return { root: root.id, states, edges }
}

const code = (text: string) => `\`${text}\``
const list = (items: readonly string[]) => (items.length ? items.map(code).join(', ') : 'none')
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i])

/** A state as the diagrams name it: its path below the machine; the machine itself is "any state". */
function stateName(id: string, root: string): string {
  if (id === root) return 'any state'
  return id.startsWith(`${root}.`) ? id.slice(root.length + 1) : `#${id}`
}

/** An event as the diagrams label it. */
function eventName(event: string, root: string): string {
  if (event === '') return 'always'
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/u.exec(event)
  if (actor) return `${actor[2]} ${actor[1]}`
  const doneState = /^xstate\.done\.state\.(.+)$/u.exec(event)
  if (doneState) return `${stateName(doneState[1]!, root)} done`
  const after = /^xstate\.after\.(\d+)\./u.exec(event)
  if (after) return `after ${after[1]} ms`
  return event
}

function describeEdge(edge: Edge, root: string): string {
  const bits = [`${code(stateName(edge.source, root))} on ${code(eventName(edge.event, root))}`]
  if (edge.guard) bits.push(`if ${code(edge.guard)}`)
  bits.push(edge.targets.length ? `goes to ${edge.targets.map((t) => code(stateName(t, root))).join(' and ')}` : 'stays')
  if (edge.actions.length) bits.push(`doing ${list(edge.actions)}`)
  return bits.join(' ')
}

function edgeChanges(before: Edge, after: Edge, root: string): string[] {
  const out: string[] = []
  if (before.event !== after.event) out.push(`event ${code(eventName(before.event, root))} → ${code(eventName(after.event, root))}`)
  if (before.guard !== after.guard) out.push(`guard ${before.guard ? code(before.guard) : 'none'} → ${after.guard ? code(after.guard) : 'none'}`)
  if (!same(before.targets, after.targets)) {
    const names = (targets: string[]) => (targets.length ? targets.map((t) => code(stateName(t, root))).join(' and ') : 'stays')
    out.push(`target ${names(before.targets)} → ${names(after.targets)}`)
  }
  if (!same(before.actions, after.actions)) out.push(`actions ${list(before.actions)} → ${list(after.actions)}`)
  return out
}

/** The Markdown lines for one machine; empty when nothing changed. */
function machineChanges(before: Graph | null, after: Graph | null): string[] {
  const root = after?.root ?? before?.root ?? ''
  const lines: string[] = []
  const beforeStates = new Map((before?.states ?? []).map((s) => [s.id, s]))
  const afterStates = new Map((after?.states ?? []).map((s) => [s.id, s]))
  // The machine's own root comes and goes with the machine (its heading says so).
  for (const [id] of afterStates) if (!beforeStates.has(id) && id !== root) lines.push(`- State added: ${code(stateName(id, root))}`)
  for (const [id] of beforeStates) if (!afterStates.has(id) && id !== root) lines.push(`- State removed: ${code(stateName(id, root))}`)
  for (const [id, now] of afterStates) {
    const then = beforeStates.get(id)
    if (!then) continue
    const changes: string[] = []
    if (then.type !== now.type) changes.push(`kind ${code(then.type)} → ${code(now.type)}`)
    if (then.initial !== now.initial) {
      const name = (initial: string | null) => (initial === null ? 'none' : code(stateName(initial, root)))
      changes.push(`initial state ${name(then.initial)} → ${name(now.initial)}`)
    }
    if (!same(then.entry, now.entry)) changes.push(`entry actions ${list(then.entry)} → ${list(now.entry)}`)
    if (!same(then.exit, now.exit)) changes.push(`exit actions ${list(then.exit)} → ${list(now.exit)}`)
    if (!same(then.invoke, now.invoke)) changes.push(`invokes ${list(then.invoke)} → ${list(now.invoke)}`)
    if (changes.length) lines.push(`- State changed: ${id === root ? 'the machine' : code(stateName(id, root))}: ${changes.join('; ')}`)
  }

  const olds = before?.edges ?? []
  const news = after?.edges ?? []
  /** For each new edge, the index of its old edge, or -1. */
  const pairOf = news.map(() => -1)
  const taken = new Set<number>()
  const pass = (match: (a: Edge, b: Edge) => boolean) => {
    news.forEach((edge, i) => {
      if (pairOf[i] !== -1) return
      const j = olds.findIndex((old, k) => !taken.has(k) && match(old, edge))
      if (j === -1) return
      pairOf[i] = j
      taken.add(j)
    })
  }
  const key = (e: Edge) => `${e.source}\u0000${e.event}`
  pass((a, b) => key(a) === key(b) && a.guard === b.guard && same(a.targets, b.targets) && same(a.actions, b.actions))
  pass((a, b) => key(a) === key(b) && a.guard === b.guard)
  pass((a, b) => key(a) === key(b))
  pass((a, b) => a.source === b.source && a.guard === b.guard && same(a.targets, b.targets) && same(a.actions, b.actions))

  news.forEach((edge, i) => {
    if (pairOf[i] === -1) lines.push(`- Transition added: ${describeEdge(edge, root)}`)
  })
  olds.forEach((edge, j) => {
    if (!taken.has(j)) lines.push(`- Transition removed: ${describeEdge(edge, root)}`)
  })
  news.forEach((edge, i) => {
    const j = pairOf[i]!
    if (j === -1) return
    const changes = edgeChanges(olds[j]!, edge, root)
    if (changes.length) lines.push(`- Transition changed: ${describeEdge(olds[j]!, root)}: ${changes.join('; ')}`)
  })
  // Guarded alternatives of one event are tried in order: a new order changes which one wins.
  const reported = new Set<string>()
  news.forEach((edge, i) => {
    const group = key(edge)
    if (reported.has(group) || pairOf[i] === -1) return
    const members = news.map((e, k) => ({ e, j: pairOf[k]! })).filter(({ e, j }) => key(e) === group && j !== -1 && key(olds[j]!) === group)
    const order = members.map(({ j }) => j)
    if (order.every((j, k) => k === 0 || order[k - 1]! < j)) return
    reported.add(group)
    const guards = (edges: Edge[]) => edges.map((e) => (e.guard ? code(e.guard) : 'no guard')).join(', ')
    const oldOrder = [...members].sort((a, b) => a.j - b.j).map(({ j }) => olds[j]!)
    lines.push(
      `- Order changed: ${code(stateName(edge.source, root))} on ${code(eventName(edge.event, root))} tries ${guards(members.map(({ e }) => e))} (was ${guards(oldOrder)})`,
    )
  })
  return lines
}

/**
 * The Markdown report of the flow changes between two sets of machine definitions, by name
 * (null: no definition on that side). `ref` names the earlier side.
 */
export function diffFlows(ref: string, before: ReadonlyMap<string, StateNodeJSON | null>, after: ReadonlyMap<string, StateNodeJSON | null>): string {
  const names = [...after.keys(), ...[...before.keys()].filter((name) => !after.has(name))]
  const sections: string[] = []
  for (const name of names) {
    const then = before.get(name) ?? null
    const now = after.get(name) ?? null
    const lines = machineChanges(then && graphOf(then), now && graphOf(now))
    if (!lines.length) continue
    const note = then === null ? ' (new)' : now === null ? ' (removed)' : ''
    sections.push(`## ${name}${note}\n\n${lines.join('\n')}\n`)
  }
  if (!sections.length) return `No flow changes since ${ref}.\n`
  return `# Flow changes since ${ref}\n\n${sections.join('\n')}`
}

function git(args: string[], cwd: string): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 })
}

/** The committed definitions at a git ref, by machine name: every `docs/flows/*.json` there. */
export function definitionsAt(ref: string, cwd = PROJECT_DIR): Map<string, StateNodeJSON> {
  try {
    git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], cwd)
  } catch {
    throw new Error(`flows --diff: "${ref}" is not a commit of this repository`)
  }
  const out = new Map<string, StateNodeJSON>()
  const files = git(['ls-tree', '--name-only', ref, '--', 'docs/flows/'], cwd).split('\n')
  for (const file of files) {
    const name = /^docs\/flows\/([^/]+)\.json$/u.exec(file)?.[1]
    if (!name) continue
    const json = JSON.parse(git(['show', `${ref}:./${file}`], cwd)) as Partial<StateNodeJSON>
    // Only machine definitions (another JSON file there is not one).
    if (typeof json.id === 'string' && json.states && typeof json.states === 'object' && json.on) out.set(name, json as StateNodeJSON)
  }
  return out
}

/** `npm run flows -- --diff REF`: the report between REF's committed definitions and the machines now. */
export function flowDiffSince(ref: string, entries: readonly { name: string; machine: Parameters<typeof machineJSON>[0] }[], cwd = PROJECT_DIR): string {
  const before = definitionsAt(ref, cwd)
  const after = new Map(entries.map((entry) => [entry.name, machineJSON(entry.machine)]))
  return diffFlows(ref, before, after)
}
