import { authMachine, type AuthContext, type AuthInput, type AuthUser } from '#machines/auth'
import { ExpiredAuthSessionError } from '#machines/rules/token'
import type { EventObject } from 'xstate'
import type { Effect, EffectOracle, Snap, TestEvent } from '../harness'
import type { MachineModel } from './types'

export const T0 = 1_700_000_000_000
export const USER: AuthUser = { id: 7, email: 'player@example.com' }
export const USER_REFRESHED: AuthUser = { id: 7, email: 'player@example.com', premium: true }
const DAY_S = 24 * 3600

/** Token checks at three moments: well before expiry, inside the 500 ms margin, after the refresh token too. */
export const CHECK_VALID = T0 + 60_000
export const CHECK_IN_MARGIN = T0 + 1800 * 1000 - 400
export const CHECK_ALL_EXPIRED = T0 + 3 * DAY_S * 1000

const events = (snapshot: Snap): TestEvent[] => {
  const ctx = snapshot.context as AuthContext
  const checks = [CHECK_VALID, CHECK_IN_MARGIN, CHECK_ALL_EXPIRED].filter((now) => now >= ctx.now)
  return [
    { type: 'auth.login', credentials: { email: 'player@example.com', code: '123456' }, now: T0, redirectTo: '/ru/premium' },
    // Spec 7: confirming while signed in, as the same account (any case) and as another one.
    { type: 'auth.login', credentials: { kind: 'confirm', email: ' Player@Example.com ', code: '654321', password: 'correct horse' }, now: T0 + 1_000, redirectTo: '/account' },
    { type: 'auth.login', credentials: { kind: 'confirm', email: 'other@example.com', code: '654321', password: 'correct horse' }, now: T0 + 1_000, redirectTo: '/account' },
    { type: 'auth.callback', token: 'callback-token', now: T0 },
    { type: 'auth.logout' },
    { type: 'auth.logout', redirectTo: '/confirm-email' },
    { type: 'user.refresh' },
    ...checks.map((now) => ({ type: 'token.check', now })),
    // `login` answers a token without expiry (so 1800 s) and a refresh token for a day.
    { type: 'xstate.done.actor.login', output: { token: 'login-token', refreshToken: 'refresh-token', refreshExpiresIn: DAY_S } },
    { type: 'xstate.error.actor.login', error: new Error('wrong code') },
    { type: 'xstate.done.actor.renew', output: { token: 'renewed-token', expiresIn: 3600 } },
    { type: 'xstate.error.actor.renew', error: new Error('The code is incorrect') },
    { type: 'xstate.done.actor.fetchUser', output: USER },
    { type: 'xstate.error.actor.fetchUser', error: new Error('users/me failed') },
    { type: 'xstate.done.actor.refreshUser', output: USER_REFRESHED },
    { type: 'xstate.error.actor.refreshUser', error: new Error('users/me failed') },
    { type: 'xstate.done.actor.refreshToken', output: { token: 'fresh-token', expiresIn: 3600 } },
    { type: 'xstate.error.actor.refreshToken', error: new Error('refresh rejected') },
  ]
}

/** All orderings of the main events: login, logout, the margin check, refresh and user fetch outcomes. */
const SIMPLE = new Set(['auth.login', 'auth.logout', 'token.check', 'xstate.done.actor.login', 'xstate.error.actor.login', 'xstate.done.actor.fetchUser', 'xstate.error.actor.fetchUser', 'xstate.done.actor.refreshToken', 'xstate.error.actor.refreshToken'])
const simpleEvents = (snapshot: Snap): TestEvent[] =>
  events(snapshot).filter(
    (e) =>
      SIMPLE.has(e.type) &&
      !(e.type === 'token.check' && (e.now as number) !== CHECK_IN_MARGIN) &&
      !(e.type === 'auth.login' && (e.credentials as { kind?: string }).kind === 'confirm') &&
      !(e.type === 'auth.logout' && e.redirectTo !== undefined),
  )

const none = undefined
const session = (c: AuthContext) => ({ token: c.token, expiresAt: c.expiresAt, refreshToken: c.refreshToken, refreshExpiresAt: c.refreshExpiresAt })
const expired = (): Effect[] => [
  { type: 'clearStoredSession', params: none },
  { type: 'abortRequest', params: { error: new ExpiredAuthSessionError() } },
]

