/**
 * R7: the e-mail confirmation by the link's code (POST /users/email/{code}), made by the
 * server while it renders the page, so the e-mailed link works without JavaScript. The
 * answer is the visitor's alone: never kept for another.
 */
import { createServerFn } from '@tanstack/react-start'
import { setResponseHeader } from '@tanstack/react-start/server'
import { type } from 'arktype'
import { CONSTANTS, loadConfig } from '#config'
import { normalizeDigits } from '#machines/rules/digits.ts'
import { LOCALES } from '#machines/rules/locale.ts'
import { createApi } from '#app/api/client.ts'
import { m } from '#app/paraglide/messages.js'
import { serverSession } from './session.server.ts'

const ConfirmRequest = type({ locale: type.enumerated(...LOCALES), code: '0 < string <= 200' })

export type ConfirmSettled = { result: { message: string } } | { error: string }

export const confirmEmailByLink = createServerFn({ method: 'GET' })
  .validator(ConfirmRequest)
  .handler(async ({ data }): Promise<ConfirmSettled> => {
    setResponseHeader('cache-control', 'no-store')
    const config = loadConfig()
    const api = (token: string | null) => createApi({
        base: config.apiBase,
        locale: data.locale,
        token: () => token,
        timeoutMs: CONSTANTS.serverBackendTimeoutMs,
        // No answer, an HTML page or a body of the wrong shape: the visitor reads a plain sentence in the page's language.
        fallbackMessage: () => m.notifications_errors_other({}, { locale: data.locale }),
      })
    const session = await serverSession(api, { now: Date.now(), crossOrigin: config.cookiesCrossOrigin })
    try {
      // R5: a six-digit code typed into the address in Arabic-Indic digits goes as Latin digits.
      const answer = await api(session?.token ?? null).confirmEmail(normalizeDigits(data.code))
      return { result: { message: answer.message } }
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) }
    }
  })
