/**
 * R2, R3, R4, R7, R8, R9: the session. Every expected value is written here: the 500 ms margin,
 * the 1800 s of a token without expiry, the Bearer prefix, the expired-session message, the root
 * path after login and logout, the login page with the remembered page.
 */

import { authMachine } from '#machines/auth.ts'
import { isBusy, isLoggedIn, isSettled, selectAnalyticsToken, selectAnalyticsUserId, selectAuthorization, selectTokenStatus } from '#machines/auth-selectors.ts'
import type { AuthContext, AuthInput } from '#machines/auth-types.ts'
import { expect } from '../check.ts'
import type { MachineModel, Property, Snap, Step, TestEvent } from '../harness.ts'
import { ctx, IGNORED_EVENTS_CHANGE_NOTHING, started, stops, trace } from '../harness.ts'

const T0 = 1_700_000_000_000
const MIN = 60_000
const DAY = 24 * 3600 * 1000
const USER = { id: 7, email: 'Player@Example.com' }
const USER_AGAIN = { id: 7, email: 'player@example.com', premium: true }
/** R3, R16: an account made by signing in with Steam has no e-mail until one is added. */
const STEAM_USER = { id: 9, email: null, steam_id: '76561198000000001' }
const PROTECTED = { access: 'protected', href: '/ru/account', locale: 'ru' } as const
const PUBLIC = { access: 'public', href: '/de/faq', locale: 'de' } as const

/** R8: the message of ExpiredAuthSessionError. */
const EXPIRED_MESSAGE = 'Both token and refresh token have expired. Your request was aborted.'

/** The token checks a visit makes: well before the expiry, inside the 500 ms margin of the 30-minute token, after a day. */
const CHECKS = [T0 + MIN, T0 + 30 * MIN - 400, T0 + 3 * DAY]

type Ctx = AuthContext

const grant = {
  type: 'xstate.done.actor.verifyCode',
  output: { token: 'code-token-0001', expiresIn: 3600, refreshToken: 'refresh-0001', refreshExpiresIn: 86_400 },
}

function events(snapshot: Snap): TestEvent[] {
  const c = ctx<Ctx>(snapshot)
  return [
    // R5, R7: a code typed in Arabic-Indic digits, an address with spaces and capitals.
    { type: 'auth.login', credentials: { kind: 'code', email: ' Player@Example.com ', code: ' ١٢٣٤٥٦ ' }, now: T0, redirectTo: '/ru/premium' },
    { type: 'auth.login', credentials: { kind: 'link', code: 'Gjfe9EOjfRS2zf18QKF0eXOTxDmSDq_zqLwlUHZ_u4k' }, now: T0, redirectTo: '//evil.example' },
    // Confirming while signed in: as the same account, and as another one.
    { type: 'auth.login', credentials: { kind: 'confirm', email: ' PLAYER@example.com ', code: '۶۵۴۳۲۱ ', password: 'correct horse' }, now: T0 + 1000 },
    { type: 'auth.login', credentials: { kind: 'confirm', email: 'other@example.com', code: '654321', password: 'correct horse' }, now: T0 + 1000 },
    {
      type: 'auth.callback',
      params: { 'openid.mode': 'id_res', 'openid.claimed_id': 'https://steamcommunity.com/openid/id/76561198000000001' },
      now: T0,
      redirectTo: '/en/premium',
    },
    { type: 'auth.logout' },
    // R7.3: sign-out on every device.
    { type: 'auth.logout', everywhere: true },
    { type: 'user.refresh' },
    { type: 'page.changed', page: c.page.access === 'protected' ? PUBLIC : PROTECTED },
    ...CHECKS.filter((now) => now >= c.now).map((now) => ({ type: 'token.check', now })),
    grant,
    { type: 'xstate.done.actor.signInByLink', output: { token: 'link-token-0001' } },
    { type: 'xstate.done.actor.confirmEmail', output: { token: 'confirm-token-01', expiresIn: 7200 } },
    { type: 'xstate.done.actor.verifyCallback', output: { token: 'steam-token-0001', expiresIn: 600, refreshToken: 'steam-refresh-01' } },
    { type: 'xstate.error.actor.verifyCode', error: new Error('The code is incorrect. Attempts left: 4.') },
    { type: 'xstate.error.actor.signInByLink', error: new Error('This code has expired.') },
    { type: 'xstate.error.actor.confirmEmail', error: new Error('The code is incorrect.') },
    { type: 'xstate.error.actor.verifyCallback', error: new Error('This Steam sign-in was already used.') },
    { type: 'xstate.done.actor.fetchUser', output: c.redirectTo === '/en/premium' ? STEAM_USER : USER },
    { type: 'xstate.error.actor.fetchUser', error: new Error('users/me failed') },
    { type: 'xstate.done.actor.refreshUser', output: USER_AGAIN },
    { type: 'xstate.error.actor.refreshUser', error: new Error('users/me failed') },
    { type: 'xstate.done.actor.renew', output: { token: 'renewed-token-01', expiresIn: 3600 } },
    { type: 'xstate.error.actor.renew', error: new Error('The code is incorrect.') },
    { type: 'xstate.done.actor.refreshToken', output: { token: 'fresh-token-0001', expiresIn: 3600, refreshToken: 'refresh-0002', refreshExpiresIn: 172_800 } },
    { type: 'xstate.error.actor.refreshToken', error: new Error('Your session has expired.') },
  ]
}

