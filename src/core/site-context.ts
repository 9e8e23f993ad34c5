/**
 * What every page needs to know about the request it renders for: the host and its brand
 * (original or mirror domain), the origin for canonical URLs, the public configuration, and
 * the visitor's session with the user, so a logged-in first paint is already logged in.
 * Computed on the server once per document and carried to the browser by the root loader,
 * which serialises it into the page: so it holds the current brand only, never the other
 * brand's names, e-mail or host (decision 005).
 */
import { createServerFn } from '@tanstack/react-start'
import { appendResponseHeader, getRequestHeader, getRequestHost, getRequestProtocol } from '@tanstack/react-start/server'
import { ApiError } from '#app/api/client.ts'
import type { User } from '#app/api/schemas.ts'
import { clearFlashCookie, type Flash, readFlash } from '#app/core/flash.ts'
import { type HostDetectionInput, hostDetectionInput } from '#app/core/locale.ts'
import { clearSessionCookies, pageApi, pageSession, pageUser, type ServerSession } from '#app/core/session.server.ts'
import { type Brand, type BrandId, brandForHost, loadConfig, type PublicConfig, toPublicConfig } from '#config'
import { type ConsentChoice, sendsGpc } from '#machines/rules/consent.ts'
import { consentOf } from './cookies.ts'
import { PageRequest } from './page-request.ts'

export interface SiteContext {
  host: string
  origin: string
  brand: BrandId
  /** The request's brand: names, support e-mail, favicon, share image. */
  brandInfo: Brand
  config: PublicConfig
  /** R2: whether hosts are bound to locales and this host's locale, for the locale machine's detection. */
  localeHost?: HostDetectionInput
  /** The request time: the auth machine's first `now`, the same on server and client. */
  now: number
  session: ServerSession | null
  user: User | null
  /** What a form sent without JavaScript came back with (decision 063), read once. */
  flash: Flash | null
  /** The cookie choice of this version of the policy (null: the banner asks), and Global Privacy Control. */
  consent: { stored: ConsentChoice | null; gpc: boolean }
}

export const getSiteContext = createServerFn({ method: 'GET' })
  .validator(PageRequest)
  .handler(async ({ data }): Promise<SiteContext> => {
    const config = loadConfig()
    const host = getRequestHost({ xForwardedHost: true })
    const protocol = getRequestProtocol({ xForwardedProto: true }) === 'https' ? 'https' : 'http'
    const now = Date.now()
    const api = pageApi(data.locale)
    let session = await pageSession(api, now)
    let user: User | null = null
    if (session) {
      try {
        user = await pageUser(api, session)
      } catch (error) {
        // 401: the backend no longer knows the token, the visitor is a guest. Anything else: the
        // page still renders; the browser's auth machine fetches the user again.
        if (error instanceof ApiError && error.status === 401) {
          session = null
          clearSessionCookies()
        }
      }
    }
    const cookieHeader = getRequestHeader('cookie')
    const flash = readFlash(cookieHeader)
    if (flash) appendResponseHeader('set-cookie', clearFlashCookie(config.cookiesCrossOrigin))
    const brand = brandForHost(config, host)
    return {
      host,
      origin: `${protocol}://${host}`,
      brand,
      brandInfo: config.brands[brand],
      config: toPublicConfig(config, host),
      localeHost: hostDetectionInput(config.localeHosts, host),
      now,
      session,
      user,
      flash,
      consent: { stored: consentOf(cookieHeader), gpc: sendsGpc(getRequestHeader('sec-gpc')) },
    }
  })
