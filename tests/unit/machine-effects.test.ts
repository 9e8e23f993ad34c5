/**
 * Decision 080: the server renders a machine as defined and never gives it effects; the browser
 * gives them once, and they run once its actor starts. Both render the same first state.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { withEffects } from '#app/site/machine-effects.ts'
import { requestMachine } from '#machines/request.ts'

/** A call the server made and that failed: the machine's first state reports it (in the browser). */
const FAILED = { settled: { error: new Error('The plan list could not be loaded') } }

describe('a machine with the site effects (withEffects)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('on the server: the machine itself, its effects never asked for, and the first state is the same', () => {
    const effects = vi.fn((machine: typeof requestMachine) => machine.provide({ actions: { reportFailure: () => {} } }))
    const logic = withEffects(requestMachine, effects)
    expect(logic).toBe(requestMachine)
    expect(effects).not.toHaveBeenCalled()
    expect(createActor(logic, { input: FAILED }).getSnapshot().value).toBe('failed')
  })

  it('in the browser: the effects are given once, and run once the actor starts', () => {
    vi.stubGlobal('window', {})
    const reported: unknown[] = []
    const effects = vi.fn((machine: typeof requestMachine) =>
      machine.provide({ actions: { reportFailure: (_, params) => reported.push(params), logError: () => {} } }),
    )
    const logic = withEffects(requestMachine, effects)
    expect(effects).toHaveBeenCalledTimes(1)
    expect(logic).not.toBe(requestMachine)
    const actor = createActor(logic, { input: FAILED })
    expect(actor.getSnapshot().value).toBe('failed')
    expect(reported).toEqual([])
    actor.start()
    expect(reported).toHaveLength(1)
    actor.stop()
  })
})
