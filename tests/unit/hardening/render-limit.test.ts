import { describe, expect, it } from 'vitest'
import { Overloaded, RenderLimit } from '#app/server/render-limit.server.ts'

/** Timers run by hand: `fire()` runs the ones that are due. */
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

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

const tick = () => new Promise((r) => setTimeout(r, 0))

describe('issue 17: renders in flight are limited and the excess is turned away quickly', () => {
  it('runs at most `concurrency` at once; the next starts when one ends, first come first served', async () => {
    const time = clock()
    const limit = new RenderLimit({ concurrency: 2, queue: 10, queueMs: 1000, ...time })
    const gates = [deferred(), deferred(), deferred(), deferred()]
    const started: number[] = []
    const runs = gates.map((gate, i) => limit.run(async () => (started.push(i), await gate.promise, i)))
    await tick()
    expect(started).toEqual([0, 1])
    expect(limit.load).toEqual({ running: 2, waiting: 2 })
    gates[1]!.resolve()
    await tick()
    expect(started).toEqual([0, 1, 2])
    expect(limit.load).toEqual({ running: 2, waiting: 1 })
    gates[0]!.resolve()
    gates[2]!.resolve()
    gates[3]!.resolve()
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3])
    expect(limit.load).toEqual({ running: 0, waiting: 0 })
    // The timers of those who got a place are cleared.
    expect(time.pending).toBe(0)
  })

  it('a full queue refuses at once', async () => {
    const limit = new RenderLimit({ concurrency: 1, queue: 1, queueMs: 1000, ...clock() })
    const gate = deferred()
    const first = limit.run(() => gate.promise)
    const second = limit.run(async () => 'second')
    await expect(limit.run(async () => 'third')).rejects.toEqual(new Overloaded('queue-full'))
    gate.resolve()
    await first
    expect(await second).toBe('second')
  })

  it('a visitor who waits longer than `queueMs` is refused and leaves the queue; the others keep their turn', async () => {
    const time = clock()
    const limit = new RenderLimit({ concurrency: 1, queue: 5, queueMs: 500, ...time })
    const gate = deferred()
    const first = limit.run(() => gate.promise)
    const late = limit.run(async () => 'late')
    time.advance(300)
    const later = limit.run(async () => 'later')
    time.advance(200)
    await expect(late).rejects.toMatchObject({ name: 'Overloaded', reason: 'waited-too-long' })
    expect(limit.load).toEqual({ running: 1, waiting: 1 })
    gate.resolve()
    await first
    expect(await later).toBe('later')
    expect(limit.load).toEqual({ running: 0, waiting: 0 })
  })

  it('a render that fails frees its place', async () => {
    const limit = new RenderLimit({ concurrency: 1, queue: 1, queueMs: 1000, ...clock() })
    await expect(limit.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(limit.load).toEqual({ running: 0, waiting: 0 })
    expect(await limit.run(async () => 'next')).toBe('next')
  })
})
