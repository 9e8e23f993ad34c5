/**
 * The graph of a statechart (states with parent, kind and initial state; transitions with source,
 * event, guard, targets and actions, in document order), read three ways for the tests of
 * docs/flows/*.json and *.scxml: from a machine's state nodes, and from an SCXML document (which
 * is checked against the parts of the SCXML schema the files use). Written apart from
 * scripts/flows/, so an export mistake cannot hide behind the code that made it.
 */
import { expect } from 'vitest'
import type { AnyStateMachine, AnyStateNode } from 'xstate'
import type { XmlElement } from './xml.ts'

export interface Graph {
  /** `id < parent | kind | initial`, in document order. */
  states: string[]
  /** `source | event | guard | targets | actions`, in document order. */
  transitions: string[]
}

const state = (id: string, parent: string | null, kind: string, initial: string | null) => `${id} < ${parent ?? '-'} | ${kind} | ${initial ?? '-'}`
const transition = (source: string, event: string, guard: string | null, targets: string[], actions: string[]) =>
  `${source} | ${event || 'always'} | ${guard ?? '-'} | ${targets.join(' ') || '-'} | ${actions.join(', ') || '-'}`

function guardLabel(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') {
    const combined = (guard as { guards?: unknown[] }).guards
    return Array.isArray(combined) ? `${guard.name}(${combined.map(guardLabel).join(', ')})` : guard.name
  }
  return String((guard as { type: unknown }).type)
}

function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action
  if (typeof action === 'function') {
    const type = (action as unknown as { type?: unknown }).type
    return typeof type === 'string' ? type : action.name
  }
  return String((action as { type: unknown }).type)
}

/** Every state node of a machine, parents first, in document order. */
export function stateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = []
  const visit = (node: AnyStateNode) => {
    out.push(node)
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child)
  }
  visit(machine.root as AnyStateNode)
  return out
}

type NodeTransition = { eventType: string; guard?: unknown; target?: readonly AnyStateNode[]; actions: readonly unknown[] }

/** The graph of a machine, from its state nodes. */
export function machineGraph(machine: AnyStateMachine): Graph {
  const states: string[] = []
  const transitions: string[] = []
  const visit = (node: AnyStateNode) => {
    const initial = node.type === 'compound' ? (node.initial.target[0]?.id ?? null) : null
    states.push(state(node.id, node.parent?.id ?? null, node.type, initial))
    const list = [...[...(node.transitions as Map<string, NodeTransition[]>).values()].flat(), ...((node.always ?? []) as NodeTransition[])]
    for (const t of list) {
      transitions.push(
        transition(
          node.id,
          t.eventType,
          guardLabel(t.guard),
          (t.target ?? []).map((target) => target.id),
          t.actions.map(actionLabel),
        ),
      )
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child)
  }
  visit(machine.root as AnyStateNode)
  return { states, transitions }
}

const STATE_ELEMENTS = new Set(['state', 'parallel', 'final', 'history'])
const EXECUTABLE = ['script', 'send', 'cancel', 'raise', 'log', 'assign', 'if', 'elseif', 'else', 'foreach']
/** Which children and attributes each element may have (the SCXML schema, the parts used here). */
const SCHEMA: Record<string, { children: string[]; attributes: string[] }> = {
  scxml: { children: ['state', 'parallel', 'final', 'datamodel', 'script'], attributes: ['xmlns', 'version', 'initial', 'name', 'datamodel', 'binding'] },
  state: {
    children: ['onentry', 'onexit', 'transition', 'initial', 'state', 'parallel', 'final', 'history', 'datamodel', 'invoke'],
    attributes: ['id', 'initial'],
  },
  parallel: { children: ['onentry', 'onexit', 'transition', 'state', 'parallel', 'history', 'datamodel', 'invoke'], attributes: ['id'] },
  final: { children: ['onentry', 'onexit', 'donedata'], attributes: ['id'] },
  history: { children: ['transition'], attributes: ['id', 'type'] },
  transition: { children: EXECUTABLE, attributes: ['event', 'cond', 'target', 'type'] },
  onentry: { children: EXECUTABLE, attributes: [] },
  onexit: { children: EXECUTABLE, attributes: [] },
  invoke: { children: ['param', 'finalize', 'content'], attributes: ['type', 'typeexpr', 'src', 'srcexpr', 'id', 'idlocation', 'namelist', 'autoforward'] },
  script: { children: [], attributes: ['src'] },
  send: {
    children: ['param', 'content'],
    attributes: ['event', 'eventexpr', 'target', 'targetexpr', 'type', 'typeexpr', 'id', 'idlocation', 'delay', 'delayexpr', 'namelist'],
  },
  cancel: { children: [], attributes: ['sendid', 'sendidexpr'] },
}

const NCNAME = /^[A-Za-z_][A-Za-z0-9._-]*$/u
const PLACEHOLDER = /^\/\* ([^*]+) \*\/$/u

/**
 * The graph an SCXML document describes, after checking it: the namespace and version, each
 * element and attribute where the schema allows it, ids unique NCNames, every `target` and
 * `initial` naming a state (an `initial` one of the state's own children), actions as
 * `<script>/* name *\/</script>` placeholders.
 */
