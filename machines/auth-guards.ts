/** The auth machine's guards: what its context, or the login at hand, allows next. */
import { assertEvent } from 'xstate'
import { sessionState } from '#machines/rules/access.ts'
import { credentialsOf } from './auth-params.ts'
import type { AuthContext, AuthEvent, AuthUser, Credentials } from './auth-types.ts'

/** Whether two addresses name the same account: the backend keeps them trimmed and lower-cased. */
export function sameAddress(typed: string, account: unknown): boolean {
  // Stryker disable next-line MethodExpression: both sides are compared in one case, upper or lower alike (decision 070)
  return typeof account === 'string' && typed.trim().toLowerCase() === account.toLowerCase()
}

const kindIs =
  (kind: Credentials['kind']) =>
  ({ event }: { event: AuthEvent }) => {
    assertEvent(event, 'auth.login')
    return event.credentials.kind === kind
  }

type Args = { context: AuthContext }

export const authGuards = {
  hasToken: ({ context }: Args) => Boolean(context.token),
  hasTokenWithoutExpiry: ({ context }: Args) => Boolean(context.token) && context.expiresAt === null,
  isCode: kindIs('code'),
  isLink: kindIs('link'),
  isConfirm: kindIs('confirm'),
  /** Confirming the signed-in account's own e-mail: the session is renewed in place. */
  isOwnConfirmation: ({ context, event }: { context: AuthContext; event: AuthEvent }) =>
    kindIs('confirm')({ event }) && sameAddress(credentialsOf<'confirm'>(event).email, (context.user as AuthUser).email),
  hasUser: ({ context }: Args) => context.user !== null,
  isTokenValid: ({ context }: Args) => sessionState(context, context.now) === 'signedIn',
  canRefreshToken: ({ context }: Args) => sessionState(context, context.now) === 'refreshable',
  isOnProtectedPage: ({ context }: Args) => context.page.access === 'protected',
}
