/**
 * R2, R3, R4, R7, R8, R9: the session. Logged out, logging in, logged in; busy while a call runs.
 *
 * - Signing in: the kind of credentials decides the call (an e-mailed code, the e-mailed link,
 *   the e-mail confirmation, the login callback of an external provider); then the user is
 *   fetched, the session stored, and the visitor goes to the remembered target or the root.
 * - Before each request (`token.check`) the token status (unknown, valid, expired with a 500 ms
 *   margin) decides: go on, refresh first (the request waits), or reset the session and abort.
 *   On a protected page an ended session also says so and sends the visitor to login, the page
 *   remembered.
 * - The access rule of the route guards (`sessionState`, `accessDecision`) is the one its guards
 *   ask, about the same stored session.
 *
 * Side effects only through the named actors and actions below; the app provides them.
 */
import { and, fromPromise, setup } from 'xstate'
import { SIGNED_IN_TOAST, type ToastParams } from '#machines/rules/toast.ts'
import { authContextActions, initialAuthContext } from './auth-context.ts'
import { authGuards } from './auth-guards.ts'
import {
  afterLoginParams,
  callbackInput,
  codeInput,
  confirmInput,
  endSessionParams,
  expiredParams,
  linkInput,
  loginParams,
  refreshInput,
  sessionExpiredToast,
  sessionParams,
  signedOutToast,
  tokenInput,
} from './auth-params.ts'
import type { AuthContext, AuthEvent, AuthInput, AuthUser, EndSessionParams, ExpiredParams, StoreSessionParams, TokenGrant } from './auth-types.ts'
import { assignAndLogError, type ErrorParams, errorParams, type MachineEffects, type NavigateParams, notProvided, outputParams } from './shared.ts'

/** R8: a sign-in failed: the error is kept and logged, and nothing of a session stays. */
const signInFailed = { target: '#auth.loggedOut', actions: [...assignAndLogError, 'resetSession'] } as const
/** The user could not be fetched: the error is kept and logged, and the session is over (stored one too). */
const userFailed = { target: '#auth.loggedOut', actions: [...assignAndLogError, 'resetSession', 'clearStoredSession'] } as const
/** A new token pair: kept, and stored with its expiry. */
const storeGrant = [
  { type: 'assignGrant', params: outputParams },
  { type: 'storeSession', params: sessionParams },
] as const
/** R8: the session is over: forgotten here and in storage, and the request that found it aborted. */
const endSession = ['resetSession', 'clearStoredSession', { type: 'reportExpired', params: expiredParams }] as const
/** R2: on a protected page the visitor is also told, and sent to login with the page remembered. */
const toLogin = [
  { type: 'toast', params: sessionExpiredToast },
  { type: 'navigate', params: loginParams },
] as const

/**
 * The auth machine's effects, as the machine defines them: each call fails and each action does
 * nothing until the app gives its own (`createAuthMachine(effects)`).
 */
const authActors = {
  /** R7: PATCH /users/verify with an e-mail and its 6-digit code. */
  verifyCode: fromPromise<TokenGrant, { email: string; code: string }>(async () => notProvided('auth', 'verifyCode')),
  /** R7: GET /users/auth/{code}. */
  signInByLink: fromPromise<TokenGrant, { code: string }>(async () => notProvided('auth', 'signInByLink')),
  /** R7: POST /users/confirm. */
  confirmEmail: fromPromise<TokenGrant, { email: string; code: string; password: string }>(async () => notProvided('auth', 'confirmEmail')),
  /** R7: GET /users/auth with the provider's search params. */
  verifyCallback: fromPromise<TokenGrant, { params: Record<string, string> }>(async () => notProvided('auth', 'verifyCallback')),
  /** R7: GET /users/me with the given token; the whole answer is the user. */
  fetchUser: fromPromise<AuthUser, { token: string }>(async () => notProvided('auth', 'fetchUser')),
  /** R4: exchanges the refresh token for a new pair. */
  refreshToken: fromPromise<TokenGrant, { refreshToken: string }>(async () => notProvided('auth', 'refreshToken')),
}
// Stryker disable next-line ObjectLiteral: an action the machine does not know does nothing, as these do; they declare the actions and their params for the compiler (decision 070)
const authEffectActions = {
  /** Writes token, expiry (ms), refresh token and its expiry under the `auth` prefix, in cookie and storage. */
  storeSession: (_: unknown, _params: StoreSessionParams) => {},
  /** Removes everything stored under the `auth` prefix. */
  clearStoredSession: () => {},
  navigate: (_: unknown, _params: NavigateParams) => {},
  toast: (_: unknown, _params: ToastParams) => {},
  /** R8: other auth errors are logged, not thrown. */
  logError: (_: unknown, _params: ErrorParams) => {},
  /** R8: the session is over; the request that found it is aborted (with ExpiredAuthSessionError). */
  reportExpired: (_: unknown, _params: ExpiredParams) => {},
  /** R7.3: asks the backend to end the session (its answer is not waited for: local state is cleared anyway). */
  endBackendSession: (_: unknown, _params: EndSessionParams) => {},
}

/** What the app gives the auth machine: its backend calls and its actions outside the machine. */
export type AuthEffects = MachineEffects<typeof authActors, typeof authEffectActions>

/**
 * The auth machine, with the app's effects when given. The browser builds it once, with its
 * effects, when the page's provider first renders; `authMachine` is the machine as defined
 * (the tests, the server). Building a machine makes every state node: done at module level in
 * the browser, it lengthened the one task that runs the page's first JavaScript (decision 022).
 */
