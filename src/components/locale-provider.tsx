import { createActorContext } from '@xstate/react'
import { useMemo, type ReactNode } from 'react'
import { fromPromise } from 'xstate'
import { localeMachine, type LoadMessagesInput, type LoadValidationInput } from '#machines/locale'
import { isLocale } from '#machines/rules/locale'
import { getLocale } from '~/paraglide/runtime'
import { localeCookie } from '~/lib/locale'
import { notify } from '~/lib/toast'
import { useSite } from '~/lib/use-site'

export const LocaleActor = createActorContext(localeMachine)

/**
 * The locale machine with the site's side effects (spec 2, 4): the page's messages are
 * compiled into the bundle per locale (there is nothing to fetch, see
 * docs/decisions/008-locale-loading.md); the validation messages are a file per language.
 * A change stores the cookie, loads, then loads the locale's page as a new document.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const site = useSite()
  const crossOrigin = site.config.cookiesCrossOrigin
  const logic = useMemo(
    () =>
      localeMachine.provide({
        actors: {
          loadMessages: fromPromise<unknown, LoadMessagesInput>(async ({ input }) => {
            if (!isLocale(input.locale)) throw new Error(`No messages for "${input.locale}"`)
            return input.locale
          }),
          loadValidationMessages: fromPromise<unknown, LoadValidationInput>(async ({ input }) => {
            // Loaded on demand: the rules and their schemas stay out of the page's first JavaScript.
            const { fetchValidationMessages, installValidationMessages } = await import('~/lib/forms/messages')
            installValidationMessages(await fetchValidationMessages(input.locale))
            return input.locale
          }),
        },
        actions: {
          storeLocaleCookie: (_, params) => {
            document.cookie = localeCookie(params.locale, crossOrigin)
          },
          navigate: (_, params) => window.location.assign(params.to),
          toast: (_, params) => notify({ kind: params.kind, key: params.key }),
          logError: (_, params) => console.error('locale:', params.error),
        },
      }),
    [crossOrigin],
  )
  return (
    <LocaleActor.Provider logic={logic} options={{ input: { urlLocale: getLocale(), messageSet: site.brand } }}>
      {children}
    </LocaleActor.Provider>
  )
}
