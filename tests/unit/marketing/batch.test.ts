import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createBatcher } from '#app/features/marketing/batch.ts'
import { CONSTANTS } from '#config'

describe('R9: analytics batching (delay 500 ms, amount 2)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const make = () => {
    const batches: number[][] = []
    const batcher = createBatcher<number>({
      delayMs: CONSTANTS.analyticsBatchDelayMs,
      amount: CONSTANTS.analyticsBatchAmount,
      send: async (items) => {
        batches.push(items)
      },
    })
    return { batches, batcher }
  }

  it('holds a single call for 500 ms', async () => {
    const { batches, batcher } = make()
    const done = batcher.add(1)
    await vi.advanceTimersByTimeAsync(499)
    expect(batches).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    await done
    expect(batches).toEqual([[1]])
  })

  it('sends two calls made within the delay together, at once', async () => {
    const { batches, batcher } = make()
    void batcher.add(1)
    await vi.advanceTimersByTimeAsync(200)
    await batcher.add(2)
    expect(batches).toEqual([[1, 2]])
  })

  it('puts at most 2 in a batch; the rest waits for the next delay', async () => {
    const { batches, batcher } = make()
    const all = [1, 2, 3, 4, 5].map((n) => batcher.add(n))
    await vi.advanceTimersByTimeAsync(0)
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ])
    expect(batcher.pending).toBe(1)
    await vi.advanceTimersByTimeAsync(500)
    await Promise.all(all)
    expect(batches).toEqual([[1, 2], [3, 4], [5]])
  })

  it('rejects the items of a failed batch only', async () => {
    let fail = true
    const batcher = createBatcher<number>({
      delayMs: 500,
      amount: 2,
      send: async () => {
        if (fail) {
          fail = false
          throw new Error('offline')
        }
      },
    })
    const a = batcher.add(1)
    const b = batcher.add(2)
    await expect(a).rejects.toThrow('offline')
    await expect(b).rejects.toThrow('offline')
    const c = batcher.add(3)
    await vi.advanceTimersByTimeAsync(500)
    await expect(c).resolves.toBeUndefined()
  })

  it('flush sends everything now', async () => {
    const { batches, batcher } = make()
    void batcher.add(1)
    await batcher.flush()
    expect(batches).toEqual([[1]])
    expect(batcher.pending).toBe(0)
  })
})