export function createAuthMachine(effects: AuthEffects = {}) {
  return setup({
    // Stryker disable next-line ObjectLiteral: the types only exist for the compiler (decision 070)
    types: {
      context: {} as AuthContext,
      events: {} as AuthEvent,
      input: {} as AuthInput,
      tags: {} as 'busy',
    },
    actors: { ...authActors, ...effects.actors },
    actions: { ...authContextActions, ...authEffectActions, ...effects.actions },
    guards: authGuards,
  }).createMachine({
    id: 'auth',
    context: initialAuthContext,
    on: {
      'page.changed': { actions: 'assignPage' },
    },
    initial: 'restoring',
    states: {
      restoring: {
        always: [
          // R9: the token is kept for 1800 s and that expiry is stored back, so the server and the page agree.
          { guard: 'hasTokenWithoutExpiry', actions: ['assignDefaultExpiry', { type: 'storeSession', params: sessionParams }] },
          { guard: 'hasToken', target: 'loggedIn' },
          { target: 'loggedOut' },
        ],
      },
      loggedOut: {
        on: {
          'auth.login': [
            { guard: 'isCode', target: 'loggingIn.code', actions: 'assignLoginRequest' },
            { guard: 'isLink', target: 'loggingIn.link', actions: 'assignLoginRequest' },
            // Stryker disable next-line StringLiteral: the third of three kinds, reached only when the credentials are a confirmation (decision 070)
            { guard: 'isConfirm', target: 'loggingIn.confirm', actions: 'assignLoginRequest' },
          ],
          'auth.callback': { target: 'loggingIn.callback', actions: 'assignLoginRequest' },
        },
      },
      loggingIn: {
        tags: 'busy',
        // Always entered at the step the credentials name; `code` is only the required default.
        initial: 'code',
        states: {
          code: {
            invoke: {
              id: 'verifyCode',
              src: 'verifyCode',
              input: codeInput,
              onDone: { target: 'fetchingUser', actions: { type: 'assignGrant', params: outputParams } },
              onError: signInFailed,
            },
          },
          link: {
            invoke: {
              id: 'signInByLink',
              src: 'signInByLink',
              input: linkInput,
              onDone: { target: 'fetchingUser', actions: { type: 'assignGrant', params: outputParams } },
              onError: signInFailed,
            },
          },
          confirm: {
            invoke: {
              id: 'confirmEmail',
              src: 'confirmEmail',
              input: confirmInput,
              onDone: { target: 'fetchingUser', actions: { type: 'assignGrant', params: outputParams } },
              onError: signInFailed,
            },
          },
          callback: {
            invoke: {
              id: 'verifyCallback',
              src: 'verifyCallback',
              input: callbackInput,
              onDone: { target: 'fetchingUser', actions: { type: 'assignGrant', params: outputParams } },
              onError: signInFailed,
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
                  { type: 'assignUser', params: outputParams },
                  { type: 'storeSession', params: sessionParams },
                  { type: 'navigate', params: afterLoginParams },
                  { type: 'toast', params: SIGNED_IN_TOAST },
                ],
              },
              onError: userFailed,
            },
          },
        },
      },
      loggedIn: {
        initial: 'validating',
        on: {
          'auth.logout': {
            target: 'loggedOut',
            actions: [
              { type: 'endBackendSession', params: endSessionParams },
              'resetSession',
              'clearStoredSession',
              { type: 'navigate', params: { to: '/' } },
              { type: 'toast', params: signedOutToast },
            ],
          },
        },
        states: {
          validating: {
            always: [
              { guard: and(['isTokenValid', 'hasUser']), target: 'active' },
              { guard: 'isTokenValid', target: 'fetchingUser' },
              { guard: 'canRefreshToken', target: 'refreshing' },
              { guard: 'isOnProtectedPage', target: '#auth.loggedOut', actions: [...endSession, ...toLogin] },
              { target: '#auth.loggedOut', actions: endSession },
            ],
          },
          active: {
            on: {
              'token.check': { target: 'validating', actions: 'assignNow' },
              'user.refresh': { target: 'fetchingUser' },
              // Only the signed-in account's own confirmation is taken while logged in: the visitor signs out first for another.
              'auth.login': { guard: 'isOwnConfirmation', target: 'renewing', actions: 'assignLoginRequest' },
            },
          },
          renewing: {
            tags: 'busy',
            invoke: {
              id: 'renew',
              src: 'confirmEmail',
              input: confirmInput,
              onDone: { target: 'fetchingUser', actions: storeGrant },
              // The session in use is still good: it stays, the error is kept for the form.
              onError: { target: 'active', actions: assignAndLogError },
            },
          },
          refreshing: {
            tags: 'busy',
            invoke: {
              id: 'refreshToken',
              src: 'refreshToken',
              input: refreshInput,
              onDone: { target: 'validating', actions: storeGrant },
              onError: [
                { guard: 'isOnProtectedPage', target: '#auth.loggedOut', actions: [{ type: 'logError', params: errorParams }, ...endSession, ...toLogin] },
                { target: '#auth.loggedOut', actions: [{ type: 'logError', params: errorParams }, ...endSession] },
              ],
            },
          },
          fetchingUser: {
            tags: 'busy',
            invoke: {
              id: 'refreshUser',
              src: 'fetchUser',
              input: tokenInput,
              onDone: { target: 'active', actions: { type: 'assignUser', params: outputParams } },
              onError: userFailed,
            },
          },
        },
      },
    },
  })
}

/** The auth machine as defined: its calls fail and its effects do nothing. */
export const authMachine = /* @__PURE__ */ createAuthMachine()

export type AuthMachine = ReturnType<typeof createAuthMachine>
