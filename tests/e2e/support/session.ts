import type { BrowserContext } from '@playwright/test'

/** A session cookie of the shape the auth machine writes (R3, R9). */
export async function fakeSessionCookie(context: BrowserContext, baseURL: string, expiresAt = Date.now() + 3_600_000) {
  const url = new URL(baseURL)
  await context.addCookies([
    { name: 'auth._token.local', value: encodeURIComponent('Bearer e2e-token-0123456789abcdef'), domain: url.hostname, path: '/' },
    { name: 'auth._token_expiration.local', value: String(expiresAt), domain: url.hostname, path: '/' },
  ])
}
