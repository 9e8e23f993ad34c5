/**
 * The account page's first paint: the special offer (R7: GET /users/subscription/special),
 * fetched on the server with the visitor's session. A session the backend no longer knows
 * sends the visitor to login.
 */
import { createServerFn } from '@tanstack/react-start'
import { CONSTANTS, loadConfig } from '#config'
import { ApiError, createApi } from '#app/api/client.ts'
import type { SpecialOffer } from '#app/api/schemas.ts'
import { clearSessionCookies, serverSession } from './session.server.ts'
import { PageRequest } from '#app/site/page-request.ts'

export type AccountData = { status: 'ok'; offer: SpecialOffer['offer'] } | { status: 'unauthorized' } | { status: 'unavailable' }

export const getAccountData = createServerFn({ method: 'GET' })
  .validator(PageRequest)
  .handler(async ({ data }): Promise<AccountData> => {
    const config = loadConfig()
    const api = (token: string | null) => createApi({ base: config.apiBase, locale: data.locale, token: () => token, timeoutMs: CONSTANTS.serverBackendTimeoutMs })
    const session = await serverSession(api, { now: Date.now(), crossOrigin: config.cookiesCrossOrigin })
    if (!session) return { status: 'unauthorized' }
    try {
      const { offer } = await api(session.token).specialOffer()
      return { status: 'ok', offer }
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        clearSessionCookies()
        return { status: 'unauthorized' }
      }
      return { status: 'unavailable' }
    }
  })
