/**
 * The auth machine's context: how it begins, from the machine's input, and the actions of the
 * machine that change it (the actions outside the machine are the app's).
 */
import { assertEvent, assign } from 'xstate'
import { DEFAULT_LOCALE } from '#machines/rules/locale.ts'
import { safeRedirect } from '#machines/rules/redirect.ts'
import { restoredExpiresAt, tokenExpiresAt } from '#machines/rules/token.ts'
import type { AuthContext, AuthEvent, AuthInput, AuthUser, TokenGrant } from './auth-types.ts'
import { type ErrorParams, messageOf } from './shared.ts'

/**
 * The context the machine starts with: the session as stored (an expiry only with its token), on
 * a public page until the router says which page is on show.
 */
export function initialAuthContext({ input }: { input: AuthInput }): AuthContext {
  return {
    user: input.user ?? null,
    token: input.token ?? null,
    expiresAt: input.token ? (input.expiresAt ?? null) : null,
    refreshToken: input.refreshToken ?? null,
    refreshExpiresAt: input.refreshToken ? (input.refreshExpiresAt ?? null) : null,
    strategy: 'local',
    now: input.now,
    redirectTo: '/',
    error: null,
    page: input.page ?? { access: 'public', href: '/', locale: DEFAULT_LOCALE },
  }
}

/** An assignment to the auth machine's context; written outside `setup`, it names the context and events itself. */
const assignContext = assign<AuthContext, AuthEvent, undefined, AuthEvent, never>

/** The machine's own actions: each changes its context. */
export const authContextActions = {
  assignLoginRequest: assignContext(({ event }) => {
    assertEvent(event, ['auth.login', 'auth.callback'])
    return { now: event.now, redirectTo: safeRedirect(event.redirectTo), error: null }
  }),
  assignGrant: assign<AuthContext, AuthEvent, TokenGrant, AuthEvent, never>(({ context }, grant) => ({
    token: grant.token,
    expiresAt: tokenExpiresAt(context.now, grant.expiresIn),
    refreshToken: grant.refreshToken ?? context.refreshToken,
    refreshExpiresAt: grant.refreshToken ? tokenExpiresAt(context.now, grant.refreshExpiresIn) : context.refreshExpiresAt,
  })),
  assignUser: assign<AuthContext, AuthEvent, AuthUser, AuthEvent, never>((_, user) => ({ user })),
  assignNow: assignContext(({ event }) => {
    assertEvent(event, 'token.check')
    return { now: event.now }
  }),
  assignPage: assignContext(({ event }) => {
    assertEvent(event, 'page.changed')
    return { page: event.page }
  }),
  assignError: assign<AuthContext, AuthEvent, ErrorParams, AuthEvent, never>((_, params) => ({ error: messageOf(params.error) })),
  resetSession: assignContext({ user: null, token: null, expiresAt: null, refreshToken: null, refreshExpiresAt: null, redirectTo: '/' }),
  /** R9: a restored token without an expiry lives 1800 s from the request. */
  assignDefaultExpiry: assignContext(({ context }) => ({ expiresAt: restoredExpiresAt(context.token, null, context.now) })),
}
