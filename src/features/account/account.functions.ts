/**
 * The account page's first paint: the special offer (R7: GET /users/subscription/special),
 * fetched on the server with the visitor's session. A session the backend no longer knows
 * sends the visitor to login.
 */
import { createServerFn } from '@tanstack/react-start'
import { ApiError } from '#app/api/client.ts'
import type { SpecialOffer } from '#app/api/schemas.ts'
import { PageRequest } from '#app/site/page-request.ts'
import { clearSessionCookies, pageApi, pageSession } from './session.server.ts'

export type AccountData = { status: 'ok'; offer: SpecialOffer['offer'] } | { status: 'unauthorized' } | { status: 'unavailable' }

export const getAccountData = createServerFn({ method: 'GET' })
  .validator(PageRequest)
  .handler(async ({ data }): Promise<AccountData> => {
    const api = pageApi(data.locale)
    const session = await pageSession(api)
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
