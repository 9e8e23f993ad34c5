/** Spec points checked one by one on the real machines with fakes (complementing the generated paths). */
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, SimulatedClock, type EventObject } from 'xstate'
import { authMachine, type AuthInput, type TokenGrant, selectAnalyticsToken, selectAuthorization, selectTokenStatus } from '#machines/auth'
import { deadlineMachine } from '#machines/deadline'
import { localeMachine, type LoadMessagesInput, type LoadValidationInput } from '#machines/locale'
import { paymentMachine, persistedPremiumState, type PaymentInput } from '#machines/payment'
import { menuMachine, modalFlags, modalMachine } from '#machines/ui'
import { ExpiredAuthSessionError } from '#machines/rules/token'
import { CONFIG, MONTH, OPTIONS_MONTH, TRIAL, OPTIONS_TRIAL } from './models/payment'

const tick = () => new Promise<void>((resolve) => setImmediate(resolve))
const T0 = 1_700_000_000_000

function recorder() {
  const calls: { name: string; payload: unknown }[] = []
  const action = (name: string) => (_: unknown, params: unknown) => void calls.push({ name, payload: params })
  return { calls, action, names: () => calls.map((c) => c.name) }
}

describe('spec 3, 4, 8, 9: auth', () => {
  function start(input: AuthInput, grant: TokenGrant = { token: 'tok' }) {
    const r = recorder()
    const machine = authMachine.provide({
      actors: {
        login: fromPromise(async (): Promise<TokenGrant> => grant),
        fetchUser: fromPromise(async ({ input }) => (r.calls.push({ name: 'GET /users/me', payload: input }), { id: 7 })),
        refreshToken: fromPromise(async (): Promise<TokenGrant> => (r.calls.push({ name: 'refresh', payload: null }), { token: 'fresh', expiresIn: 60 })),
      },
      actions: {
        storeSession: r.action('storeSession'),
        clearStoredSession: r.action('clearStoredSession'),
        navigate: r.action('navigate'),
        logError: r.action('logError'),
        abortRequest: r.action('abortRequest'),
      },
    })
    const actor = createActor(machine, { input }).start()
    return { actor, r }
  }

  it('logs in only once the user is fetched, stores a token without expiry for 1800 s, then goes to the root path', async () => {
    const { actor, r } = start({ now: T0 })
    expect(selectTokenStatus(actor.getSnapshot())).toBe('unknown')
    actor.send({ type: 'auth.login', credentials: { code: '1' }, now: T0 })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(selectAuthorization(actor.getSnapshot())).toBeNull()
    await tick()
    expect(actor.getSnapshot().matches({ loggedIn: 'active' })).toBe(true)
    expect(r.calls).toEqual([
      { name: 'GET /users/me', payload: { token: 'tok' } },
      { name: 'storeSession', payload: { token: 'tok', expiresAt: T0 + 1_800_000, refreshToken: null, refreshExpiresAt: null } },
      { name: 'navigate', payload: { to: '/' } },
    ])
    expect(selectAuthorization(actor.getSnapshot())).toBe('Bearer tok')
    expect(selectAnalyticsToken(actor.getSnapshot())).toBe('tok')
    expect(selectTokenStatus(actor.getSnapshot())).toBe('valid')
  })

  it('logout makes no call, clears local state and goes to the root path', async () => {
    const { actor, r } = start({ now: T0, token: 'tok', expiresAt: T0 + 60_000, user: { id: 7 } })
    actor.send({ type: 'auth.logout' })
    await tick()
    expect(actor.getSnapshot().value).toBe('loggedOut')
    expect(r.names()).toEqual(['clearStoredSession', 'navigate'])
    expect(actor.getSnapshot().context.token).toBeNull()
    expect(selectAuthorization(actor.getSnapshot())).toBeNull()
  })

  it('within the 500 ms margin and without a refresh token: resets the session and aborts with ExpiredAuthSessionError', () => {
    const { actor, r } = start({ now: T0, token: 'tok', expiresAt: T0 + 10_000, user: { id: 7 } })
    actor.send({ type: 'token.check', now: T0 + 9_499 })
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true)
    actor.send({ type: 'token.check', now: T0 + 9_500 })
    expect(actor.getSnapshot().value).toBe('loggedOut')
    const abort = r.calls.find((c) => c.name === 'abortRequest')!.payload as { error: Error }
    expect(abort.error).toBeInstanceOf(ExpiredAuthSessionError)
    expect(abort.error.message).toBe('Both token and refresh token have expired. Your request was aborted.')
  })

  it('expired with a refresh possible: refreshes and stays logged in', async () => {
    const { actor, r } = start({ now: T0, token: 'tok', expiresAt: T0 + 10_000, refreshToken: 'ref', user: { id: 7 } })
    actor.send({ type: 'token.check', now: T0 + 20_000 })
    expect(actor.getSnapshot().matches({ loggedIn: 'refreshing' })).toBe(true)
    await tick()
    expect(actor.getSnapshot().matches({ loggedIn: 'active' })).toBe(true)
    expect(r.calls).toContainEqual({ name: 'storeSession', payload: { token: 'fresh', expiresAt: T0 + 80_000, refreshToken: 'ref', refreshExpiresAt: null } })
    expect(r.names()).not.toContain('abortRequest')
  })

  it('SSR: the initial snapshot depends only on the input (no actor started)', () => {
    const a = createActor(authMachine, { input: { now: T0, token: 'tok', expiresAt: T0 + 60_000, user: { id: 7 } } })
    const b = createActor(authMachine, { input: { now: T0, token: 'tok', expiresAt: T0 + 60_000, user: { id: 7 } } })
    expect(a.getSnapshot().value).toEqual({ loggedIn: 'active' })
    expect(a.getSnapshot().context).toEqual(b.getSnapshot().context)
  })
})