/** Spec 3, 4, 7, 8: the side effects each step must cause. */
const oracle: EffectOracle = (before, event, after, input: AuthInput) => {
  const b = before?.context as AuthContext | undefined
  const a = after.context as AuthContext
  const e = event as EventObject & { output?: any; error?: unknown; credentials?: unknown; token?: string }
  const invoke = (id: string, payload: unknown): Effect => ({ type: 'invoke', id, input: payload })
  switch (e.type) {
    case 'xstate.init': {
      // Spec 9: a token without an expiry lives 1800 s from the request (so it is never reset
      // here), and that expiry is stored back under the auth prefix.
      const stored: Effect[] =
        input.token && input.expiresAt == null
          ? [{ type: 'storeSession', params: { token: input.token, expiresAt: input.now + 1_800_000, refreshToken: null, refreshExpiresAt: null } }]
          : []
      if (after.matches('loggedOut')) return input.token ? [...stored, ...expired()] : []
      // (At start the actor starts its invoke before it runs the deferred actions of the initial transition.)
      if (after.matches({ loggedIn: 'fetchingUser' })) return [invoke('refreshUser', { token: a.token }), ...stored]
      if (after.matches({ loggedIn: 'refreshing' })) return [invoke('refreshToken', { refreshToken: a.refreshToken }), ...stored]
      return stored
    }
    case 'auth.login':
      // While logged in only the signed-in account's own credentials are taken: the session is renewed.
      if (before!.matches('loggedIn')) return [invoke('renew', { credentials: e.credentials })]
      return [invoke('login', { credentials: e.credentials })]
    case 'xstate.done.actor.renew':
      return [{ type: 'storeSession', params: session(a) }, invoke('refreshUser', { token: e.output.token })]
    case 'xstate.error.actor.renew':
      return [{ type: 'logError', params: { error: e.error } }]
    case 'auth.callback':
      return [invoke('fetchUser', { token: e.token })]
    case 'xstate.done.actor.login':
      return [invoke('fetchUser', { token: e.output.token })]
    case 'xstate.error.actor.login':
      return [{ type: 'logError', params: { error: e.error } }]
    case 'xstate.done.actor.fetchUser':
      return [{ type: 'storeSession', params: session(a) }, { type: 'navigate', params: { to: b!.redirectTo } }]
    case 'xstate.error.actor.fetchUser':
    case 'xstate.error.actor.refreshUser':
      return [{ type: 'logError', params: { error: e.error } }, { type: 'clearStoredSession', params: none }]
    case 'xstate.done.actor.refreshUser':
      return []
    case 'auth.logout':
      // Spec 7: no call; local state cleared; spec 2: the root path.
      return [{ type: 'clearStoredSession', params: none }, { type: 'navigate', params: { to: (e as { redirectTo?: string }).redirectTo ?? '/' } }]
    case 'user.refresh':
      return [invoke('refreshUser', { token: b!.token })]
    case 'token.check':
      if (after.matches('loggedOut')) return expired()
      if (after.matches({ loggedIn: 'refreshing' })) return [invoke('refreshToken', { refreshToken: b!.refreshToken })]
      return []
    case 'xstate.done.actor.refreshToken':
      return [{ type: 'storeSession', params: session(a) }]
    case 'xstate.error.actor.refreshToken':
      return [{ type: 'logError', params: { error: e.error } }, ...expired()]
    default:
      throw new Error(`auth oracle: unexpected event ${e.type}`)
  }
}

export const authModel: MachineModel = {
  name: 'auth',
  spec: 'spec 3, 4, 8, 9: auth session',
  machine: authMachine,
  fakes: {
    actions: ['storeSession', 'clearStoredSession', 'navigate', 'logError', 'abortRequest'],
    promiseActors: ['login', 'fetchUser', 'refreshToken'],
  },
  oracle,
  inputs: [
    { label: 'a guest', input: { now: T0 } satisfies AuthInput },
    { label: 'a stored valid token and user', input: { now: T0, token: 'stored-token', expiresAt: T0 + 1800_000, user: USER } satisfies AuthInput },
    { label: 'a stored valid token, user unknown', input: { now: T0, token: 'stored-token', expiresAt: T0 + 1800_000 } satisfies AuthInput },
    {
      label: 'a stored expired token with a refresh token',
      input: { now: T0, token: 'old-token', expiresAt: T0 + 200, refreshToken: 'refresh-token', refreshExpiresAt: T0 + DAY_S * 1000, user: USER } satisfies AuthInput,
    },
    { label: 'a stored expired token, no refresh token', input: { now: T0, token: 'old-token', expiresAt: T0 - 1, user: USER } satisfies AuthInput },
    // Spec 9: "Token maxAge 1800 seconds when the token has no expiry".
    { label: 'a stored token without its expiry, user known', input: { now: T0, token: 'stored-token', expiresAt: null, user: USER } satisfies AuthInput },
    { label: 'a stored token without its expiry, user unknown', input: { now: T0, token: 'stored-token' } satisfies AuthInput },
  ],
  events,
  simpleEvents,
}
