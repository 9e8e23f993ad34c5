/**
 * Decision 080: the server renders a machine as defined and never gives it effects; the browser
 * gives them once, and they run once its actor starts. Both render the same first state.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { actorContext } from '#app/site/actor-context.tsx'
import { createWithEffects, withEffects } from '#app/site/machine-effects.ts'
import { type AuthUser, createAuthMachine } from '#machines/auth.ts'
import { requestMachine } from '#machines/request.ts'
import { createMenuMachine } from '#machines/ui.ts'

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

/** A session restored without its expiry: the auth machine's first step stores it back (R9). */
const RESTORED = { token: 'restored-token', now: 1_700_000_000_000 }

describe('a page-wide machine built with its effects (createWithEffects)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('on the server: built once per process, as defined; the effects are never asked for', () => {
    const create = vi.fn(createAuthMachine)
    const effects = vi.fn(() => ({}))
    const first = createWithEffects(create, effects)
    const second = createWithEffects(create, effects)
    expect(second).toBe(first)
    expect(create).toHaveBeenCalledTimes(1)
    expect(create).toHaveBeenCalledWith()
    expect(effects).not.toHaveBeenCalled()
    expect(createActor(first, { input: RESTORED }).getSnapshot().value).toEqual({ loggedIn: 'fetchingUser' })
  })

  it('in the browser: one build for each call, with the effects, which run once the actor starts', () => {
    vi.stubGlobal('window', {})
    const stored: unknown[] = []
    const create = vi.fn(createAuthMachine)
    const logic = createWithEffects(create, () => ({
      actors: { fetchUser: fromPromise<AuthUser, { token: string }>(() => new Promise(() => {})) },
      actions: { storeSession: (_: unknown, params: unknown) => stored.push(params) },
    }))
    expect(create).toHaveBeenCalledTimes(1)
    expect(createWithEffects(create, () => ({}))).not.toBe(logic)
    const actor = createActor(logic, { input: RESTORED })
    expect(stored).toEqual([])
    actor.start()
    // R9: the token is kept for 1800 s from the request, and that expiry is stored back.
    expect(stored).toEqual([{ token: 'restored-token', expiresAt: 1_700_001_800_000, refreshToken: null, refreshExpiresAt: null }])
    expect(actor.getSnapshot().value).toEqual({ loggedIn: 'fetchingUser' })
    actor.stop()
  })
})

const createMenu = vi.fn(createMenuMachine)
const MenuContext = actorContext(createMenu)
function Shown() {
  return <output>{MenuContext.useSelector((s) => String(s.value))}</output>
}

describe('a page-wide actor context (actorContext)', () => {
  it('builds nothing when the module loads; a provider without a machine builds it once, for every render after', () => {
    expect(createMenu).not.toHaveBeenCalled()
    const page = () =>
      renderToStaticMarkup(
        <MenuContext.Provider>
          <Shown />
        </MenuContext.Provider>,
      )
    expect(page()).toBe('<output>closed</output>')
    expect(page()).toBe('<output>closed</output>')
    expect(createMenu).toHaveBeenCalledTimes(1)
  })

  it('a provider given a machine runs that one', () => {
    const given = createMenuMachine()
    const html = renderToStaticMarkup(
      <MenuContext.Provider logic={given} options={{ snapshot: given.resolveState({ value: 'open' }) }}>
        <Shown />
      </MenuContext.Provider>,
    )
    expect(html).toBe('<output>open</output>')
  })
})
