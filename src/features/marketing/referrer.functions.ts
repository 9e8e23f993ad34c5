/**
 * R7: the join page's referral code, registered by the server while it renders the page
 * (so a join link works without JavaScript); a valid code is kept in the referrer cookie.
 */
import { createServerFn } from '@tanstack/react-start'
import { appendResponseHeader, setResponseHeader, setResponseStatus } from '@tanstack/react-start/server'
import { type } from 'arktype'
import { ApiError } from '#app/api/errors.ts'
import { referrerCookie } from '#app/core/referrer.ts'
import { pageApi } from '#app/core/session.server.ts'
import { m } from '#app/paraglide/messages.js'
import { loadConfig } from '#config'
import type { ReferrerResult } from '#machines/join.ts'
import { LOCALES } from '#machines/rules/locale.ts'
import { sanitizeReferrerCode } from '#machines/rules/referrer.ts'

const JoinRequest = type({ locale: type.enumerated(...LOCALES), code: 'string <= 200' })

export type JoinSettled = { result: ReferrerResult } | { error: string; status: number | null } | null

export const registerReferrer = createServerFn({ method: 'GET' })
  .validator(JoinRequest)
  .handler(async ({ data }): Promise<JoinSettled> => {
    const code = sanitizeReferrerCode(data.code)
    if (!code) return null
    // One visitor's registration, never a page for the next one.
    setResponseHeader('cache-control', 'no-store')
    const config = loadConfig()
    try {
      const answer = await pageApi(data.locale, () => m.notifications_errors_other({}, { locale: data.locale }))(null).registerReferrer(code)
      if (answer.valid) appendResponseHeader('set-cookie', referrerCookie(answer.code, config.cookiesCrossOrigin))
      // A code the backend does not know is no invitation: the page says so, answered 404.
      else setResponseStatus(404)
      return { result: { code: answer.code, valid: answer.valid } }
    } catch (error) {
      const status = error instanceof ApiError ? error.status : null
      if (status === 404) setResponseStatus(404)
      return { error: error instanceof Error ? error.message : String(error), status }
    }
  })