describe('spec 3, 4, 7, 8, 9: payment', () => {
  function start(input: Partial<PaymentInput> = {}, outcome: 'widget.success' | 'widget.fail' | 'widget.close' = 'widget.success') {
    const r = recorder()
    let sendWidget: ((e: EventObject) => void) | null = null
    const machine = paymentMachine.provide({
      actors: {
        createPayment: fromPromise(async ({ input }) => {
          r.calls.push({ name: 'POST /payments', payload: input })
          return input.subscriptionId === 1 ? OPTIONS_TRIAL : OPTIONS_MONTH
        }),
        loadWidgetScript: fromPromise(async ({ input }): Promise<void> => void r.calls.push({ name: 'script', payload: input })),
        runWidget: fromCallback(({ input, sendBack }) => {
          r.calls.push({ name: 'widget', payload: input })
          sendWidget = sendBack
        }),
        refreshUser: fromPromise(async (): Promise<void> => void r.calls.push({ name: 'refreshUser', payload: null })),
      },
      actions: {
        toast: r.action('toast'),
        trackPurchase: r.action('trackPurchase'),
        navigate: r.action('navigate'),
        log: r.action('log'),
        logError: r.action('logError'),
      },
    })
    const actor = createActor(machine, { input: { locale: 'en', loggedIn: true, activeService: 'cloudpayments', ...CONFIG, ...input } }).start()
    const finish = () => sendWidget!({ type: outcome })
    return { actor, r, finish }
  }
  const agree = (actor: { send: (e: any) => void }) => {
    actor.send({ type: 'agreement.set', agreement: 'premium', value: true })
    actor.send({ type: 'agreement.set', agreement: 'promo', value: true })
  }

  it('success: toast, analytics, user refresh, localized account page, then the premium state is reset', async () => {
    const { actor, r, finish } = start({ locale: 'ru' })
    actor.send({ type: 'plan.select', subscription: MONTH, label: '30 дней' })
    agree(actor)
    actor.send({ type: 'payment.submit' })
    await tick()
    await tick()
    expect(actor.getSnapshot().matches({ paying: 'charging' })).toBe(true)
    finish()
    await tick()
    expect(r.names()).toEqual(['POST /payments', 'script', 'widget', 'toast', 'trackPurchase', 'refreshUser', 'navigate'])
    expect(r.calls[3]!.payload).toEqual({ kind: 'success', key: 'payments.success' })
    expect((r.calls[4]!.payload as { kind: string }).kind).toBe('subscribe')
    expect(r.calls[6]!.payload).toEqual({ to: '/ru/account' })
    const { context } = actor.getSnapshot()
    expect(actor.getSnapshot().value).toBe('selecting')
    expect([context.subscription, context.options, context.redirectAfterLoginTo, context.agreements]).toEqual([null, null, null, { premium: false, promo: false }])
  })

  it('double clicks never create two payments', async () => {
    const { actor, r } = start()
    actor.send({ type: 'plan.select', subscription: MONTH, label: '30 days' })
    agree(actor)
    actor.send({ type: 'payment.submit' })
    actor.send({ type: 'payment.submit' })
    await tick()
    actor.send({ type: 'payment.submit' })
    await tick()
    expect(r.names().filter((n) => n === 'POST /payments')).toHaveLength(1)
  })

  it('needs a plan and both agreements', () => {
    const { actor, r } = start()
    actor.send({ type: 'payment.submit' })
    actor.send({ type: 'plan.select', subscription: MONTH, label: '30 days' })
    actor.send({ type: 'agreement.set', agreement: 'premium', value: true })
    actor.send({ type: 'payment.submit' })
    expect(actor.getSnapshot().value).toBe('selecting')
    expect(r.calls).toEqual([])
  })

  it('the trial is authorised (auth scheme) with a RUB receipt; the trial counts as a trial in analytics', async () => {
    const { actor, r, finish } = start()
    actor.send({ type: 'plan.select', subscription: TRIAL, label: 'Trial' })
    agree(actor)
    actor.send({ type: 'payment.submit' })
    await tick()
    await tick()
    const widget = r.calls.find((c) => c.name === 'widget')!.payload as any
    expect(widget.scheme).toBe('auth')
    expect(widget.options.data.CloudPayments.CustomerReceipt.Items[0]).toMatchObject({ quantity: 1, vat: null, method: 1, object: 4 })
    finish()
    expect((r.calls.find((c) => c.name === 'trackPurchase')!.payload as { kind: string }).kind).toBe('trial')
  })

  it('failure: toast payments.fail; closing the widget only logs', async () => {
    for (const outcome of ['widget.fail', 'widget.close'] as const) {
      const { actor, r, finish } = start({}, outcome)
      actor.send({ type: 'plan.select', subscription: MONTH, label: '30 days' })
      agree(actor)
      actor.send({ type: 'payment.submit' })
      await tick()
      await tick()
      finish()
      const toasts = r.calls.filter((c) => c.name === 'toast').map((c) => c.payload)
      expect(toasts).toEqual(outcome === 'widget.fail' ? [{ kind: 'error', key: 'payments.fail' }] : [])
      expect(r.names().includes('log')).toBe(outcome === 'widget.close')
      expect(actor.getSnapshot().value).toBe('selecting')
    }
  })

  it('a guest who picks a plan goes to login and is brought back to the plan', () => {
    const { actor, r } = start({ loggedIn: false, locale: 'de' })
    actor.send({ type: 'plan.select', subscription: MONTH, label: '30 Tage' })
    expect(r.calls).toEqual([{ name: 'navigate', payload: { to: '/de/login?redirect=%2Fde%2Fpremium' } }])
    const persisted = persistedPremiumState(actor.getSnapshot())
    expect(persisted).toMatchObject({ redirectAfterLoginTo: '/de/premium', goToSubscription: true, subscription: MONTH })
    // Back after login: a new actor from the persisted state starts in `selecting`, never in a payment.
    const back = createActor(paymentMachine, { input: { locale: 'de', loggedIn: true, activeService: 'payselection', ...CONFIG, restored: persisted } })
    expect(back.getSnapshot().value).toBe('selecting')
    expect(back.getSnapshot().context.subscription).toEqual(MONTH)
  })

  it('an unknown service is an error listing the available services', () => {
    const { actor, r } = start({ activeService: 'stripe' })
    expect(actor.getSnapshot().value).toBe('unavailable')
    expect(r.calls).toEqual([{ name: 'logError', payload: { message: 'Unknown payment service "stripe". Available services: payselection, cloudpayments.' } }])
  })
})

