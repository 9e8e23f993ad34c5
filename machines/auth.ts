/**
 * Spec 3, 4, 8, 9: the session. Logged out, logging in, logged in; busy while a call runs.
 * The token status (unknown, valid, expired with a 500 ms margin) decides, on every
 * `token.check`, whether the request goes on with the token, waits for a refresh, or is
 * aborted with `ExpiredAuthSessionError` after the session is reset.
 *
 * Side effects only through the named actors and actions below; the app provides them.
 */
import { and, assign, fromPromise, setup } from 'xstate'
import {
  ExpiredAuthSessionError,
  analyticsToken,
  bearerHeader,
  canRefresh,
  restoredExpiresAt,
  tokenExpiresAt,
  tokenStatus,
  type TokenStatus,
} from './rules/token'
import { safeRedirect } from './rules/redirect'

/** Spec 3: the user is fetched as a whole object with an id. */
export interface AuthUser {
  id: string | number
  [key: string]: unknown
}

/** What the `login` and `refreshToken` actors answer. Expiries in seconds; none means 1800 s. */
export interface TokenGrant {
  token: string
  expiresIn?: number | null
  refreshToken?: string | null
  refreshExpiresIn?: number | null
}

export interface AuthSession {
  token: string
  expiresAt: number
  refreshToken: string | null
  refreshExpiresAt: number | null
}

export interface AuthInput {
  /** Read on the server from the `auth` cookie; null when absent. */
  token?: string | null
  expiresAt?: number | null
  refreshToken?: string | null
  refreshExpiresAt?: number | null
  /** The user when already known (else it is fetched when a token is present). */
  user?: AuthUser | null
  /** The request time, in milliseconds. */
  now: number
}

export interface AuthContext {
  user: AuthUser | null
  token: string | null
  expiresAt: number | null
  refreshToken: string | null
  refreshExpiresAt: number | null
  strategy: 'local'
  /** The time of the last check, from input or events. */
  now: number
  /** Where to go after login (a safe local path), else the root path. */
  redirectTo: string
  /** The message of the last auth error (logged, never thrown). */
  error: string | null
}

export type AuthEvent =
  /**
   * Spec 7: PATCH /users/verify with these credentials (or sign-in by code: the app's `login` actor decides).
   * While logged in, only credentials of the signed-in account's own e-mail are taken (e.g. confirming
   * it): the session is renewed with the new token and the user fetched again, without navigating.
   */
  | { type: 'auth.login'; credentials: unknown; now: number; redirectTo?: string | null }
  /** The login callback route received a token. */
  | { type: 'auth.callback'; token: string; expiresIn?: number | null; refreshToken?: string | null; refreshExpiresIn?: number | null; now: number; redirectTo?: string | null }
  /** Spec 7: logout makes no call. Spec 2: then the root path, unless a (safe, local) page to stay on is given. */
  | { type: 'auth.logout'; redirectTo?: string | null }
  /** Fetch the user again (e.g. after a payment). */
  | { type: 'user.refresh' }
  /** Before each request: is the token still good at `now`? */
  | { type: 'token.check'; now: number }

export interface StoreSessionParams extends AuthSession {}
export interface NavigateParams { to: string }
export interface LogErrorParams { error: unknown }
export interface AbortRequestParams { error: ExpiredAuthSessionError }

function notProvided(name: string): never {
  throw new Error(`auth: actor "${name}" not provided`)
}

function sessionParams({ context }: { context: AuthContext }): StoreSessionParams {
  return {
    token: context.token ?? '',
    expiresAt: context.expiresAt ?? 0,
    refreshToken: context.refreshToken,
    refreshExpiresAt: context.refreshExpiresAt,
  }
}
function afterLoginParams({ context }: { context: AuthContext }): NavigateParams {
  return { to: context.redirectTo }
}
function logoutParams({ event }: { event: AuthEvent }): NavigateParams {
  return { to: event.type === 'auth.logout' && event.redirectTo ? safeRedirect(event.redirectTo) : '/' }
}
function errorParams({ event }: { event: { error?: unknown } & { type: string } }): LogErrorParams {
  return { error: event.error }
}
function expiredParams(): AbortRequestParams {
  return { error: new ExpiredAuthSessionError() }
}
function tokenInput({ context }: { context: AuthContext }) {
  return { token: context.token ?? '' }
}
function refreshInput({ context }: { context: AuthContext }) {
  return { refreshToken: context.refreshToken ?? '' }
}
function credentialsInput({ event }: { event: AuthEvent }) {
  return { credentials: event.type === 'auth.login' ? event.credentials : undefined }
}

