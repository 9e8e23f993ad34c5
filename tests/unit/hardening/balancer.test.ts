/** Decision 090: the primary hands each new connection to the worker with the fewest open ones. */
import { describe, expect, it } from 'vitest'
import { Balancer } from '../../../scripts/balancer.mjs'

/** A balancer with workers 1 and 2, added in that order. */
function twoWorkers(): Balancer {
  const balancer = new Balancer()
  balancer.add(1)
  balancer.add(2)
  return balancer
}

describe('issue 17: connections spread by load between the workers', () => {
  it('a burst of connections is shared evenly, in turn', () => {
    const balancer = twoWorkers()
    const handed = Array.from({ length: 6 }, () => balancer.take())
    expect(handed).toEqual([1, 2, 1, 2, 1, 2])
    expect(balancer.load).toEqual({ 1: 3, 2: 3 })
  })

  it('the next connection goes to the worker with the fewest open ones', () => {
    const balancer = twoWorkers()
    for (let i = 0; i < 4; i++) balancer.take()
    balancer.closed(2)
    balancer.closed(2)
    expect(balancer.take()).toBe(2)
    expect(balancer.take()).toBe(2)
    // Even again: in turn, starting with the one that waited longest.
    expect(balancer.take()).toBe(1)
    expect(balancer.load).toEqual({ 1: 3, 2: 2 })
  })

  it('a worker added later (a restart) takes connections until it has as many as the others', () => {
    const balancer = new Balancer()
    balancer.add(1)
    for (let i = 0; i < 3; i++) balancer.take()
    balancer.add(2)
    expect([balancer.take(), balancer.take(), balancer.take(), balancer.take()]).toEqual([2, 2, 2, 1])
    expect(balancer.load).toEqual({ 1: 4, 2: 3 })
  })

  it('a removed worker takes no more; with none left there is no worker to take one', () => {
    const balancer = twoWorkers()
    balancer.remove(1)
    expect([balancer.take(), balancer.take()]).toEqual([2, 2])
    balancer.remove(2)
    expect(balancer.take()).toBeNull()
    // What a removed worker reports changes nothing.
    balancer.closed(1)
    expect(balancer.load).toEqual({})
  })

  it('a close never counts below zero, and adding a worker twice keeps its count', () => {
    const balancer = new Balancer()
    balancer.add(1)
    balancer.closed(1)
    expect(balancer.load).toEqual({ 1: 0 })
    balancer.take()
    balancer.add(1)
    expect(balancer.load).toEqual({ 1: 1 })
  })

  it('among workers with as many open connections, the one handed a connection longest ago; never one with more', () => {
    const balancer = twoWorkers()
    expect([balancer.take(), balancer.take(), balancer.take()]).toEqual([1, 2, 1])
    balancer.closed(1)
    balancer.closed(1)
    // Worker 1 has none open and worker 2 one, though 2 waited longer: 1.
    expect(balancer.take()).toBe(1)
    // One each: worker 2 was handed its connection before worker 1's last.
    expect(balancer.take()).toBe(2)
    expect(balancer.load).toEqual({ 1: 1, 2: 2 })
  })

  it('a worker removed and added again starts afresh', () => {
    const balancer = twoWorkers()
    balancer.take()
    balancer.take()
    balancer.remove(1)
    balancer.add(1)
    expect(balancer.load).toEqual({ 2: 1, 1: 0 })
    expect(balancer.take()).toBe(1)
  })
})
