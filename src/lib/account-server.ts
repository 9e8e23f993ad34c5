/**
 * The account page's first paint: the special offer (spec 7: GET /users/subscription/special),
 * fetched on the server with the visitor's session. A session the backend no longer knows
 * sends the visitor to login.
 */
import { createServerFn } from '@tanstack/react-start'
import { getRequestHeader } from '@tanstack/react-start/server'
import { CONSTANTS, loadConfig } from '../../app.config'
import { ApiError, createApi } from '~/api/client'
import type { SpecialOffer } from '~/api/schemas'
import { sessionFromCookieHeader } from './session'
import { clearSessionCookies } from './session-server'
import { PageRequest } from './page-request'

export type AccountData = { status: 'ok'; offer: SpecialOffer['offer'] } | { status: 'unauthorized' } | { status: 'unavailable' }

export const getAccountData = createServerFn({ method: 'GET' })
  .validator(PageRequest)
  .handler(async ({ data }): Promise<AccountData> => {
    const session = sessionFromCookieHeader(getRequestHeader('cookie'), Date.now())
    if (!session.loggedIn || !session.token) return { status: 'unauthorized' }
    const token = session.token
    try {
      const { offer } = await createApi({ base: loadConfig().apiBase, locale: data.locale, token: () => token, timeoutMs: CONSTANTS.serverBackendTimeoutMs }).specialOffer()
      return { status: 'ok', offer }
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        clearSessionCookies()
        return { status: 'unauthorized' }
      }
      return { status: 'unavailable' }
    }
  })