/** The e-mail that credentials name (lower-cased, trimmed), or null when they name none. */
export function credentialsEmail(credentials: unknown): string | null {
  const email = credentials && typeof credentials === 'object' ? (credentials as { email?: unknown }).email : undefined
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null
}
/** The signed-in user's e-mail (lower-cased, trimmed), or null. */
export function userEmail(user: AuthUser | null): string | null {
  return typeof user?.email === 'string' && user.email.trim() ? user.email.trim().toLowerCase() : null
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    tags: {} as 'busy',
  },
  actors: {
    /** Spec 7: PATCH /users/verify (or GET /users/auth/{code}); answers a token. */
    login: fromPromise<TokenGrant, { credentials: unknown }>(async () => notProvided('login')),
    /** Spec 7: GET /users/me with the given token; the whole answer is the user. */
    fetchUser: fromPromise<AuthUser, { token: string }>(async () => notProvided('fetchUser')),
    /** Exchanges the refresh token for a new token. */
    refreshToken: fromPromise<TokenGrant, { refreshToken: string }>(async () => notProvided('refreshToken')),
  },
  actions: {
    // --- context ---
    assignLoginRequest: assign(({ event }) => {
      if (event.type !== 'auth.login' && event.type !== 'auth.callback') return {}
      return { now: event.now, redirectTo: safeRedirect(event.redirectTo ?? '/'), error: null }
    }),
    assignCallbackToken: assign(({ event }) => {
      if (event.type !== 'auth.callback') return {}
      return {
        token: event.token,
        expiresAt: tokenExpiresAt(event.now, event.expiresIn),
        refreshToken: event.refreshToken ?? null,
        refreshExpiresAt: event.refreshToken ? tokenExpiresAt(event.now, event.refreshExpiresIn) : null,
      }
    }),
    assignGrant: assign(({ context }, grant: TokenGrant) => ({
      token: grant.token,
      expiresAt: tokenExpiresAt(context.now, grant.expiresIn),
      refreshToken: grant.refreshToken ?? context.refreshToken,
      refreshExpiresAt: grant.refreshToken ? tokenExpiresAt(context.now, grant.refreshExpiresIn) : context.refreshExpiresAt,
    })),
    assignUser: assign((_, user: AuthUser) => ({ user })),
    assignNow: assign(({ event }) => (event.type === 'token.check' ? { now: event.now } : {})),
    assignError: assign((_, params: LogErrorParams) => ({ error: params.error instanceof Error ? params.error.message : String(params.error) })),
    resetSession: assign({ user: null, token: null, expiresAt: null, refreshToken: null, refreshExpiresAt: null, redirectTo: '/' }),
    /** Spec 9: a restored token without an expiry lives 1800 s from the request. */
    assignDefaultExpiry: assign(({ context }) => ({ expiresAt: restoredExpiresAt(context.token, null, context.now) })),
    // --- side effects (provided by the app) ---
    /** Writes token and expiry (ms) under the `auth` prefix, in cookie and storage. */
    storeSession: (_, _params: StoreSessionParams) => {},
    /** Removes everything stored under the `auth` prefix. */
    clearStoredSession: () => {},
    navigate: (_, _params: NavigateParams) => {},
    /** Spec 8: other auth errors are logged, not thrown. */
    logError: (_, _params: LogErrorParams) => {},
    /** Spec 8: aborts the pending request with ExpiredAuthSessionError. */
    abortRequest: (_, _params: AbortRequestParams) => {},
  },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
    hasTokenWithoutExpiry: ({ context }) => Boolean(context.token) && context.expiresAt === null,
    /** The credentials name the signed-in account's own e-mail. */
    isSignedInAccount: ({ context, event }) =>
      event.type === 'auth.login' && userEmail(context.user) !== null && credentialsEmail(event.credentials) === userEmail(context.user),
    hasUser: ({ context }) => context.user !== null,
    isTokenValid: ({ context }) => tokenStatus(context.token, context.expiresAt, context.now) === 'valid',
    canRefreshToken: ({ context }) => canRefresh(context.refreshToken, context.refreshExpiresAt, context.now),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    user: input.user ?? null,
    token: input.token ?? null,
    expiresAt: input.token ? (input.expiresAt ?? null) : null,
    refreshToken: input.refreshToken ?? null,
    refreshExpiresAt: input.refreshToken ? (input.refreshExpiresAt ?? null) : null,
    strategy: 'local',
    now: input.now,
    redirectTo: '/',
    error: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        // Spec 9: the token is kept for 1800 s and that expiry is stored back, so the server and the page agree.
        { guard: 'hasTokenWithoutExpiry', target: 'loggedIn', actions: ['assignDefaultExpiry', { type: 'storeSession', params: sessionParams }] },
        { guard: 'hasToken', target: 'loggedIn' },
        { target: 'loggedOut' },
      ],
    },
    loggedOut: {
      on: {
        'auth.login': { target: 'loggingIn', actions: 'assignLoginRequest' },
        'auth.callback': { target: 'loggingIn.fetchingUser', actions: ['assignLoginRequest', 'assignCallbackToken'] },
      },
    },
    loggingIn: {
      tags: 'busy',
      initial: 'verifying',
      states: {
        verifying: {
          invoke: {
            id: 'login',
            src: 'login',
            input: credentialsInput,
            onDone: { target: 'fetchingUser', actions: { type: 'assignGrant', params: ({ event }) => event.output } },
            onError: {
              target: '#auth.loggedOut',
              actions: [{ type: 'assignError', params: errorParams }, { type: 'logError', params: errorParams }, 'resetSession'],
            },
          },
        },
        fetchingUser: {
          invoke: {
            id: 'fetchUser',
            src: 'fetchUser',
            input: tokenInput,
            onDone: {
              target: '#auth.loggedIn.active',
              actions: [
                { type: 'assignUser', params: ({ event }) => event.output },
                { type: 'storeSession', params: sessionParams },
                { type: 'navigate', params: afterLoginParams },
              ],
            },
            onError: {
              target: '#auth.loggedOut',
              actions: [{ type: 'assignError', params: errorParams }, { type: 'logError', params: errorParams }, 'resetSession', 'clearStoredSession'],
            },
          },
        },
      },
    },
    loggedIn: {
      initial: 'validating',
      on: {
        'auth.logout': { target: 'loggedOut', actions: ['resetSession', 'clearStoredSession', { type: 'navigate', params: logoutParams }] },
      },
      states: {
        validating: {
          always: [
            { guard: and(['isTokenValid', 'hasUser']), target: 'active' },
            { guard: 'isTokenValid', target: 'fetchingUser' },
            { guard: 'canRefreshToken', target: 'refreshing' },
            {
              target: '#auth.loggedOut',
              actions: ['resetSession', 'clearStoredSession', { type: 'abortRequest', params: expiredParams }],
            },
          ],
        },
        active: {
          on: {
            'token.check': { target: 'validating', actions: 'assignNow' },
            'user.refresh': { target: 'fetchingUser' },
            // Credentials of another account are not taken while logged in: the visitor signs out first.
            'auth.login': { guard: 'isSignedInAccount', target: 'renewing', actions: 'assignLoginRequest' },
          },
        },
        renewing: {
          tags: 'busy',
          invoke: {
            id: 'renew',
            src: 'login',
            input: credentialsInput,
            onDone: {
              target: 'fetchingUser',
              actions: [{ type: 'assignGrant', params: ({ event }) => event.output }, { type: 'storeSession', params: sessionParams }],
            },
            // The session in use is still good: it stays, the error is kept for the form.
            onError: { target: 'active', actions: [{ type: 'assignError', params: errorParams }, { type: 'logError', params: errorParams }] },
          },
        },
        refreshing: {
          tags: 'busy',
          invoke: {
            id: 'refreshToken',
            src: 'refreshToken',
            input: refreshInput,
            onDone: {
              target: 'validating',
              actions: [{ type: 'assignGrant', params: ({ event }) => event.output }, { type: 'storeSession', params: sessionParams }],
            },
            onError: {
              target: '#auth.loggedOut',
              actions: [
                { type: 'logError', params: errorParams },
                'resetSession',
                'clearStoredSession',
                { type: 'abortRequest', params: expiredParams },
              ],
            },
          },
        },
        fetchingUser: {
          tags: 'busy',
          invoke: {
            id: 'refreshUser',
            src: 'fetchUser',
            input: tokenInput,
            onDone: { target: 'active', actions: { type: 'assignUser', params: ({ event }) => event.output } },
            onError: {
              target: '#auth.loggedOut',
              actions: [{ type: 'assignError', params: errorParams }, { type: 'logError', params: errorParams }, 'resetSession', 'clearStoredSession'],
            },
          },
        },
      },
    },
  },
})