describe('spec 2, 4, 8: locale', () => {
  it('a form asking while the language file loads gets its validation file right after it', async () => {
    const calls: string[] = []
    const machine = localeMachine.provide({
      actors: {
        loadMessages: fromPromise<unknown, LoadMessagesInput>(async () => calls.push('messages')),
        loadValidationMessages: fromPromise<unknown, LoadValidationInput>(async ({ input }) => calls.push(`validation:${input.locale}`)),
      },
    })
    const actor = createActor(machine, { input: { urlLocale: 'ru', messageSet: 'original' } }).start()
    expect(actor.getSnapshot().matches({ loading: 'messages' })).toBe(true)
    actor.send({ type: 'validation.need' })
    for (let i = 0; i < 3; i++) await tick()
    expect(calls).toEqual(['messages', 'validation:ru'])
    expect(actor.getSnapshot().context).toMatchObject({ validationLocale: 'ru', validationWanted: true })
  })

  it('a failed language file falls back to English with a toast, and the validation file still loads; a change stores the cookie, loads, navigates', async () => {
    const r = recorder()
    const machine = localeMachine.provide({
      actors: {
        loadMessages: fromPromise(async ({ input }) => {
          r.calls.push({ name: 'messages', payload: input })
          if (input.locale === 'ru') throw new Error('404')
          return {}
        }),
        loadValidationMessages: fromPromise(async ({ input }) => void r.calls.push({ name: 'validation', payload: input })),
      },
      actions: { storeLocaleCookie: r.action('cookie'), navigate: r.action('navigate'), toast: r.action('toast'), logError: r.action('logError') },
    })
    const actor = createActor(machine, { input: { atRoot: true, cookieLocale: 'de', messageSet: 'mirror' } }).start()
    await tick()
    // No form yet: the validation file is not loaded.
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context).toMatchObject({ locale: 'de', messagesLocale: 'de', validationLocale: null })
    expect(r.calls.map((c) => c.name)).toEqual(['messages'])
    // A form asks for it: it loads once, however many forms ask.
    actor.send({ type: 'validation.need' })
    actor.send({ type: 'validation.need' })
    await tick()
    actor.send({ type: 'validation.need' })
    await tick()
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context).toMatchObject({ locale: 'de', messagesLocale: 'de', validationLocale: 'de' })
    expect(r.calls.filter((c) => c.name === 'validation')).toEqual([{ name: 'validation', payload: { locale: 'de' } }])
    r.calls.length = 0
    actor.send({ type: 'locale.change', locale: 'ru', path: '/de/premium' })
    for (let i = 0; i < 4; i++) await tick()
    expect(r.calls).toEqual([
      { name: 'cookie', payload: { locale: 'ru' } },
      { name: 'messages', payload: { locale: 'ru', messageSet: 'mirror' } },
      { name: 'logError', payload: { error: new Error('404') } },
      { name: 'toast', payload: { kind: 'error', key: 'notifications.errors.language' } },
      { name: 'messages', payload: { locale: 'en', messageSet: 'mirror' } },
      { name: 'validation', payload: { locale: 'ru' } },
      { name: 'navigate', payload: { to: '/ru/premium' } },
    ])
    expect(actor.getSnapshot().context).toMatchObject({ locale: 'ru', messagesLocale: 'en', validationLocale: 'ru' })
  })
})

