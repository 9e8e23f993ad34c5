/**
 * The browser models (tests/e2e/model, decision 074) agree with the machines the site runs: their
 * paths come from each machine's graph and take every transition a browser can reach; whatever
 * they leave out is listed with its reason. Checked here without a browser, so that a machine
 * change that leaves its browser model behind fails at once.
 */
import { describe, expect, it } from 'vitest'
import { createMachine } from 'xstate'
import { type BrowserGraph, browserPaths, reachable } from '../e2e/model/graph.ts'
import { authGraph, localeGraph, paymentGraph } from '../e2e/model/graphs.ts'

describe('browser paths from the real machines', () => {
  for (const graph of [paymentGraph, authGraph, localeGraph] as BrowserGraph[]) {
    it(`${graph.machine.id}: the paths take every transition and state a browser can reach, and every step`, () => {
      const paths = browserPaths(graph)
      const r = reachable(graph)
      const taken = new Set(paths.flatMap((p) => p.transitions))
      const entered = new Set(paths.flatMap((p) => p.states))
      expect(r.transitions.filter((k) => !taken.has(k))).toEqual([])
      expect(r.states.filter((s) => !entered.has(s))).toEqual([])
      expect(Object.keys(graph.steps).filter((name) => !paths.some((p) => p.steps.some((s) => s.step === name)))).toEqual([])
      // No path is a prefix of another, and none is longer than the model allows.
      for (const p of paths) expect(p.steps.length).toBeLessThanOrEqual(graph.maxSteps)
      const names = paths.map((p) => p.name)
      for (const a of names) for (const b of names) if (a !== b) expect(b.startsWith(`${a} → `)).toBe(false)
      console.log(`[browser paths] ${graph.machine.id}: ${paths.length} paths, ${taken.size} transitions, ${entered.size} states`)
    })
  }
})

/** A door: opened with a key, or forced; it can be locked only from closed. */
const door = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: [{ guard: ({ event }) => event.key === 'right', target: 'open' }, { target: 'alarm' }], lock: 'locked' } },
    open: { on: { close: 'closed' } },
    locked: {},
    alarm: {},
  },
})
const doorGraph = (overrides: Partial<BrowserGraph> = {}): BrowserGraph =>
  ({
    machine: door,
    starts: { shut: { input: {} } },
    steps: {
      OPEN: { events: () => [{ type: 'open', key: 'right' }] },
      FORCE: { events: () => [{ type: 'open', key: 'wrong' }] },
      CLOSE: { events: () => [{ type: 'close' }] },
      LOCK: { events: () => [{ type: 'lock' }] },
    },
    serializeState: (s) => JSON.stringify(s.value),
    maxSteps: 3,
    unreachable: {},
    ...overrides,
  }) as BrowserGraph

describe('how the browser paths are made', () => {
  it('offers a step only where the machine takes every event of it, and keeps the fewest paths that take everything', () => {
    const paths = browserPaths(doorGraph())
    // CLOSE is only taken from open; LOCK, FORCE end where nothing more is taken.
    expect(paths.map((p) => p.name).sort()).toEqual(['FORCE', 'LOCK', 'OPEN → CLOSE'])
    const open = paths.find((p) => p.name === 'OPEN → CLOSE')!
    expect(open.steps.map((s) => s.transitions)).toEqual([['door.closed open[0]'], ['door.open close[0]']])
    expect(open.steps.map((s) => s.after.value)).toEqual(['open', 'closed'])
  })

  it('fails when a transition a browser can reach is taken by no step, naming it', () => {
    const { FORCE: _, ...steps } = doorGraph().steps
    expect(() => browserPaths(doorGraph({ steps }))).toThrow(/no browser path takes door\.closed open\[1\], state door\.alarm/u)
  })

  it('accepts what no step takes when it is listed with its reason', () => {
    const { FORCE: _, ...steps } = doorGraph().steps
    const paths = browserPaths(doorGraph({ steps, unreachable: { 'door.alarm': 'the door has no alarm wired on this site' } }))
    expect(paths.map((p) => p.name).sort()).toEqual(['LOCK', 'OPEN → CLOSE'])
  })

  it('fails when something listed out of reach is taken by a path', () => {
    expect(() => browserPaths(doorGraph({ unreachableTransitions: { 'door.closed lock[0]': 'said to be impossible' } }))).toThrow(
      /a browser path takes door\.closed lock\[0\]/u,
    )
  })

  it('fails when a listed state or transition is not in the machine', () => {
    expect(() => browserPaths(doorGraph({ unreachable: { 'door.ajar': 'no such state' } }))).toThrow(/door\.ajar, which is no state/u)
    expect(() => browserPaths(doorGraph({ unreachableTransitions: { 'door.open lock[0]': 'no such transition' } }))).toThrow(
      /door\.open lock\[0\], which is no transition/u,
    )
  })

  it('a step left out where the visitor cannot take it (null) is not offered', () => {
    const steps = { ...doorGraph().steps, LOCK: { events: () => null } }
    expect(() => browserPaths(doorGraph({ steps }))).toThrow(/no browser path takes door\.closed lock\[0\], state door\.locked, step LOCK/u)
  })
})