export type AuthMachine = typeof authMachine
type AuthSnapshotLike = { matches: (value: 'loggedIn') => boolean; context: AuthContext; hasTag: (tag: 'busy') => boolean }

/** Spec 3: `loggedIn`. */
export function isLoggedIn(snapshot: AuthSnapshotLike): boolean {
  return snapshot.matches('loggedIn')
}
/** Spec 3: `busy`. */
export function isBusy(snapshot: AuthSnapshotLike): boolean {
  return snapshot.hasTag('busy')
}
/** Spec 4: the token status at the last check (`unknown` while logged out). */
export function selectTokenStatus(snapshot: AuthSnapshotLike): TokenStatus {
  return snapshot.matches('loggedIn') ? tokenStatus(snapshot.context.token, snapshot.context.expiresAt, snapshot.context.now) : 'unknown'
}
/** Spec 4, 6: the Authorization header for requests, only when logged in. */
export function selectAuthorization(snapshot: AuthSnapshotLike): string | null {
  return snapshot.matches('loggedIn') ? bearerHeader(snapshot.context.token) : null
}
/** Spec 3: the analytics payload's token. */
export function selectAnalyticsToken(snapshot: AuthSnapshotLike): string | null {
  return analyticsToken(snapshot.matches('loggedIn'), snapshot.context.token)
}