/**
 * Two starts build the whole graph (a guest, and a signed-in visitor with a refresh token on a
 * protected page: logins, logouts, checks and refreshes reach every state from them); the other
 * starts differ in how the session is restored, and are checked two steps deep.
 */
const inputs: { label: string; input: AuthInput; depth?: number }[] = [
  { label: 'a guest', input: { now: T0 } },
  {
    label: 'a stored valid token with a refresh token, on a protected page',
    input: {
      now: T0,
      token: 'stored-token-001',
      expiresAt: T0 + 30 * MIN,
      refreshToken: 'refresh-0000',
      refreshExpiresAt: T0 + DAY,
      user: USER,
      page: PROTECTED,
    },
  },
  { label: 'a guest on a protected page', input: { now: T0, page: PROTECTED }, depth: 2 },
  { label: 'a stored valid token and its user', input: { now: T0, token: 'stored-token-001', expiresAt: T0 + 30 * MIN, user: USER }, depth: 2 },
  { label: 'a stored valid token, its user unknown', input: { now: T0, token: 'stored-token-001', expiresAt: T0 + 30 * MIN }, depth: 2 },
  {
    label: 'an expired token with a live refresh token',
    input: { now: T0, token: 'old-token-00001', expiresAt: T0 + 200, refreshToken: 'refresh-0000', refreshExpiresAt: T0 + DAY, user: USER },
    depth: 2,
  },
  {
    label: 'an expired token without a refresh token, on a protected page',
    input: { now: T0, token: 'old-token-00001', expiresAt: T0 - 1, user: USER, page: PROTECTED },
    depth: 2,
  },
  {
    label: 'an expired token without a refresh token, on a public page',
    input: { now: T0, token: 'old-token-00001', expiresAt: T0 - 1, user: USER, page: PUBLIC },
    depth: 2,
  },
  // R9: "Token maxAge 1800 seconds when the token has no expiry".
  { label: 'a stored token without its expiry, user known', input: { now: T0, token: 'stored-token-001', expiresAt: null, user: USER }, depth: 2 },
]

// --- observations -----------------------------------------------------------------------------

const loggedIn = (s: Snap) => s.matches('loggedIn')
const loggedOut = (s: Snap) => s.matches('loggedOut')
const BUSY_STATES = [
  { loggingIn: 'code' },
  { loggingIn: 'link' },
  { loggingIn: 'confirm' },
  { loggingIn: 'callback' },
  { loggingIn: 'fetchingUser' },
  { loggedIn: 'fetchingUser' },
  { loggedIn: 'refreshing' },
  { loggedIn: 'renewing' },
]
const busyState = (s: Snap) => BUSY_STATES.some((v) => s.matches(v))
/** R4: valid until 500 ms before the expiry. */
const valid = (c: Ctx, now: number) => c.token !== null && c.expiresAt !== null && now < c.expiresAt - 500

