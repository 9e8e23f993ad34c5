/**
 * R7: the auth machine's calls to the backend — verify a code, sign in by an e-mail's link,
 * confirm an e-mail, finish Steam's sign-in, fetch the user, refresh the token, end the session. The client
 * (ofetch and the response schemas) loads with the first call, not with the page.
 */
import { fromPromise } from 'xstate'
import type { Api, ApiOptions } from '#app/api/client.ts'
import type { TokenGrant as ApiTokenGrant } from '#app/api/schemas.ts'
import type { AuthUser, EndSessionParams, TokenGrant } from '#machines/auth-types.ts'
import type { Locale } from '#machines/rules/locale.ts'
import { readReferrerCode } from './referrer.ts'

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
    (await import('#app/api/client.ts')).createApi({
      base,
      locale,
      token: () => token,
      fallbackMessage,
      // R9.17: a sign-in carries the invitation this browser keeps.
      invitation: () => readReferrerCode(document.cookie),
    } satisfies ApiOptions)
  return {
    verifyCode: fromPromise<TokenGrant, { email: string; code: string }>(async ({ input }) => toGrant(await (await api()).verify(input))),
    signInByLink: fromPromise<TokenGrant, { code: string }>(async ({ input }) => toGrant(await (await api()).signInByCode(input.code))),
    confirmEmail: fromPromise<TokenGrant, { email: string; code: string; password: string }>(async ({ input }) => toGrant(await (await api()).confirm(input))),
    // Steam's answer goes through the site's server, which alone can read the browser's state cookie.
    verifyCallback: fromPromise<TokenGrant, { params: Record<string, string> }>(async ({ input }) => {
      const { finishSteamSignIn } = await import('./steam.functions.ts')
      const settled = await finishSteamSignIn({ data: { locale, params: input.params } })
      if ('error' in settled) throw new Error(settled.error)
      return toGrant(settled.grant)
    }),
    fetchUser: fromPromise<AuthUser, { token: string }>(async ({ input }) => (await (await api(input.token)).me()) as AuthUser),
    refreshToken: fromPromise<TokenGrant, { refreshToken: string }>(async ({ input }) => toGrant(await (await api()).refresh(input.refreshToken))),
  }
}

/**
 * R7.3: tells the backend a session is over (this device's, or every device's with `everywhere`,
 * which needs a live token). The one rule for it: the auth machine's action in the browser and
 * the sign-out form without JavaScript both end a session here. Local state is cleared by the
 * caller whatever this answers: a failure, or a backend without the call, is neither shown nor
 * thrown.
 */
export async function endSession(api: Pick<Api, 'logout' | 'logoutEverywhere'>, params: EndSessionParams): Promise<void> {
  if (!params.token && !params.refreshToken) return
  try {
    if (params.everywhere && params.token) await api.logoutEverywhere()
    else await api.logout(params.refreshToken)
  } catch {
    // The session ends here anyway; a backend that cannot end it lets it expire.
  }
}

/** The auth machine's `endBackendSession` action: `endSession` with a client that logs nothing. */
export async function endBackendSession({ base, locale }: Pick<AuthCallsOptions, 'base' | 'locale'>, params: EndSessionParams): Promise<void> {
  if (!params.token && !params.refreshToken) return
  const api = (await import('#app/api/client.ts')).createApi({ base, locale, token: () => params.token, log: () => {} })
  await endSession(api, params)
}
