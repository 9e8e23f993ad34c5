/**
 * R7: the auth machine's calls to the backend — verify a code, sign in by an e-mail's link,
 * confirm an e-mail, finish Steam's sign-in, fetch the user, refresh the token. The client
 * (ofetch and the response schemas) loads with the first call, not with the page.
 */
import { fromPromise } from 'xstate'
import type { ApiOptions } from '#app/api/client.ts'
import type { TokenGrant as ApiTokenGrant } from '#app/api/schemas.ts'
import type { AuthUser, TokenGrant } from '#machines/auth.ts'
import type { Locale } from '#machines/rules/locale.ts'

function toGrant(grant: ApiTokenGrant): TokenGrant {
  return {
    token: grant.token,
    expiresIn: grant.expires_in ?? null,
    refreshToken: grant.refresh_token ?? null,
    refreshExpiresIn: grant.refresh_expires_in ?? null,
  }
}

export interface AuthCallsOptions {
  base: string
  locale: Locale
  /** A failure without the backend's own message reads as this plain sentence. */
  fallbackMessage: () => string
}

/** The auth machine's actors, for `authMachine.provide({ actors })`. */
export function authCalls({ base, locale, fallbackMessage }: AuthCallsOptions) {
  const api = async (token: string | null = null) =>
    (await import('#app/api/client.ts')).createApi({ base, locale, token: () => token, fallbackMessage } satisfies ApiOptions)
  return {
    verifyCode: fromPromise<TokenGrant, { email: string; code: string }>(async ({ input }) => toGrant(await (await api()).verify(input))),
    signInByLink: fromPromise<TokenGrant, { code: string }>(async ({ input }) => toGrant(await (await api()).signInByCode(input.code))),
    confirmEmail: fromPromise<TokenGrant, { email: string; code: string; password: string }>(async ({ input }) => toGrant(await (await api()).confirm(input))),
    verifyCallback: fromPromise<TokenGrant, { params: Record<string, string> }>(async ({ input }) => toGrant(await (await api()).authCallback(input.params))),
    fetchUser: fromPromise<AuthUser, { token: string }>(async ({ input }) => (await (await api(input.token)).me()) as AuthUser),
    refreshToken: fromPromise<TokenGrant, { refreshToken: string }>(async ({ input }) => toGrant(await (await api()).refresh(input.refreshToken))),
  }
}
