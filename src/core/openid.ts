/**
 * R2, R7: signing in with Steam (OpenID 2.0). The visitor goes to the provider with the
 * login page as the way back (`return_to`, the remembered target in its query); the provider
 * sends them back there with its signed answer in `openid.*` parameters, which the login page
 * (the login callback route) hands to the backend, unchanged.
 *
 * R10.6: the answer is bound to the browser that started the sign-in. Starting it (a post to the
 * site) stores a random state in a cookie of that browser alone and puts the same state in
 * `return_to`, which the provider signs; an answer is taken only when the state it came back
 * with is the cookie's, and the cookie is used up by the first answer.
 */
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select'

/** The provider's address for a sign-in that comes back to `returnTo` on the site at `realm`. */
export function steamSignInUrl(provider: string, realm: string, returnTo: string): string {
  const url = new URL(provider)
  url.searchParams.set('openid.ns', 'http://specs.openid.net/auth/2.0')
  url.searchParams.set('openid.mode', 'checkid_setup')
  url.searchParams.set('openid.return_to', returnTo)
  url.searchParams.set('openid.realm', realm)
  url.searchParams.set('openid.identity', IDENTIFIER_SELECT)
  url.searchParams.set('openid.claimed_id', IDENTIFIER_SELECT)
  return url.href
}

/** Whether the login page's query is a provider's answer (the login callback). */
export function isOpenIdAnswer(searchStr: string): boolean {
  return new URLSearchParams(searchStr).has('openid.mode')
}

/** The query parameter of `return_to` that carries the state, and the life of its cookie (10 minutes). */
export const OPENID_STATE_PARAM = 'state'
export const OPENID_STATE_MAX_AGE_SECONDS = 600
/** 32 random bytes, base64url: 43 characters. */
const STATE_SHAPE = /^[A-Za-z0-9_-]{43}$/

/** Whether an answer's state is the one this browser's cookie holds: both present, well formed and equal. */
export function openIdStateMatches(cookieState: string | null | undefined, returnedState: string | null | undefined): boolean {
  return typeof cookieState === 'string' && STATE_SHAPE.test(cookieState) && cookieState === returnedState
}

/** The login page's address the provider sends the visitor back to, with the state and the remembered target. */
export function openIdReturnTo(origin: string, loginPath: string, state: string, redirect?: string): string {
  const url = new URL(loginPath, origin)
  url.searchParams.set(OPENID_STATE_PARAM, state)
  if (redirect) url.searchParams.set('redirect', redirect)
  return url.href
}
