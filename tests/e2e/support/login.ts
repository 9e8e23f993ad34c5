import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test'
import { COOKIES } from '#app/core/cookies.ts'
import { BACKEND } from '../../../playwright.config.ts'
import { msg } from './messages.ts'

export interface MailItem {
  to: string
  subject: string
  text: string
  code: string | null
  link: string | null
  sentAt: string
}

/** Every message the stand-in backend's dev mailbox holds for an address now, the newest first. */
export async function allMail(request: APIRequestContext, email: string, backend = BACKEND): Promise<MailItem[]> {
  const response = await request.get(`${backend}/__dev/mail?to=${encodeURIComponent(email)}`)
  return (await response.json()) as MailItem[]
}

/** The newest message the stand-in backend's dev mailbox holds for an address, once there is one. */
export async function latestMail(request: APIRequestContext, email: string, backend = BACKEND): Promise<MailItem> {
  let items: MailItem[] = []
  await expect
    .poll(async () => {
      items = await allMail(request, email, backend)
      return items.length
    })
    .toBeGreaterThan(0)
  return items[0]!
}

export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

/**
 * R2, R5: a guest opens the German account page, is sent to the login page with that page as the
 * target, signs in through the form with the mailed code (`code`: the mailbox's), and comes back to it.
 */
export async function signInFromProtectedPage(page: Page, code: (email: string) => Promise<string>, tag: string) {
  const email = uniqueEmail(tag)
  await page.goto('/de/account')
  await expect(page).toHaveURL(/\/de\/login\?redirect=%2Fde%2Faccount$/)
  await page.getByLabel(msg('de', 'acc_email_label')).fill(email)
  await page.getByRole('button', { name: msg('de', 'acc_send_code') }).click()
  await page.getByLabel(msg('de', 'acc_code_label')).fill(await code(email))
  await page.getByRole('button', { name: msg('de', 'acc_sign_in'), exact: true }).click()
  await expect(page).toHaveURL(/\/de\/account$/)
  await expect(page.getByTestId('account-email')).toContainText(email)
}

interface Grant {
  token: string
  expires_in: number
  refresh_token?: string
  refresh_expires_in?: number
}

/** Where a test reads the code a backend mailed: its dev mailbox, or (a production-mode backend has none) its outbox table. */
export type CodeReader = (email: string) => Promise<string>

/** A sign-in through a backend's API with the code from its dev mailbox (or `readCode`): the backend's grant. */
async function signInViaApi(request: APIRequestContext, email: string, locale: string, backend = BACKEND, readCode?: CodeReader): Promise<Grant> {
  const requested = await request.get(`${backend}/${locale}/users/auth?email=${encodeURIComponent(email)}`)
  expect(requested.status()).toBe(200)
  const code = readCode ? await readCode(email) : (await latestMail(request, email, backend)).code
  const verified = await request.patch(`${backend}/${locale}/users/verify`, { data: { email, code } })
  expect(verified.status()).toBe(200)
  return (await verified.json()) as Grant
}

/**
 * Signs in through the API and returns the `Cookie` header a signed-in browser sends, for tests
 * that talk to a server without a browser.
 */
export async function sessionCookieViaApi(
  request: APIRequestContext,
  email = uniqueEmail(),
  locale = 'en',
  backend = BACKEND,
  readCode?: CodeReader,
): Promise<string> {
  const grant = await signInViaApi(request, email, locale, backend, readCode)
  return `${COOKIES.token}=${encodeURIComponent(`Bearer ${grant.token}`)}; ${COOKIES.tokenExpiration}=${Date.now() + grant.expires_in * 1000}`
}

/**
 * Signs in through the backend API (code from the dev mailbox) and puts the session cookies
 * into the browser context, as the auth machine would (tests use the `signIn` and `signedIn`
 * fixtures of fixtures.ts). Returns the e-mail, the token and its expiry.
 */
export async function loginViaApi(
  request: APIRequestContext,
  context: BrowserContext,
  baseURL: string,
  email = uniqueEmail(),
  locale = 'en',
  options: { refreshToken?: boolean } = {},
) {
  const grant = await signInViaApi(request, email, locale)
  const expiresAt = Date.now() + grant.expires_in * 1000
  const host = new URL(baseURL).hostname
  await context.addCookies([
    { name: COOKIES.token, value: encodeURIComponent(`Bearer ${grant.token}`), domain: host, path: '/' },
    { name: COOKIES.tokenExpiration, value: String(expiresAt), domain: host, path: '/' },
    // As the site stores a sign-in: the refresh token and its expiry too (R9).
    ...(options.refreshToken && grant.refresh_token && grant.refresh_expires_in
      ? [
          { name: COOKIES.refreshToken, value: encodeURIComponent(grant.refresh_token), domain: host, path: '/' },
          { name: COOKIES.refreshTokenExpiration, value: String(Date.now() + grant.refresh_expires_in * 1000), domain: host, path: '/' },
        ]
      : []),
  ])
  return { email, token: grant.token, expiresAt }
}