const SESSION_KEYS = ['token', 'expiresAt', 'refreshToken', 'refreshExpiresAt', 'user'] as const
const emptySession = (c: Ctx) => SESSION_KEYS.every((k) => c[k] === null)
const storeParams = (c: Ctx) => ({ token: c.token, expiresAt: c.expiresAt, refreshToken: c.refreshToken, refreshExpiresAt: c.refreshExpiresAt })

/** What a session that ended does: reset, cleared storage, the request aborted; on a protected page, said so and sent to login. */
function expectEnded(step: Step, page: Ctx['page'], leading: string[] = []) {
  expect(loggedOut(step.after)).toBe(true)
  expect(emptySession(ctx<Ctx>(step.after))).toBe(true)
  const effects = trace(step).filter((t) => !t.startsWith('stop:'))
  if (page.access === 'protected') {
    expect(effects).toEqual([...leading, 'clearStoredSession', 'reportExpired', 'toast', 'navigate'])
    expect(step.effects.find((e) => e.kind === 'action' && e.type === 'toast')).toMatchObject({ params: { kind: 'warning', key: 'session.expired' } })
    const to = page.href === '/ru/account' ? '/ru/login?redirect=%2Fru%2Faccount' : '(unexpected page)'
    expect(step.effects.find((e) => e.kind === 'action' && e.type === 'navigate')).toMatchObject({ params: { to } })
  } else {
    expect(effects).toEqual([...leading, 'clearStoredSession', 'reportExpired'])
  }
  expect(step.effects.find((e) => e.kind === 'action' && e.type === 'reportExpired')).toMatchObject({ params: { message: EXPIRED_MESSAGE } })
}

function action(step: Step, type: string) {
  return step.effects.find((e) => e.kind === 'action' && e.type === type) as { params: unknown; context: Ctx } | undefined
}

const before = (s: Step) => s.before!
const on = (type: string, state?: (s: Snap) => boolean) => (s: Step) => s.index > 0 && s.event.type === type && (!state || state(before(s)))

// --- properties -------------------------------------------------------------------------------

