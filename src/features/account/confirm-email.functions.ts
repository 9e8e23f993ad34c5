/**
 * R7: the e-mail confirmation by the link's code (POST /users/email/{code}), made by the
 * server while it renders the page, so the e-mailed link works without JavaScript. The
 * answer is the visitor's alone: never kept for another. Opened from another site, the page
 * asks the visitor to confirm with a button instead.
 */
import { createServerFn } from '@tanstack/react-start'
import { getRequestHeader, setResponseHeader } from '@tanstack/react-start/server'
import { type } from 'arktype'
import { pageApi, pageSession } from '#app/core/session.server.ts'
import { m } from '#app/paraglide/messages.js'
import { normalizeDigits } from '#machines/rules/digits.ts'
import { LOCALES } from '#machines/rules/locale.ts'
import { isOwnNavigation } from '#machines/rules/navigation.ts'

const ConfirmRequest = type({ locale: type.enumerated(...LOCALES), code: '0 < string <= 200' })

/** `ask`: the page was opened from another site; the visitor confirms with a button. */
export type ConfirmSettled = { result: { message: string } } | { error: string } | { ask: true }

export const confirmEmailByLink = createServerFn({ method: 'GET' })
  .validator(ConfirmRequest)
  .handler(async ({ data }): Promise<ConfirmSettled> => {
    setResponseHeader('cache-control', 'no-store')
    // R10.7: the page's own request during its render; a navigation inside the site asks from the page itself.
    if (!isOwnNavigation(getRequestHeader('sec-fetch-site'))) return { ask: true }
    // No answer, an HTML page or a body of the wrong shape: the visitor reads a plain sentence in the page's language.
    const api = pageApi(data.locale, () => m.notifications_errors_other({}, { locale: data.locale }))
    const session = await pageSession(api)
    try {
      // R5: a six-digit code typed into the address in Arabic-Indic digits goes as Latin digits.
      const answer = await api(session?.token ?? null).confirmEmail(normalizeDigits(data.code))
      return { result: { message: answer.message } }
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) }
    }
  })
