import { useMemo } from 'react'
import { ExpiredAuthSessionError } from '#machines/rules/token'
import { selectAuthorization } from '#machines/auth'
import { getLocale } from '~/paraglide/runtime'
import { m } from '~/paraglide/messages'
import { AuthActor } from '~/components/auth-provider'
import { useSite } from '~/lib/use-site'
import type { Api } from './client'
import { lazyApi } from './lazy'

/**
 * The backend client for the browser. Before each request the auth machine checks the token
 * (spec 4): a valid token is attached; an expired one resets the session and the request is
 * aborted with ExpiredAuthSessionError. The client itself loads with the first call.
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
        token: () => {
          const before = auth.getSnapshot()
          if (!before.matches('loggedIn')) return null
          auth.send({ type: 'token.check', now: Date.now() })
          const after = auth.getSnapshot()
          const header = selectAuthorization(after)
          if (!header) throw new ExpiredAuthSessionError()
          return header.replace(/^Bearer /, '')
        },
      }),
    [auth, site.config.apiBrowserBase, locale],
  )
}
