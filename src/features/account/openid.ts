/**
 * R2, R7: signing in with Steam (OpenID 2.0). The visitor goes to the provider with the
 * login page as the way back (`return_to`, the remembered target in its query); the provider
 * sends them back there with its signed answer in `openid.*` parameters, which the login page
 * (the login callback route) hands to the backend, unchanged.
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