export function scxmlGraph(doc: XmlElement): Graph {
  expect(doc.name).toBe('scxml')
  expect(doc.attributes.xmlns).toBe('http://www.w3.org/2005/07/scxml')
  expect(doc.attributes.version).toBe('1.0')
  const ids = new Map<string, XmlElement>()
  const parents = new Map<XmlElement, XmlElement>()
  const check = (element: XmlElement) => {
    const rule = SCHEMA[element.name]
    expect(rule, `<${element.name}> (line ${element.line}) is not an element the files use`).toBeDefined()
    for (const key of Object.keys(element.attributes)) expect(rule!.attributes, `<${element.name} ${key}> (line ${element.line})`).toContain(key)
    for (const child of element.children) {
      expect(rule!.children, `<${child.name}> inside <${element.name}> (line ${child.line})`).toContain(child.name)
      parents.set(child, element)
      check(child)
    }
    if (element.name !== 'script') expect(element.text.trim(), `text in <${element.name}> (line ${element.line})`).toBe('')
    if (STATE_ELEMENTS.has(element.name)) {
      const id = element.attributes.id
      expect(id, `<${element.name}> (line ${element.line}) has an id`).toBeDefined()
      expect(id).toMatch(NCNAME)
      expect(ids.has(id!), `id "${id}" used twice`).toBe(false)
      ids.set(id!, element)
    }
  }
  check(doc)
  const stateOf = (element: XmlElement): XmlElement | null => {
    let up = parents.get(element)
    while (up && !STATE_ELEMENTS.has(up.name)) up = parents.get(up)
    return up ?? null
  }
  const resolve = (id: string, where: string) => {
    expect(ids.has(id), `${where} names "${id}", which no state has`).toBe(true)
    return id
  }
  const top = doc.children.filter((child) => STATE_ELEMENTS.has(child.name))
  expect(top.map((child) => child.attributes.id)).toContain(doc.attributes.initial)

  const states: string[] = []
  const transitions: string[] = []
  const placeholders = (element: XmlElement) =>
    element.children
      .filter((child) => child.name === 'script')
      .map((script) => {
        const match = PLACEHOLDER.exec(script.text)
        expect(match, `<script> (line ${script.line}) holds an action placeholder`).not.toBeNull()
        return match![1]!
      })
  const visit = (element: XmlElement) => {
    const id = element.attributes.id!
    const children = element.children.filter((child) => STATE_ELEMENTS.has(child.name))
    const kind =
      element.name === 'state'
        ? children.length
          ? 'compound'
          : 'atomic'
        : element.name === 'parallel'
          ? 'parallel'
          : element.name === 'final'
            ? 'final'
            : 'history'
    let initial: string | null = null
    if (element.attributes.initial !== undefined) {
      initial = resolve(element.attributes.initial, `<state id="${id}" initial>`)
      expect(
        children.map((child) => child.attributes.id),
        `the initial state of "${id}" is one of its children`,
      ).toContain(initial)
    }
    if (kind === 'compound') expect(initial, `compound state "${id}" names its initial state`).not.toBeNull()
    states.push(state(id, stateOf(element)?.attributes.id ?? null, kind, initial))
    for (const t of element.children.filter((child) => child.name === 'transition')) {
      const targets = (t.attributes.target ?? '').split(/\s+/u).filter(Boolean)
      for (const target of targets) resolve(target, `<transition target> (line ${t.line})`)
      if (t.attributes.type !== undefined) expect(['internal', 'external']).toContain(t.attributes.type)
      // A history state's transition is its default configuration, not a transition of the machine.
      if (kind !== 'history') transitions.push(transition(id, t.attributes.event ?? '', t.attributes.cond ?? null, targets, placeholders(t)))
    }
    for (const child of children) visit(child)
  }
  for (const child of top) visit(child)
  return { states, transitions }
}

/** The actions on entry and exit of each state of an SCXML document, `id: entry / exit`. */
export function scxmlEntryExit(doc: XmlElement): string[] {
  const out: string[] = []
  const visit = (element: XmlElement) => {
    if (STATE_ELEMENTS.has(element.name)) {
      const names = (tag: string) =>
        element.children
          .filter((child) => child.name === tag)
          .flatMap((block) => block.children.filter((c) => c.name === 'script').map((s) => PLACEHOLDER.exec(s.text)?.[1] ?? '?'))
      out.push(`${element.attributes.id}: ${names('onentry').join(', ') || '-'} / ${names('onexit').join(', ') || '-'}`)
    }
    for (const child of element.children) visit(child)
  }
  visit(doc)
  return out
}

/**
 * The same from a machine's state nodes, without the `xstate.raise` / `xstate.cancel` pair xstate
 * adds per `after` delay (the SCXML has a `<send>` / `<cancel>` pair instead).
 */
export function machineEntryExit(machine: AnyStateMachine): string[] {
  return stateNodes(machine).map((node) => {
    const delays = new Set(node.after.map((t) => t.eventType)).size
    const own = (actions: readonly unknown[], timer: string) => {
      const names = actions.map(actionLabel)
      for (let left = delays, i = names.length - 1; left > 0 && i >= 0; i--) {
        if (names[i] === timer) {
          names.splice(i, 1)
          left--
        }
      }
      return names.join(', ') || '-'
    }
    return `${node.id}: ${own(node.entry, 'xstate.raise')} / ${own(node.exit, 'xstate.cancel')}`
  })
}
