/**
 * R2, R7, R10.6: the site's side of "Sign in with Steam". Starting it stores a random state in a
 * cookie of this browser only and sends the visitor to the provider with that state in
 * `return_to`; finishing it takes the provider's answer only when it came back with the state this
 * browser's cookie holds, uses the cookie up, and then hands the answer to the backend. An answer
 * made for another browser (a login CSRF: an attacker's own Steam answer opened in a victim's
 * browser) finds no state or another one and is refused as a tampered answer is.
 */
import { randomBytes } from 'node:crypto'
import { COOKIES, cookieAttributes, readCookie } from '#app/core/cookies.ts'
import { type Locale, localePath } from '#machines/rules/locale.ts'
import { OPENID_STATE_MAX_AGE_SECONDS, OPENID_STATE_PARAM, openIdReturnTo, openIdStateMatches, steamSignInUrl } from './openid.ts'

/**
 * The state cookie: HttpOnly (no script of the page needs it), with the site's attributes (R9.7:
 * `SameSite=Lax` lets it come back on the provider's top-level return); over https the server
 * entry makes it `Secure`, as every cookie (R10.12).
 */
function stateCookie(value: string, maxAgeSeconds: number, crossOrigin: boolean): string {
  return `${COOKIES.openidState}=${value}; Max-Age=${maxAgeSeconds}; HttpOnly; ${cookieAttributes(crossOrigin)}`
}

export interface SteamStart {
  /** The provider's sign-in address, `return_to` carrying the state. */
  location: string
  /** The `Set-Cookie` of the state. */
  cookie: string
}

/** A new Steam sign-in for this browser: where to send it, and its state cookie. */
export function startSteamSignIn(options: {
  provider: string
  origin: string
  locale: Locale
  redirect?: string | undefined
  crossOrigin: boolean
}): SteamStart {
  const state = randomBytes(32).toString('base64url')
  const returnTo = openIdReturnTo(options.origin, localePath(options.locale, '/login'), state, options.redirect)
  return {
    location: steamSignInUrl(options.provider, options.origin, returnTo),
    cookie: stateCookie(state, OPENID_STATE_MAX_AGE_SECONDS, options.crossOrigin),
  }
}

/**
 * Whether a provider's answer belongs to this browser, and the `Set-Cookie` that uses the state
 * up (sent whatever the outcome: a state is good for one answer).
 */
export function takeOpenIdState(cookieHeader: string | null, params: Readonly<Record<string, string>>, crossOrigin: boolean): { ours: boolean; clear: string } {
  return {
    ours: openIdStateMatches(readCookie(cookieHeader, COOKIES.openidState), params[OPENID_STATE_PARAM]),
    clear: stateCookie('', 0, crossOrigin),
  }
}
