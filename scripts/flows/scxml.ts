/**
 * W3C SCXML (https://www.w3.org/TR/scxml/) of a machine definition, from its JSON (./export.ts),
 * for tools that read SCXML. The mapping (docs/flows/README.md says the same):
 * - The machine's root is the top `<state>` (`<parallel>` when the machine is parallel) whose id
 *   is the machine id, so the transitions the machine takes in any state have a place;
 *   `<scxml initial>` names it. Compound states nest as `<state>`, parallel ones are
 *   `<parallel>`, final ones `<final>`, history ones `<history type>`; `initial` attributes name
 *   the initial child.
 * - Ids are xstate's state ids (`payment.paying.confirming`). SCXML ids are `xsd:ID`, an
 *   NCName, which allows letters, digits, `.`, `-` and `_`; any other character becomes `_`
 *   (none does today), and two states mapped to one id stop the script.
 * - `<transition event cond target>`: `event` is xstate's event type (`always` transitions
 *   have none; invoke outcomes are `xstate.done.actor.<id>` / `xstate.error.actor.<id>`, a
 *   compound state's completion `xstate.done.state.<id>`, a delay
 *   `xstate.after.<delay>.<state id>`); `cond` is the guard's name (`and(a, not(b))` for a
 *   combined guard); `target` lists the target ids; `type="internal"` marks a transition that
 *   does not leave its state to reach a child (xstate's default, `reenter: false`).
 * - Actions are placeholders naming them: `<script>/* actionName *\/</script>`, in
 *   `<onentry>`, `<onexit>` and transitions, in order. A delay in milliseconds also gets its
 *   timer: `<send event="xstate.after.…" delay="1000ms" id="…"/>` on entry and
 *   `<cancel sendid="…"/>` on exit (in place of xstate's own `xstate.raise` and `xstate.cancel`).
 * - A history state holds its default: `<history type><transition target/></history>`.
 * - `<invoke id src>`: `src` is the actor's name in the machine's `setup`.
 * Guards and actions are names, not code: the file describes the graph; a tool that runs it
 * runs no effect and takes no guarded transition (the `cond` names are not defined).
 */
import { allNodes, guardOf, ownEntryExit, type StateNodeJSON, type TransitionJSON } from './export.ts'

export const SCXML_NS = 'http://www.w3.org/2005/07/scxml'

const NCNAME = /^[A-Za-z_][A-Za-z0-9._-]*$/u

/** The SCXML id of a state id: itself when it is an NCName, otherwise with `_` for each character outside one. */
export function scxmlId(stateId: string): string {
  if (NCNAME.test(stateId)) return stateId
  const mapped = stateId.replace(/[^A-Za-z0-9._-]/gu, '_')
  return /^[A-Za-z_]/u.test(mapped) ? mapped : `_${mapped}`
}

function escapeAttr(text: string): string {
  return text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;').replace(/"/gu, '&quot;')
}

function escapeText(text: string): string {
  return text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;')
}

/** An action's placeholder: a script holding only a comment that names it. */
export function actionPlaceholder(name: string): string {
  return `<script>/* ${escapeText(name.replace(/\*\//gu, '* /'))} */</script>`
}

const AFTER_MS = /^xstate\.after\.(\d+)\./u

function isProperDescendant(id: string, of: StateNodeJSON, byId: Map<string, StateNodeJSON>): boolean {
  const node = byId.get(id)
  return node !== undefined && node !== of && allNodes(of).includes(node)
}

