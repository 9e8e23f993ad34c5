import type { BrowserContext } from '@playwright/test'
import { COOKIES } from '#app/core/cookies.ts'

/** A token no backend issued: the site takes it for a session until the backend is asked. */
const FAKE_TOKEN = 'Bearer e2e-token-0123456789abcdef'

/** A session cookie of the shape the auth machine writes (R3, R9). */
export async function fakeSessionCookie(context: BrowserContext, baseURL: string, expiresAt = Date.now() + 3_600_000) {
  const url = new URL(baseURL)
  await context.addCookies([
    { name: COOKIES.token, value: encodeURIComponent(FAKE_TOKEN), domain: url.hostname, path: '/' },
    { name: COOKIES.tokenExpiration, value: String(expiresAt), domain: url.hostname, path: '/' },
  ])
}

/** The same session as a `Cookie` header, for requests made without a browser. */
export function fakeSessionHeader(expiresAt = Date.now() + 3_600_000): string {
  return `${COOKIES.token}=${encodeURIComponent(FAKE_TOKEN)}; ${COOKIES.tokenExpiration}=${expiresAt}`
}

/** The browser context's cookies as a `Cookie` header: the visitor's own session, for a request made beside the browser. */
export async function contextCookieHeader(context: BrowserContext): Promise<string> {
  return (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
}