describe('spec 3, 9: deadline countdown (simulated clock)', () => {
  it('waits for hydration, stores a new deadline 16-23 h ahead when none is stored, ticks every second', () => {
    const clock = new SimulatedClock()
    clock.set(T0)
    const stored: unknown[] = []
    const machine = deadlineMachine.provide({
      actors: {
        ticker: fromCallback(({ sendBack, input }) => {
          let id = -1
          const arm = () => (id = clock.setTimeout(() => (sendBack({ type: 'deadline.tick', now: clock.now() }), arm()), input.intervalMs))
          arm()
          return () => clock.clearTimeout(id)
        }),
      },
      actions: { storeDeadline: (_, params) => void stored.push(params) },
    })
    const actor = createActor(machine, { clock }).start()
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'deadline.hydrate', stored: 'garbage', now: T0, random: { hours: 0, minutes: 0, seconds: 0.5 } })
    expect(stored).toEqual([{ key: 'deadline', value: new Date(T0 + 16 * 3_600_000 + 30_000).toISOString() }])
    expect(actor.getSnapshot().context.left).toEqual({ hours: 16, minutes: 0, seconds: 30 })
    clock.increment(1000)
    expect(actor.getSnapshot().context.left).toEqual({ hours: 16, minutes: 0, seconds: 29 })
    clock.increment(1000)
    expect(actor.getSnapshot().context.left).toEqual({ hours: 16, minutes: 0, seconds: 28 })
  })
})

describe('spec 2, 3, 4: ui', () => {
  it('the mobile menu closes on every route change', () => {
    const menu = createActor(menuMachine).start()
    menu.send({ type: 'route.changed' })
    expect(menu.getSnapshot().value).toBe('closed')
    menu.send({ type: 'menu.toggle' })
    expect(menu.getSnapshot().value).toBe('open')
    menu.send({ type: 'route.changed', path: '/ru/faq' })
    expect(menu.getSnapshot().value).toBe('closed')
  })
  it('the modal exposes standard and custom shown flags', () => {
    const modal = createActor(modalMachine).start()
    modal.send({ type: 'modal.openCustom', content: 'video', options: { closable: false } })
    expect(modalFlags(modal.getSnapshot())).toEqual({ shown: false, customShown: true })
    expect(modal.getSnapshot().context).toEqual({ content: 'video', options: { closable: false } })
  })
})
