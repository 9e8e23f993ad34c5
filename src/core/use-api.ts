import { useMemo } from 'react'
import type { Api } from '#app/api/client.ts'
import { lazyApi } from '#app/api/lazy.ts'
import { AuthActor } from '#app/core/auth-actor.ts'
import { requestToken } from '#app/core/auth-client.ts'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'

/**
 * The backend client for the browser. Before each request the auth machine checks the token
 * (R4): a valid token is attached; an expired one is refreshed first, the request waiting;
 * when neither works the session is reset and the request aborted with ExpiredAuthSessionError.
 * The client itself loads with the first call.
 */
export function useApi(): Api {
  const auth = AuthActor.useActorRef()
  const site = useSite()
  const locale = getLocale()
  return useMemo(
    () =>
      lazyApi({
        base: site.config.apiBrowserBase,
        locale,
        // No answer, an HTML page or a body of the wrong shape: the visitor reads a plain sentence.
        fallbackMessage: () => m.notifications_errors_other(),
        token: () => requestToken(auth),
      }),
    [auth, site.config.apiBrowserBase, locale],
  )
}
