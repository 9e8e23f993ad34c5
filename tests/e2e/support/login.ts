import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test'
import { BACKEND } from '../../../playwright.config'

export interface MailItem { to: string; subject: string; text: string; code: string | null; link: string | null; sentAt: string }

/** The newest message the stand-in backend's dev mailbox holds for an address. */
export async function latestMail(request: APIRequestContext, email: string): Promise<MailItem> {
  let items: MailItem[] = []
  await expect
    .poll(async () => {
      const response = await request.get(`${BACKEND}/__dev/mail?to=${encodeURIComponent(email)}`)
      items = (await response.json()) as MailItem[]
      return items.length
    })
    .toBeGreaterThan(0)
  return items[0]!
}

export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

/**
 * Signs in through the backend API (code from the dev mailbox) and puts the session cookies
 * into the browser context, as the auth machine would. Returns the token.
 */
export async function loginViaApi(request: APIRequestContext, context: BrowserContext, baseURL: string, email = uniqueEmail(), locale = 'en', options: { refreshToken?: boolean } = {}) {
  const requested = await request.get(`${BACKEND}/${locale}/users/auth?email=${encodeURIComponent(email)}`)
  expect(requested.status()).toBe(200)
  const mail = await latestMail(request, email)
  const verified = await request.patch(`${BACKEND}/${locale}/users/verify`, { data: { email, code: mail.code } })
  expect(verified.status()).toBe(200)
  const grant = (await verified.json()) as { token: string; expires_in: number; refresh_token?: string; refresh_expires_in?: number }
  const expiresAt = Date.now() + grant.expires_in * 1000
  const host = new URL(baseURL).hostname
  await context.addCookies([
    { name: 'auth._token.local', value: encodeURIComponent(`Bearer ${grant.token}`), domain: host, path: '/' },
    { name: 'auth._token_expiration.local', value: String(expiresAt), domain: host, path: '/' },
    // As the site stores a sign-in: the refresh token and its expiry too (spec 9).
    ...(options.refreshToken && grant.refresh_token && grant.refresh_expires_in
      ? [
          { name: 'auth._refresh_token.local', value: encodeURIComponent(grant.refresh_token), domain: host, path: '/' },
          { name: 'auth._refresh_token_expiration.local', value: String(Date.now() + grant.refresh_expires_in * 1000), domain: host, path: '/' },
        ]
      : []),
  ])
  return { email, token: grant.token, expiresAt }
}