const properties: Property[] = [
  IGNORED_EVENTS_CHANGE_NOTHING,
  {
    name: 'busy exactly while a call runs: signing in, fetching the user, refreshing, renewing',
    requirement: 'R3.6',
    check: (s) => {
      expect(s.after.hasTag('busy')).toBe(busyState(s.after))
      expect(isBusy(s.after)).toBe(busyState(s.after))
      expect(isSettled(s.after)).toBe(!busyState(s.after))
      expect(isLoggedIn(s.after)).toBe(loggedIn(s.after))
    },
  },
  {
    name: 'logged out holds no session and remembers nothing (the root); logged in holds a token; the strategy is local',
    requirement: 'R2.17, R3.6, R4.14',
    check: (s) => {
      const c = ctx<Ctx>(s.after)
      expect(c.strategy).toBe('local')
      if (loggedOut(s.after)) {
        expect(emptySession(c)).toBe(true)
        expect(c.redirectTo).toBe('/')
      }
      if (loggedIn(s.after)) expect(typeof c.token).toBe('string')
    },
  },
  {
    name: 'at start the page is the one given, else an English public page at the root',
    requirement: 'R2.16',
    when: (s) => s.index === 0,
    check: (s) => expect(ctx<Ctx>(s.after).page).toEqual((s.input as AuthInput).page ?? { access: 'public', href: '/', locale: 'en' }),
  },
  {
    name: 'active only with a user and a token valid at the last check (500 ms margin)',
    requirement: 'R4.14, R4.15, R9.9',
    check: (s) => {
      if (!s.after.matches({ loggedIn: 'active' })) return
      const c = ctx<Ctx>(s.after)
      expect(c.user).not.toBeNull()
      expect(valid(c, c.now)).toBe(true)
    },
  },
  {
    name: 'the Authorization header and the analytics token and user id only while logged in',
    requirement: 'R3.5, R3.9, R4.15, R4.17, R6.3',
    check: (s) => {
      const c = ctx<Ctx>(s.after)
      const inSession = loggedIn(s.after)
      expect(selectAuthorization(s.after)).toBe(inSession ? `Bearer ${c.token}` : null)
      expect(selectAnalyticsToken(s.after)).toBe(inSession ? c.token : null)
      expect(selectAnalyticsUserId(s.after)).toBe(inSession && c.user ? String(c.user.id) : null)
      const status = !inSession ? 'unknown' : c.now < (c.expiresAt ?? 0) - 500 ? 'valid' : 'expired'
      expect(selectTokenStatus(s.after)).toBe(status)
    },
  },
  {
    name: 'at start: a token without expiry lives 1800 s and is stored back; a valid one with its user is active; a valid one without fetches the user; an expired one is refreshed or ends the session',
    requirement: 'R2.17, R4.15, R4.16, R8.8, R9.9',
    when: (s) => s.index === 0,
    check: (s) => {
      const input = s.input as AuthInput
      const c = ctx<Ctx>(s.after)
      if (!input.token) {
        expect(loggedOut(s.after)).toBe(true)
        expect(s.effects).toEqual([])
        return
      }
      const expiresAt = input.expiresAt ?? T0 + 1_800_000
      const refreshable = !!input.refreshToken && T0 < (input.refreshExpiresAt ?? 0) - 500
      if (T0 < expiresAt - 500) {
        expect(c.expiresAt).toBe(expiresAt)
        if (input.user) expect(s.after.matches({ loggedIn: 'active' })).toBe(true)
        else {
          expect(s.after.matches({ loggedIn: 'fetchingUser' })).toBe(true)
          expect(started(s, 'refreshUser')?.input).toEqual({ token: input.token })
        }
        if (input.expiresAt === null)
          expect(action(s, 'storeSession')?.params).toEqual({ token: input.token, expiresAt: T0 + 1_800_000, refreshToken: null, refreshExpiresAt: null })
        else expect(action(s, 'storeSession')).toBeUndefined()
      } else if (refreshable) {
        expect(s.after.matches({ loggedIn: 'refreshing' })).toBe(true)
        expect(started(s, 'refreshToken')?.input).toEqual({ refreshToken: input.refreshToken })
      } else {
        expectEnded(s, input.page ?? { access: 'public', href: '/', locale: 'en' })
      }
    },
  },
  {
    name: 'signing in: the credentials decide the call, with the code in Latin digits and the address trimmed',
    requirement: 'R1.5, R5.8, R7.2',
    when: on('auth.login', loggedOut),
    check: (s) => {
      const credentials = s.event.credentials as { kind: string; email?: string; code?: string; password?: string }
      const expected =
        credentials.kind === 'code'
          ? { id: 'verifyCode', input: { email: 'Player@Example.com', code: '123456' } }
          : credentials.kind === 'link'
            ? { id: 'signInByLink', input: { code: 'Gjfe9EOjfRS2zf18QKF0eXOTxDmSDq_zqLwlUHZ_u4k' } }
            : credentials.email === 'other@example.com'
              ? { id: 'confirmEmail', input: { email: 'other@example.com', code: '654321', password: 'correct horse' } }
              : { id: 'confirmEmail', input: { email: 'PLAYER@example.com', code: '654321', password: 'correct horse' } }
      expect(trace(s)).toEqual([`start:${expected.id}`])
      expect(started(s, expected.id)?.input).toEqual(expected.input)
      expect(s.after.hasTag('busy')).toBe(true)
    },
  },
  {
    name: "the login callback sends the provider's search params, exactly, to be verified",
    requirement: 'R2.2, R7.2',
    when: on('auth.callback', loggedOut),
    check: (s) => {
      expect(trace(s)).toEqual(['start:verifyCallback'])
      expect(started(s, 'verifyCallback')?.input).toEqual({ params: s.event.params })
    },
  },
  {
    name: 'a login remembers a safe local target, and anything else as the root',
    requirement: 'R2.17, R5.9',
    when: (s) => s.index > 0 && (s.event.type === 'auth.login' || s.event.type === 'auth.callback') && loggedOut(before(s)),
    check: (s) => {
      const target = s.event.redirectTo
      expect(ctx<Ctx>(s.after).redirectTo).toBe(target === '/ru/premium' || target === '/en/premium' ? target : '/')
    },
  },
  {
    name: 'a grant becomes the session: its lifetime in seconds, 1800 s without one; the user is fetched with the new token',
    requirement: 'R4.14, R7.2, R9.9',
    when: (s) =>
      s.index > 0 && /^xstate\.done\.actor\.(verifyCode|signInByLink|confirmEmail|verifyCallback)$/.test(s.event.type) && before(s).matches('loggingIn'),
    check: (s) => {
      const out = s.event.output as { token: string; expiresIn?: number; refreshToken?: string; refreshExpiresIn?: number }
      const c = ctx<Ctx>(s.after)
      const now = ctx<Ctx>(s.before).now
      expect(c.token).toBe(out.token)
      expect(c.expiresAt).toBe(now + (out.expiresIn ?? 1800) * 1000)
      expect(c.refreshToken).toBe(out.refreshToken ?? null)
      expect(c.refreshExpiresAt).toBe(out.refreshToken ? now + (out.refreshExpiresIn ?? 1800) * 1000 : null)
      expect(trace(s).filter((t) => t.startsWith('start:'))).toEqual(['start:fetchUser'])
      expect(started(s, 'fetchUser')?.input).toEqual({ token: out.token })
    },
  },
  {
    name: 'logged in once the user is fetched: the session stored, then the remembered target or the root, and a success toast says so',
    requirement: 'R2.17, R3.6, R4.14',
    when: on('xstate.done.actor.fetchUser', (b) => b.matches({ loggingIn: 'fetchingUser' })),
    check: (s) => {
      const b = ctx<Ctx>(s.before)
      expect(s.after.matches({ loggedIn: 'active' })).toBe(true)
      expect(ctx<Ctx>(s.after).user).toEqual(s.event.output)
      expect(trace(s).filter((t) => !t.startsWith('stop:'))).toEqual(['storeSession', 'navigate', 'toast'])
      expect(action(s, 'storeSession')?.params).toEqual(storeParams(b))
      expect(action(s, 'navigate')?.params).toEqual({ to: b.redirectTo })
      expect(action(s, 'toast')?.params).toEqual({ kind: 'success', key: 'session.signedIn' })
    },
  },
  {
    name: 'a failed sign-in: logged out, the error kept and logged, nothing stored, nowhere to go',
    requirement: 'R4.14, R8.8',
    when: (s) => s.index > 0 && /^xstate\.error\.actor\./.test(s.event.type) && before(s).matches('loggingIn'),
    check: (s) => {
      const message = (s.event.error as Error).message
      expect(loggedOut(s.after)).toBe(true)
      expect(ctx<Ctx>(s.after).error).toBe(message)
      const expected = s.event.type === 'xstate.error.actor.fetchUser' ? ['logError', 'clearStoredSession'] : ['logError']
      expect(trace(s).filter((t) => !t.startsWith('stop:'))).toEqual(expected)
      expect(action(s, 'logError')?.params).toEqual({ error: s.event.error })
    },
  },
  {
    name: 'sign-out asks the backend to end the session (every device when asked), clears the stored session, goes to the root and says which it did',
    requirement: 'R2.17, R7.3',
    when: on('auth.logout', loggedIn),
    check: (s) => {
      expect(loggedOut(s.after)).toBe(true)
      expect(emptySession(ctx<Ctx>(s.after))).toBe(true)
      expect(trace(s).filter((t) => !t.startsWith('stop:'))).toEqual(['endBackendSession', 'clearStoredSession', 'navigate', 'toast'])
      // The session that ends is the one the visitor had: its token and refresh token, taken before they are forgotten.
      const had = ctx<Ctx>(before(s))
      expect(action(s, 'endBackendSession')?.params).toEqual({
        token: had.token,
        refreshToken: had.refreshToken,
        everywhere: (s.event as { everywhere?: boolean }).everywhere === true,
      })
      expect(had.token).not.toBeNull()
      expect(action(s, 'navigate')?.params).toEqual({ to: '/' })
      // The page it lands on confirms it: all devices, or this browser.
      const everywhere = (s.event as { everywhere?: boolean }).everywhere === true
      expect(action(s, 'toast')?.params).toEqual({ kind: 'success', key: everywhere ? 'session.signedOutEverywhere' : 'session.signedOut' })
    },
  },
  {
    name: 'a token check: a valid token goes on; an expired one is refreshed when possible; otherwise the session ends',
    requirement: 'R4.15, R4.16, R8.8, R9.9',
    when: on('token.check', (b) => b.matches({ loggedIn: 'active' })),
    check: (s) => {
      const b = ctx<Ctx>(s.before)
      const now = s.event.now as number
      expect(ctx<Ctx>(s.after).now === now || loggedOut(s.after)).toBe(true)
      if (valid(b, now)) {
        expect(s.after.matches({ loggedIn: 'active' })).toBe(true)
        expect(s.effects).toEqual([])
      } else if (b.refreshToken && now < (b.refreshExpiresAt ?? 0) - 500) {
        expect(s.after.matches({ loggedIn: 'refreshing' })).toBe(true)
        expect(trace(s)).toEqual(['start:refreshToken'])
        expect(started(s, 'refreshToken')?.input).toEqual({ refreshToken: b.refreshToken })
      } else {
        expectEnded(s, b.page)
      }
    },
  },
  {
    name: 'a refresh stores the new pair and the session goes on, the user kept',
    requirement: 'R3.6, R4.15',
    when: on('xstate.done.actor.refreshToken', (b) => b.matches({ loggedIn: 'refreshing' })),
    check: (s) => {
      const b = ctx<Ctx>(s.before)
      const c = ctx<Ctx>(s.after)
      expect(s.after.matches({ loggedIn: 'active' })).toBe(true)
      expect([c.token, c.expiresAt, c.refreshToken, c.refreshExpiresAt]).toEqual(['fresh-token-0001', b.now + 3_600_000, 'refresh-0002', b.now + 172_800_000])
      expect(c.user).toEqual(b.user)
      expect(trace(s).filter((t) => !t.startsWith('stop:'))).toEqual(['storeSession'])
      expect(action(s, 'storeSession')?.params).toEqual(storeParams(c))
    },
  },
  {
    name: 'a refused refresh ends the session (and is logged)',
    requirement: 'R4.15, R4.16, R8.8',
    when: on('xstate.error.actor.refreshToken', (b) => b.matches({ loggedIn: 'refreshing' })),
    check: (s) => {
      expectEnded(s, ctx<Ctx>(s.before).page, ['logError'])
      expect(action(s, 'logError')?.params).toEqual({ error: s.event.error })
    },
  },
  {
    name: 'user.refresh fetches the user again with the token; the answer replaces the user',
    requirement: 'R3.5, R4.6, R4.21',
    when: (s) =>
      s.index > 0 &&
      ((s.event.type === 'user.refresh' && before(s).matches({ loggedIn: 'active' })) ||
        (s.event.type === 'xstate.done.actor.refreshUser' && before(s).matches({ loggedIn: 'fetchingUser' }))),
    check: (s) => {
      if (s.event.type === 'user.refresh') {
        expect(trace(s)).toEqual(['start:refreshUser'])
        expect(started(s, 'refreshUser')?.input).toEqual({ token: ctx<Ctx>(s.before).token })
      } else {
        expect(s.after.matches({ loggedIn: 'active' })).toBe(true)
        expect(ctx<Ctx>(s.after).user).toEqual(USER_AGAIN)
        expect(trace(s).filter((t) => !t.startsWith('stop:'))).toEqual([])
      }
    },
  },
  {
    name: 'a user that cannot be fetched again ends the session',
    requirement: 'R4.14',
    when: on('xstate.error.actor.refreshUser', (b) => b.matches({ loggedIn: 'fetchingUser' })),
    check: (s) => {
      expect(loggedOut(s.after)).toBe(true)
      expect(trace(s).filter((t) => !t.startsWith('stop:'))).toEqual(['logError', 'clearStoredSession'])
    },
  },
  {
    name: "signed in, only the account's own confirmation is taken (any case, trimmed): the session is renewed in place",
    requirement: 'R4.18, R6.4, decision 009',
    when: on('auth.login', (b) => b.matches({ loggedIn: 'active' })),
    check: (s) => {
      const credentials = s.event.credentials as { kind: string; email?: string }
      const user = ctx<Ctx>(s.before).user
      const own = credentials.kind === 'confirm' && user?.email !== null && credentials.email?.trim().toLowerCase() === 'player@example.com'
      if (own) {
        expect(s.after.matches({ loggedIn: 'renewing' })).toBe(true)
        expect(trace(s)).toEqual(['start:renew'])
        expect(started(s, 'renew')?.input).toEqual({ email: 'PLAYER@example.com', code: '654321', password: 'correct horse' })
      } else {
        expect(s.after.matches({ loggedIn: 'active' })).toBe(true)
        expect(s.effects).toEqual([])
      }
    },
  },
  {
    name: 'a renewal stores the new token and fetches the user; a failed one keeps the session and says why',
    requirement: 'R4.18',
    when: (s) => s.index > 0 && /^xstate\.(done|error)\.actor\.renew$/.test(s.event.type) && before(s).matches({ loggedIn: 'renewing' }),
    check: (s) => {
      const b = ctx<Ctx>(s.before)
      const c = ctx<Ctx>(s.after)
      if (s.event.type === 'xstate.done.actor.renew') {
        expect([c.token, c.expiresAt]).toEqual(['renewed-token-01', b.now + 3_600_000])
        expect(trace(s).filter((t) => !t.startsWith('stop:'))).toEqual(['storeSession', 'start:refreshUser'])
        expect(started(s, 'refreshUser')?.input).toEqual({ token: 'renewed-token-01' })
      } else {
        expect(s.after.matches({ loggedIn: 'active' })).toBe(true)
        expect([c.token, c.error]).toEqual([b.token, 'The code is incorrect.'])
        expect(trace(s).filter((t) => !t.startsWith('stop:'))).toEqual(['logError'])
      }
    },
  },
  {
    name: 'the page on show is remembered, in any state, with no side effect',
    requirement: 'R2.16, R4.16',
    when: (s) => s.index > 0 && s.event.type === 'page.changed',
    check: (s) => {
      expect(ctx<Ctx>(s.after).page).toEqual(s.event.page)
      expect(s.effects).toEqual([])
      expect(s.after.value).toEqual(before(s).value)
    },
  },
  {
    name: 'a stopped call stops its actor',
    requirement: 'decision 070',
    when: (s) => s.index > 0 && stops(s).length > 0,
    check: (s) => {
      for (const id of stops(s))
        expect(['verifyCode', 'signInByLink', 'confirmEmail', 'verifyCallback', 'fetchUser', 'refreshUser', 'renew', 'refreshToken']).toContain(id)
    },
  },
]

/**
 * Two snapshots are the same vertex of the graph when they agree on what decides the next step:
 * the state, the page's access rule, whether a user, a token and a refresh token are there, and
 * which of the visit's checks the last one was. (Messages and the exact tokens vary; the paths
 * through each such vertex are the same.)
 */
function serializeState(s: Snap): string {
  const c = ctx<Ctx>(s)
  const validAt = (expiresAt: number | null) => CHECKS.map((t) => expiresAt !== null && t < expiresAt - 500)
  return JSON.stringify([
    s.value,
    c.page.access,
    c.user !== null,
    c.token !== null && validAt(c.expiresAt),
    c.refreshToken !== null && validAt(c.refreshExpiresAt),
    CHECKS.filter((t) => t <= c.now).length,
    c.redirectTo,
  ])
}

export const authModel: MachineModel = {
  name: 'auth',
  machine: authMachine,
  inputs,
  events,
  serializeState,
  properties,
}
