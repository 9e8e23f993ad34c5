/**
 * A form posted without JavaScript (decision 063), as its handler gets it and answers it. The
 * endpoint (`src/forms/form.server.ts`) reads the post and builds the backend client; each
 * feature answers its own forms (`*.form.server.ts`) with the page to go to, the outcome for it
 * (the flash) and the cookies to set. The pieces every handler shares are here: the backend's
 * words for a failure, the login page, a grant as the session cookies, the visitor's token.
 */
import { type Api, ApiError } from '#app/api/client.ts'
import type { TokenGrant } from '#app/api/schemas.ts'
import { sessionCookies } from '#app/core/auth-storage.ts'
import type { Flash } from '#app/core/flash.ts'
import { sessionFacts } from '#app/core/session.ts'
import { m } from '#app/paraglide/messages.js'
import { sessionState } from '#machines/rules/access.ts'
import { type Locale, localePath } from '#machines/rules/locale.ts'
import { safeRedirect } from '#machines/rules/redirect.ts'
import { tokenExpiresAt } from '#machines/rules/token.ts'

export interface Posted {
  /** The form's fields, each at most 2000 characters. */
  values: Record<string, string>
  locale: Locale
  origin: string
  cookieHeader: string | null
  crossOrigin: boolean
  /** The request's `Sec-GPC` and host (the cookie banner's answer). */
  gpcHeader: string | null
  host: string
}

/** Where the visitor goes next (303), with the outcome for that page and the cookies to set. */
export interface FormAnswer {
  to: string
  flash?: Flash
  cookies?: string[]
}

/** The backend client, with the visitor's token or none. */
export type ApiFactory = (token?: string | null) => Api

export type FormHandler = (posted: Posted, api: ApiFactory) => Promise<FormAnswer>

/** Handlers by form id (`/forms/<form id>`). */
export type FormHandlers = Readonly<Record<string, FormHandler>>

/** What the visitor reads of a failed call: the backend's own words for a refusal, else a plain sentence. */
export function failureMessage(error: unknown, locale: Locale): string {
  if (error instanceof ApiError && error.kind === 'http' && error.serverMessage) return error.serverMessage
  return m.notifications_errors_other({}, { locale })
}

/** The login page, with the target to go to once signed in. */
export function loginPage(locale: Locale, redirect: string | undefined): string {
  const path = localePath(locale, '/login')
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path
}

/** R2: a posted target, when it is one of the site's own paths. */
export function postedRedirect(value: string | undefined): string | undefined {
  return value ? safeRedirect(value, '') || undefined : undefined
}

/** R3, R9: a grant as the session cookies the auth machine would store. */
export function grantCookies(grant: TokenGrant, crossOrigin: boolean): string[] {
  const now = Date.now()
  return sessionCookies(
    {
      token: grant.token,
      expiresAt: tokenExpiresAt(now, grant.expires_in),
      refreshToken: grant.refresh_token ?? null,
      refreshExpiresAt: grant.refresh_token ? tokenExpiresAt(now, grant.refresh_expires_in) : null,
    },
    crossOrigin,
  )
}

/** The visitor's live token, or null. */
export function sessionToken(cookieHeader: string | null): string | null {
  const session = sessionFacts(cookieHeader)
  return sessionState(session, Date.now()) === 'signedIn' ? session.token : null
}
