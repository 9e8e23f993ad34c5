/**
 * The auth and locale machines of the story frame: the real machines with fake actors and
 * actions (`.provide()`), so that no sign-in, user fetch or message load reaches a server.
 */
import { fromPromise } from 'xstate'
import type { User } from '#app/api/schemas.ts'
import { notify } from '#app/core/toast.ts'
import { fetchValidationMessages, installValidationMessages } from '#app/core/validation-messages.ts'
import { createAuthMachine } from '#machines/auth.ts'
import type { AuthUser, TokenGrant } from '#machines/auth-types.ts'
import { createLocaleMachine, type LoadMessagesInput, type LoadValidationInput } from '#machines/locale.ts'
import { isLocale, type Locale } from '#machines/rules/locale.ts'
import { hang } from './fetch-mock.ts'
import type { SiteParameters } from './site-parameters.ts'

const WRONG_CODE = 'The code is wrong or has expired.'

/** Every sign-in of the stories: it hangs, fails with a wrong code, or signs in. */
function storyLogin<I>(params: SiteParameters) {
  return fromPromise<TokenGrant, I>(async () => {
    if (params.login === 'hang') return hang()
    if (params.login === 'wrong-code') throw new Error(WRONG_CODE)
    return { token: 'story-token', expiresIn: 3600 }
  })
}

/** The auth machine of a story: its sign-ins answer as `params.login` says, its user is `params.user` (or `user`). */
export function authLogic(params: SiteParameters, user: User) {
  return createAuthMachine({
    actors: {
      verifyCode: storyLogin<{ email: string; code: string }>(params),
      signInByLink: storyLogin<{ code: string }>(params),
      confirmEmail: storyLogin<{ email: string; code: string; password: string }>(params),
      verifyCallback: storyLogin<{ params: Record<string, string> }>(params),
      fetchUser: fromPromise<AuthUser, { token: string }>(async () => (params.userFetch === 'hang' ? hang() : ((params.user ?? user) as AuthUser))),
      refreshToken: fromPromise<TokenGrant, { refreshToken: string }>(async () => {
        throw new Error('No refresh tokens in stories')
      }),
    },
    actions: {
      storeSession: () => {},
      clearStoredSession: () => {},
      navigate: (_, to) => console.info('auth: navigate to', to),
      logError: (_, params) => console.info('auth: error', params.error),
      toast: (_, toast) => notify(toast),
      reportExpired: (_, params) => console.info('auth:', params.message),
    },
  })
}

/** The locale machine of a story: the messages are bundled; a switch of language calls `onChange`. */
export function localeLogic(onChange: (locale: Locale) => void) {
  return createLocaleMachine({
    actors: {
      loadMessages: fromPromise<unknown, LoadMessagesInput>(async ({ input }) => {
        if (!isLocale(input.locale)) throw new Error(`No messages for "${input.locale}"`)
        return input.locale
      }),
      loadValidationMessages: fromPromise<unknown, LoadValidationInput>(async ({ input }) => {
        installValidationMessages(await fetchValidationMessages(input.locale))
        return input.locale
      }),
    },
    actions: {
      storeLocaleCookie: () => {},
      // The site loads the other language's page; here the locale toolbar follows.
      navigate: (_, params) => {
        const locale = params.to.split('/')[1]
        if (isLocale(locale)) onChange(locale)
      },
      toast: (_, params) => notify(params),
      logError: (_, params) => console.info('locale: error', params.error),
    },
  })
}
