/**
 * The account page's first paint: the special offer (R7: GET /users/subscription/special) and
 * the payment history (GET /payments, an extension), fetched on the server with the visitor's
 * session. A session the backend no longer knows sends the visitor to login; a backend without
 * the history leaves it unavailable (null), and nothing else; the card on file (GET /payments/card)
 * likewise.
 */
import { createServerFn } from '@tanstack/react-start'
import { ApiError } from '#app/api/client.ts'
import type { PaymentEntry, Receipt, RenewalCardAnswer, SpecialOffer } from '#app/api/schemas.ts'
import { PageRequest } from '#app/core/page-request.ts'
import { clearSessionCookies, pageApi, pageSession } from '#app/core/session.server.ts'

export type AccountData =
  | {
      status: 'ok'
      offer: SpecialOffer['offer']
      payments: PaymentEntry[] | null
      /** The card on file; null when the backend cannot say (no such endpoint, or it failed). */
      renewalCard: RenewalCardAnswer | null
    }
  | { status: 'unauthorized' }
  | { status: 'unavailable' }

export const getAccountData = createServerFn({ method: 'GET' })
  .validator(PageRequest)
  .handler(async ({ data }): Promise<AccountData> => {
    const api = pageApi(data.locale)
    const session = await pageSession(api)
    if (!session) return { status: 'unauthorized' }
    try {
      const calls = api(session.token)
      // An extension the backend may lack answers null; only an ended session ends the page.
      const optional = <T>(call: Promise<T>): Promise<T | null> =>
        call.catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 401) throw error
          return null
        })
      const [{ offer }, history, renewalCard] = await Promise.all([calls.specialOffer(), optional(calls.payments()), optional(calls.renewalCard())])
      return { status: 'ok', offer, payments: history?.payments ?? null, renewalCard }
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        clearSessionCookies()
        return { status: 'unauthorized' }
      }
      return { status: 'unavailable' }
    }
  })

export type ReceiptData = { status: 'ok'; receipt: Receipt } | { status: 'unauthorized' } | { status: 'not_found' } | { status: 'unavailable' }

/** A receipt's page (issue 37): one of the visitor's paid payments (GET /payments/{id}/receipt, an extension). */
export const getReceiptData = createServerFn({ method: 'GET' })
  .validator(PageRequest.and({ id: /^\d{1,9}$/ }))
  .handler(async ({ data }): Promise<ReceiptData> => {
    const api = pageApi(data.locale)
    const session = await pageSession(api)
    if (!session) return { status: 'unauthorized' }
    try {
      return { status: 'ok', receipt: await api(session.token).receipt(data.id) }
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        clearSessionCookies()
        return { status: 'unauthorized' }
      }
      // Another user's payment, one never paid, or a backend without receipts: nothing to show.
      if (error instanceof ApiError && error.status === 404) return { status: 'not_found' }
      return { status: 'unavailable' }
    }
  })