/** The SCXML document of a machine definition (the JSON of ./export.ts). */
export function toScxml(root: StateNodeJSON): string {
  const byId = new Map(allNodes(root).map((node) => [node.id, node]))
  const ids = new Map<string, string>()
  for (const node of byId.values()) {
    const id = scxmlId(node.id)
    const other = [...ids.entries()].find(([, mapped]) => mapped === id)
    if (other) throw new Error(`SCXML: states "${other[0]}" and "${node.id}" would both have the id "${id}"`)
    ids.set(node.id, id)
  }
  const idOf = (stateId: string): string => {
    const id = ids.get(stateId)
    if (id === undefined) throw new Error(`SCXML: no state "${stateId}"`)
    return id
  }
  const targetId = (ref: string): string => idOf(ref.startsWith('#') ? ref.slice(1) : ref)

  const transition = (node: StateNodeJSON, t: TransitionJSON, indent: string): string[] => {
    const attrs: string[] = []
    if (t.eventType !== '') attrs.push(`event="${escapeAttr(t.eventType)}"`)
    const cond = guardOf(t)
    if (cond !== null) attrs.push(`cond="${escapeAttr(cond)}"`)
    if (t.target?.length) {
      attrs.push(`target="${t.target.map(targetId).join(' ')}"`)
      // SCXML has no way to say "to itself without leaving": xstate's `reenter: false` to the source
      // state itself would read as re-entering here (no machine has one; their self-transitions re-enter).
      if (!t.reenter && node.type !== 'atomic' && t.target.every((ref) => isProperDescendant(ref.slice(1), node, byId))) attrs.push('type="internal"')
    }
    const open = `${indent}<transition${attrs.length ? ` ${attrs.join(' ')}` : ''}`
    if (!t.actions.length) return [`${open}/>`]
    return [`${open}>`, ...t.actions.map((action) => `${indent}  ${actionPlaceholder(action.type)}`), `${indent}</transition>`]
  }
  const emit = (node: StateNodeJSON, indent: string): string[] => {
    const id = idOf(node.id)
    const inner = `${indent}  `
    if (node.type === 'history') {
      // SCXML wants the default history configuration: the one named, or the parent's initial state.
      const parent = [...byId.values()].find((candidate) => Object.values(candidate.states).includes(node))!
      const defaults = node.target ?? (parent.initial === undefined ? [] : [`#${parent.states[parent.initial]!.id}`])
      return [
        `${indent}<history id="${id}" type="${node.history === 'deep' ? 'deep' : 'shallow'}">`,
        `${inner}<transition target="${defaults.map(targetId).join(' ')}"/>`,
        `${indent}</history>`,
      ]
    }
    const body: string[] = []
    const timers = Object.keys(node.on).filter((event) => AFTER_MS.test(event))
    // xstate's own timer actions are left out: the <send>/<cancel> pairs below are the timers.
    const { entry, exit } = ownEntryExit(node)
    if (entry.length || timers.length) {
      body.push(`${inner}<onentry>`)
      for (const action of entry) body.push(`${inner}  ${actionPlaceholder(action.type)}`)
      for (const event of timers) body.push(`${inner}  <send event="${escapeAttr(event)}" delay="${AFTER_MS.exec(event)![1]}ms" id="${escapeAttr(event)}"/>`)
      body.push(`${inner}</onentry>`)
    }
    if (exit.length || timers.length) {
      body.push(`${inner}<onexit>`)
      for (const action of exit) body.push(`${inner}  ${actionPlaceholder(action.type)}`)
      for (const event of timers) body.push(`${inner}  <cancel sendid="${escapeAttr(event)}"/>`)
      body.push(`${inner}</onexit>`)
    }
    for (const invoke of node.invoke) body.push(`${inner}<invoke id="${escapeAttr(invoke.id)}" src="${escapeAttr(invoke.src)}"/>`)
    for (const list of Object.values(node.on)) for (const t of list) body.push(...transition(node, t, inner))
    for (const t of node.always ?? []) body.push(...transition(node, t, inner))
    for (const child of Object.values(node.states)) body.push(...emit(child, inner))
    const tag = node.type === 'parallel' ? 'parallel' : node.type === 'final' ? 'final' : 'state'
    const initial = node.type === 'compound' && node.initial !== undefined ? ` initial="${idOf(node.states[node.initial]!.id)}"` : ''
    if (!body.length) return [`${indent}<${tag} id="${id}"${initial}/>`]
    return [`${indent}<${tag} id="${id}"${initial}>`, ...body, `${indent}</${tag}>`]
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!-- Generated by \`npm run flows\` from the machine "${escapeText(root.id)}" (docs/flows/README.md says how it maps). Do not edit. -->`,
    `<scxml xmlns="${SCXML_NS}" version="1.0" name="${escapeAttr(root.id)}" initial="${idOf(root.id)}">`,
    ...emit(root, '  '),
    '</scxml>',
    '',
  ].join('\n')
}
