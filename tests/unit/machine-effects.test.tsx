/**
 * Decision 080: the server renders a machine with what its first state renders and never gives
 * it effects; the browser gives them once, and they run once its actor starts. Both render the
 * same first state.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { actorContext } from '#app/core/actor-context.tsx'
import { createWithEffects } from '#app/core/machine-effects.ts'
import { createAuthMachine } from '#machines/auth.ts'
import type { AuthUser } from '#machines/auth-types.ts'
import { formMachine } from '#machines/form.ts'
import { createJoinMachine, JOIN_FORM, type ReferrerResult } from '#machines/join.ts'
import { createRequestMachine } from '#machines/request.ts'
import { createMenuMachine } from '#machines/ui.ts'

/** A call the server made and that failed: the machine's first state reports it (in the browser). */
const FAILED = { settled: { error: new Error('The plan list could not be loaded') } }

describe('a machine built with its effects (createWithEffects)', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('on the server: built once per process, with only what its first state renders; the effects are never asked for', () => {
    const create = vi.fn(createJoinMachine)
    const effects = vi.fn(() => ({}))
    const form = formMachine.provide({})
    const rendered = { actors: { form } }
    const first = createWithEffects(create, effects, rendered)
    expect(createWithEffects(create, effects, rendered)).toBe(first)
    expect(create).toHaveBeenCalledTimes(1)
    expect(create).toHaveBeenCalledWith(rendered)
    expect(effects).not.toHaveBeenCalled()
    // No code in the address: the form to type one, run by the machine it was given.
    const snapshot = createActor(first, { input: { locale: 'en' } }).getSnapshot()
    expect(snapshot.value).toBe('entering')
    expect((snapshot.children[JOIN_FORM] as unknown as { logic: unknown }).logic).toBe(form)
  })

  it('in the browser: one build for each call, with what it renders and the effects, which run once the actor starts', () => {
    vi.stubGlobal('window', {})
    const create = vi.fn(createJoinMachine)
    const form = formMachine.provide({})
    const registerReferrer = fromPromise<ReferrerResult, { code: string }>(() => new Promise(() => {}))
    const navigate = () => {}
    const logic = createWithEffects(create, () => ({ actors: { registerReferrer }, actions: { navigate } }), { actors: { form } })
    expect(create).toHaveBeenCalledTimes(1)
    expect(create).toHaveBeenCalledWith({ actors: { form, registerReferrer }, actions: { navigate } })
    expect(createWithEffects(create, () => ({}), { actors: { form } })).not.toBe(logic)
    expect(create).toHaveBeenCalledTimes(2)

    const reported: unknown[] = []
    const request = createWithEffects(createRequestMachine, () => ({
      actions: { reportFailure: (_: unknown, params: unknown) => reported.push(params), logError: () => {} },
    }))
    const actor = createActor(request, { input: FAILED })
    expect(actor.getSnapshot().value).toBe('failed')
    expect(reported).toEqual([])
    actor.start()
    expect(reported).toEqual([{ error: FAILED.settled.error }])
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
    expect(create).toHaveBeenCalledWith(undefined)
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
