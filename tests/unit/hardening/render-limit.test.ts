import { describe, expect, it, vi } from 'vitest'
import { Overloaded, RenderLimit } from '#app/server/render-limit.server.ts'

/** Timers run by hand: `advance()` runs the ones that are due. */
function clock() {
  let now = 0
  const timers = new Map<number, { at: number; run: () => void }>()
  let id = 0
  return {
    setTimer: (run: () => void, ms: number) => {
      timers.set(++id, { at: now + ms, run })
      return id
    },
    clearTimer: (timer: unknown) => void timers.delete(timer as number),
    advance(ms: number) {
      now += ms
      for (const [key, timer] of [...timers]) if (timer.at <= now) timers.delete(key), timer.run()
    },
    get pending() {
      return timers.size
    },
  }
}

const settle = () => new Promise((r) => setImmediate(r))

/** Turns of the event loop run by hand: `turn()` lets promises settle, runs what was asked for the next turn, and lets them settle again. */
function loop() {
  let asked: Array<() => void> = []
  return {
    nextTurn: (run: () => void) => void asked.push(run),
    async turn() {
      await settle()
      const now = asked
      asked = []
      for (const run of now) run()
      await settle()
    },
    get asked() {
      return asked.length
    },
  }
}

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('issue 17: renders in flight are limited and the excess is turned away quickly', () => {
  it('runs at most `concurrency` at once; the next starts when one ends, first come first served', async () => {
    const turns = loop()
    const time = clock()
    const limit = new RenderLimit({ concurrency: 2, queue: 10, queueMs: 1000, ...time, ...turns })
    const gates = [deferred(), deferred(), deferred(), deferred()]
    const started: number[] = []
    const runs = gates.map((gate, i) => limit.run(async () => (started.push(i), await gate.promise, i)))
    await turns.turn()
    await turns.turn()
    expect(started).toEqual([0, 1])
    expect(limit.load).toEqual({ running: 2, waiting: 2 })
    // No place is free: no turn is asked for.
    expect(turns.asked).toBe(0)
    gates[1]!.resolve()
    await turns.turn()
    expect(started).toEqual([0, 1, 2])
    expect(limit.load).toEqual({ running: 2, waiting: 1 })
    gates[0]!.resolve()
    gates[2]!.resolve()
    gates[3]!.resolve()
    await turns.turn()
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3])
    expect(limit.load).toEqual({ running: 0, waiting: 0 })
    // The timers of those who got a place are cleared.
    expect(time.pending).toBe(0)
  })

  it('starts one render per turn of the event loop, so the process reads its sockets between renders (decision 089)', async () => {
    const turns = loop()
    const limit = new RenderLimit({ concurrency: 8, queue: 10, queueMs: 1000, ...clock(), ...turns })
    const started: number[] = []
    const runs = [0, 1, 2].map((i) => limit.run(async () => void started.push(i)))
    // Nothing starts in the turn the requests came in.
    await settle()
    expect(started).toEqual([])
    await turns.turn()
    expect(started).toEqual([0])
    await turns.turn()
    expect(started).toEqual([0, 1])
    await turns.turn()
    expect(started).toEqual([0, 1, 2])
    await Promise.all(runs)
    expect(turns.asked).toBe(0)
  })

  it('a full queue refuses at once; a burst that finds free places is not refused for waiting its turn', async () => {
    const turns = loop()
    const refused: string[] = []
    const limit = new RenderLimit({ concurrency: 2, queue: 1, queueMs: 1000, ...clock(), ...turns, onRefused: (reason) => refused.push(reason) })
    const gate = deferred()
    // Two free places and one place in the queue: three are taken in, the fourth is refused.
    const first = limit.run(() => gate.promise)
    const second = limit.run(() => gate.promise)
    const third = limit.run(async () => 'third')
    await expect(limit.run(async () => 'fourth')).rejects.toEqual(new Overloaded('queue-full'))
    await expect(limit.run(async () => 'fourth')).rejects.toThrow('too many requests are waiting')
    await turns.turn()
    await turns.turn()
    expect(limit.load).toEqual({ running: 2, waiting: 1 })
    await expect(limit.run(async () => 'fifth')).rejects.toEqual(new Overloaded('queue-full'))
    expect(refused).toEqual(['queue-full', 'queue-full', 'queue-full'])
    gate.resolve()
    await Promise.all([first, second])
    await turns.turn()
    expect(await third).toBe('third')
  })

  it('a visitor who waits longer than `queueMs` is refused and leaves the queue; the others keep their turn', async () => {
    const turns = loop()
    const time = clock()
    const refused: string[] = []
    const limit = new RenderLimit({ concurrency: 1, queue: 5, queueMs: 500, ...time, ...turns, onRefused: (reason) => refused.push(reason) })
    const gate = deferred()
    const first = limit.run(() => gate.promise)
    await turns.turn()
    const late = limit.run(async () => 'late')
    time.advance(300)
    const later = limit.run(async () => 'later')
    time.advance(200)
    await expect(late).rejects.toMatchObject({ name: 'Overloaded', reason: 'waited-too-long', message: 'waited too long for a render' })
    expect(refused).toEqual(['waited-too-long'])
    expect(limit.load).toEqual({ running: 1, waiting: 1 })
    gate.resolve()
    await first
    await turns.turn()
    expect(await later).toBe('later')
    expect(limit.load).toEqual({ running: 0, waiting: 0 })
  })

  it('a render that fails frees its place', async () => {
    const turns = loop()
    const limit = new RenderLimit({ concurrency: 1, queue: 1, queueMs: 1000, ...clock(), ...turns })
    const failed = expect(limit.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await turns.turn()
    await failed
    expect(limit.load).toEqual({ running: 0, waiting: 0 })
    const next = limit.run(async () => 'next')
    await turns.turn()
    expect(await next).toBe('next')
  })

  it('without a hand-run loop, a render starts in a later turn of the real one', async () => {
    const limit = new RenderLimit({ concurrency: 1, queue: 1, queueMs: 1000 })
    let started = false
    const run = limit.run(async () => void (started = true))
    await Promise.resolve()
    expect(started).toBe(false)
    await run
    expect(started).toBe(true)
  })

  it('a visitor refused before their turn came leaves no place taken', async () => {
    const turns = loop()
    const time = clock()
    const limit = new RenderLimit({ concurrency: 1, queue: 1, queueMs: 100, ...time, ...turns })
    const gone = expect(limit.run(async () => 'gone')).rejects.toThrow('waited too long for a render')
    time.advance(100)
    await gone
    await turns.turn()
    expect(limit.load).toEqual({ running: 0, waiting: 0 })
    const next = limit.run(async () => 'next')
    await turns.turn()
    expect(await next).toBe('next')
  })

  it("a wait timer that fires after its visitor got a place changes nobody else's turn", async () => {
    const turns = loop()
    const time = clock()
    // Timers that cannot be cleared: the one of a visitor who got a place still fires.
    const limit = new RenderLimit({ concurrency: 1, queue: 5, queueMs: 100, setTimer: time.setTimer, clearTimer: () => {}, ...turns })
    const gate = deferred()
    const first = limit.run(() => gate.promise)
    await turns.turn()
    time.advance(50)
    const second = limit.run(async () => 'second')
    time.advance(50)
    // The first visitor's timer fired: the second still waits for its place.
    expect(limit.load).toEqual({ running: 1, waiting: 1 })
    gate.resolve()
    await first
    await turns.turn()
    expect(await second).toBe('second')
  })

  it("with the process's own timers, a wait is timed while it lasts and its timer is cleared when a place comes", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const turns = loop()
      const limit = new RenderLimit({ concurrency: 1, queue: 1, queueMs: 1000, nextTurn: turns.nextTurn })
      const run = limit.run(async () => 'run')
      expect(vi.getTimerCount()).toBe(1)
      await turns.turn()
      expect(await run).toBe('run')
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})
