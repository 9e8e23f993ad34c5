/** R8.14: new connections while no site worker takes any wait for the next one, within limits. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HELD_CONNECTION_MS, HELD_CONNECTIONS_MAX, HeldConnections } from '../../../scripts/held-connections.mjs'

interface FakeSocket {
  name: string
  destroyed: boolean
  destroy(): void
}

function socket(name: string): FakeSocket {
  return {
    name,
    destroyed: false,
    destroy() {
      this.destroyed = true
    },
  }
}

describe('R8.14: connections held while no worker takes any', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('the limits are the ones written in the requirements: 256 connections, 10 s each', () => {
    expect(HELD_CONNECTIONS_MAX).toBe(256)
    expect(HELD_CONNECTION_MS).toBe(10_000)
  })

  it('held connections go to the first worker that is ready, in the order they came', () => {
    const held = new HeldConnections()
    const sockets = ['a', 'b', 'c'].map(socket)
    for (const s of sockets) held.hold(s)
    expect(held.size).toBe(3)
    const handed: string[] = []
    held.release((s: FakeSocket) => {
      handed.push(s.name)
      return true
    })
    expect(handed).toEqual(['a', 'b', 'c'])
    expect(held.size).toBe(0)
    expect(sockets.map((s) => s.destroyed)).toEqual([false, false, false])
    // Handed over, their time no longer runs.
    vi.advanceTimersByTime(HELD_CONNECTION_MS * 2)
    expect(sockets.map((s) => s.destroyed)).toEqual([false, false, false])
  })

  it('one held for 10 s is closed; one held for less is still waiting', () => {
    const held = new HeldConnections()
    const first = socket('first')
    held.hold(first)
    vi.advanceTimersByTime(4_000)
    const second = socket('second')
    held.hold(second)
    vi.advanceTimersByTime(5_999)
    expect(first.destroyed).toBe(false)
    vi.advanceTimersByTime(1)
    expect(first.destroyed).toBe(true)
    expect(second.destroyed).toBe(false)
    expect(held.size).toBe(1)
    vi.advanceTimersByTime(4_000)
    expect(second.destroyed).toBe(true)
    expect(held.size).toBe(0)
  })

  it('beyond 256 held, one more is closed at once and the held ones still wait', () => {
    const held = new HeldConnections()
    const sockets = Array.from({ length: 256 }, (_, i) => socket(`s${i}`))
    for (const s of sockets) held.hold(s)
    const extra = socket('extra')
    held.hold(extra)
    expect(extra.destroyed).toBe(true)
    expect(held.size).toBe(256)
    expect(sockets.some((s) => s.destroyed)).toBe(false)
  })

  it('the limits can be set: 2 connections, 500 ms', () => {
    const held = new HeldConnections({ max: 2, waitMs: 500 })
    const [a, b, c] = ['a', 'b', 'c'].map(socket)
    held.hold(a!)
    held.hold(b!)
    held.hold(c!)
    expect([a!.destroyed, b!.destroyed, c!.destroyed]).toEqual([false, false, true])
    vi.advanceTimersByTime(499)
    expect(a!.destroyed).toBe(false)
    vi.advanceTimersByTime(1)
    expect([a!.destroyed, b!.destroyed]).toEqual([true, true])
  })

  it('when no worker takes the next one, it and those after it stay held with their time running', () => {
    const held = new HeldConnections()
    const [a, b, c] = ['a', 'b', 'c'].map(socket)
    held.hold(a!)
    vi.advanceTimersByTime(3_000)
    held.hold(b!)
    held.hold(c!)
    const offered: string[] = []
    held.release((s: FakeSocket) => {
      offered.push(s.name)
      return s.name === 'a'
    })
    expect(offered).toEqual(['a', 'b'])
    expect(held.size).toBe(2)
    // b and c keep the time they had: closed 10 s after they came, not after the release.
    vi.advanceTimersByTime(9_999)
    expect([b!.destroyed, c!.destroyed]).toEqual([false, false])
    vi.advanceTimersByTime(1)
    expect([a!.destroyed, b!.destroyed, c!.destroyed]).toEqual([false, true, true])
  })

  it('a connection closed while held is dropped and not handed over', () => {
    const held = new HeldConnections()
    const [a, b] = ['a', 'b'].map(socket)
    held.hold(a!)
    held.hold(b!)
    a!.destroy()
    const handed: string[] = []
    held.release((s: FakeSocket) => {
      handed.push(s.name)
      return true
    })
    expect(handed).toEqual(['b'])
    expect(held.size).toBe(0)
  })

  it('when the site stops, every held connection is closed', () => {
    const held = new HeldConnections()
    const sockets = ['a', 'b'].map(socket)
    for (const s of sockets) held.hold(s)
    held.closeAll()
    expect(sockets.map((s) => s.destroyed)).toEqual([true, true])
    expect(held.size).toBe(0)
  })
})
