/**
 * docs/flows/<machine>.json: xstate's serialized definition, which `createMachine(json)` turns
 * back into the same graph, with every guard, action and actor by name; and the committed files
 * are current (run `npm run flows` when this fails).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMachine } from 'xstate'
import { machines } from '#machines/index.ts'
import { exportFiles } from '../../../scripts/flows/files.ts'
import { FLOWS_DIR } from '../../../scripts/flows.ts'
import { fixtureMachine } from './fixture.ts'
import { machineGraph, stateNodes } from './graph.ts'

const entries = [...machines, { name: 'fixture', requirements: '', machine: fixtureMachine }]
const fresh = new Map(exportFiles(entries).map(({ file, text }) => [file, text]))
const jsonOf = (name: string) => JSON.parse(fresh.get(`${name}.json`)!) as Record<string, unknown>

/** Every value in a JSON tree, with its path. */
function* walk(value: unknown, path: string): Generator<[string, unknown]> {
  yield [path, value]
  if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) yield* walk(child, `${path}.${key}`)
}

describe('docs/flows/<machine>.json rebuilds the machine', () => {
  for (const { name, machine } of entries) {
    it(`${name}: createMachine(json) has the same states and transitions (source, event, guard, targets, actions)`, () => {
      const rebuilt = createMachine(jsonOf(name) as never)
      expect(rebuilt.id).toBe(machine.id)
      expect(stateNodes(rebuilt).map((node) => node.id)).toEqual(stateNodes(machine).map((node) => node.id))
      expect(machineGraph(rebuilt)).toEqual(machineGraph(machine))
    })
    it(`${name}: names guards, actions and actors, and holds no function or null`, () => {
      const text = fresh.get(`${name}.json`)!
      for (const [path, value] of walk(JSON.parse(text), name)) {
        expect(value, path).not.toBeNull()
        if (/\.(actions|entry|exit)\.\d+$/u.test(path)) expect(typeof (value as { type: unknown }).type, path).toBe('string')
        if (path.endsWith('.guard')) expect(typeof value === 'string' || typeof (value as { type: unknown }).type === 'string', path).toBe(true)
        if (/\.invoke\.\d+$/u.test(path)) expect(value, path).toMatchObject({ id: expect.any(String), src: expect.any(String), type: 'xstate.invoke' })
      }
    })
    it(`${name}: is xstate's toJSON() layout, node by node`, () => {
      const xstate = JSON.parse(JSON.stringify(machine.toJSON()))
      const ours = jsonOf(name)
      const compare = (theirs: Record<string, any>, mine: Record<string, any>) => {
        for (const key of ['id', 'key', 'type', 'history', 'order', 'tags', 'entry', 'exit']) expect(mine[key], `${theirs.id}.${key}`).toEqual(theirs[key])
        expect(Object.keys(mine.on)).toEqual(Object.keys(theirs.on))
        expect(mine.invoke).toEqual(theirs.invoke.map((i: { id: string; src: string }) => ({ id: i.id, src: i.src, type: 'xstate.invoke' })))
        // xstate writes the initial transition; the file the initial child's key.
        const initial = theirs.initial?.target?.[0]
        expect(mine.initial, `${theirs.id}.initial`).toBe(
          initial ? theirs.states[Object.keys(theirs.states).find((k) => `#${theirs.states[k].id}` === initial)!].key : undefined,
        )
        expect(Object.keys(mine.states)).toEqual(Object.keys(theirs.states))
        for (const key of Object.keys(theirs.states)) compare(theirs.states[key], mine.states[key])
      }
      compare(xstate, ours)
    })
  }

  it('keeps the eventless transitions and combined guards that xstate 5 toJSON() loses', () => {
    const payment = jsonOf('payment') as { states: Record<string, { always?: unknown[] }> }
    expect(payment.states.checkingService!.always).toEqual([
      { target: ['#payment.restoring'], guard: 'shouldRestore', actions: [], source: '#payment.checkingService', reenter: false, eventType: '' },
      { target: ['#payment.selecting'], guard: 'hasValidService', actions: [], source: '#payment.checkingService', reenter: false, eventType: '' },
      { target: ['#payment.unavailable'], actions: [{ type: 'logError' }], source: '#payment.checkingService', reenter: false, eventType: '' },
    ])
    const fixture = jsonOf('fixture') as { states: Record<string, { on: Record<string, { guard?: unknown }[]> }> }
    expect(fixture.states.idle!.on.go![0]!.guard).toBe('and(isReady, not(isLate))')
  })

  it('the lightbox machine, whole', () => {
    expect(jsonOf('lightbox')).toEqual({
      id: 'lightbox',
      key: 'lightbox',
      type: 'compound',
      initial: 'closed',
      history: false,
      states: {
        closed: {
          id: 'lightbox.closed',
          key: 'closed',
          type: 'atomic',
          history: false,
          states: {},
          on: {
            'lightbox.open': [
              { target: ['#lightbox.open'], actions: [{ type: 'assignImage' }], source: '#lightbox.closed', reenter: false, eventType: 'lightbox.open' },
            ],
          },
          entry: [],
          exit: [],
          order: 1,
          invoke: [],
          tags: [],
        },
        open: {
          id: 'lightbox.open',
          key: 'open',
          type: 'atomic',
          history: false,
          states: {},
          on: {
            'lightbox.open': [{ actions: [{ type: 'assignImage' }], source: '#lightbox.open', reenter: false, eventType: 'lightbox.open' }],
            'lightbox.close': [
              { target: ['#lightbox.closed'], actions: [{ type: 'clearImage' }], source: '#lightbox.open', reenter: false, eventType: 'lightbox.close' },
            ],
          },
          entry: [],
          exit: [],
          order: 2,
          invoke: [],
          tags: [],
        },
      },
      on: {},
      entry: [],
      exit: [],
      order: -1,
      invoke: [],
      tags: [],
    })
  })

  it('is the same text every time it is made', () => {
    expect(exportFiles(entries)).toEqual([...fresh].map(([file, text]) => ({ file, text })))
  })
})

describe('docs/flows: the JSON and SCXML files are current (run `npm run flows` when this fails)', () => {
  for (const { name } of machines) {
    for (const file of [`${name}.json`, `${name}.scxml`]) {
      it(file, () => {
        const path = join(FLOWS_DIR, file)
        expect(existsSync(path), `docs/flows/${file} is missing`).toBe(true)
        expect(readFileSync(path, 'utf8'), `docs/flows/${file} is stale`).toBe(fresh.get(file))
      })
    }
  }
})
