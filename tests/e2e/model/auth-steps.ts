/**
 * The auth machine's browser steps and what the visitor sees in each state, shared by its
 * browser paths with JavaScript (auth.spec.ts) and without (auth-without-js.spec.ts).
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { COOKIES } from '#app/core/cookies.ts'
import { BACKEND } from '../../../playwright.config.ts'
import type { Snap } from '../../machines/harness.ts'
import { expect, type Mailbox, type SignIn, waitForHydration } from '../support/fixtures.ts'
import { pageHeading } from '../support/headings.ts'
import { uniqueEmail } from '../support/login.ts'
import { msg } from '../support/messages.ts'
import { signInWithCode } from './browser.ts'
import type { AuthStep } from './graphs.ts'

export async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name)?.value
}

export interface Visit {
  page: Page
  context: BrowserContext
  request: APIRequestContext
  mailbox: Mailbox
  signIn: SignIn
  email: string
  /** The first paint's HTML of the last document load a step made, when it checks it. */
  firstPaint?: string
  /** The token before time passed. */
  tokenBefore?: string
  /** The address an e-mail change asked for. */
  pendingEmail?: string
}

/** What every page shows in each state of the auth machine: the header's session, the cookie, and the heading of the page the machine thinks is on show. */
export async function sees(v: Visit, s: Snap) {
  const href = (s.context as { page: { href: string } }).page.href
  await expect.poll(() => new URL(v.page.url()).pathname.replace(/\/$/u, ''), { timeout: 20_000 }).toBe(href)
  // The address changes when a navigation starts; the heading shows once the page is on show.
  // A sign-in link's page the visitor is still on (signed out) has refused its link: its heading says so (R4.24).
  const heading = /^\/en\/login\/[^/]+$/u.test(href) ? msg('en', 'acc_link_failed_title') : pageHeading('en', href.replace(/^\/en/u, ''))
  await expect(v.page.locator('h1')).toHaveText(heading, { timeout: 20_000 })
  if (s.matches('loggedOut')) {
    await expect(v.page.getByTestId('login-link')).toBeVisible({ timeout: 20_000 })
    expect(await cookie(v.context, COOKIES.token)).toBeUndefined()
  } else if (s.matches({ loggedIn: 'active' })) {
    await expect(v.page.getByTestId('account-link')).toBeVisible({ timeout: 20_000 })
    expect(await cookie(v.context, COOKIES.token)).toBeTruthy()
  } else {
    throw new Error(`no view written for the auth state ${JSON.stringify(s.value)}`)
  }
}

/** R4, R8: a session that ends on a protected page says so and sends to login; on a public page it ends quietly. */
async function ended(v: Visit, before: Snap) {
  if ((before.context as { page: { access: string } }).page.access === 'protected') {
    await expect(v.page.getByText(msg('en', 'acc_session_expired'))).toBeVisible({ timeout: 20_000 })
    await expect(v.page).toHaveURL(/\/en\/login\?redirect=/)
  } else {
    await expect(v.page).toHaveURL(/\/en\/premium$/, { timeout: 20_000 })
    await expect(v.page.getByText(msg('en', 'acc_session_expired'))).toHaveCount(0)
  }
}

/** What each step must leave behind, beyond the state's view. */
export const leaves: Partial<Record<AuthStep, (v: Visit, before: Snap) => Promise<void>>> = {
  WRONG_CODE: async ({ page }) => {
    await expect(page.getByTestId('sign-in-code').getByRole('alert')).toBeVisible()
  },
  SIGN_IN_USER_FAILS: async ({ page }) => {
    await expect(page.getByTestId('sign-in-code').getByRole('alert')).toBeVisible({ timeout: 20_000 })
  },
  OPEN_BAD_LINK: async ({ page }) => {
    await expect(page.getByTestId('link-failed')).toBeVisible({ timeout: 20_000 })
  },
  RETURN_WITH_SESSION: async (v) => {
    // Signed in on the first paint (server-rendered) and still after hydration.
    expect(v.firstPaint).toContain('data-testid="account-link"')
    expect(v.firstPaint).toContain(v.email)
    await waitForHydration(v.page)
    await expect(v.page.getByTestId('account-email')).toContainText(v.email)
  },
  RETURN_WITHOUT_EXPIRY: async (v) => {
    expect(v.firstPaint).toContain('data-testid="account-link"')
    await waitForHydration(v.page)
    await expect(v.page.getByTestId('account-email')).toContainText(v.email)
    // The machine stored the expiry it gave the token: 1800 s from the visit (R9).
    await expect.poll(async () => Number(await cookie(v.context, COOKIES.tokenExpiration))).toBeGreaterThan(Date.now() + 1_700_000)
  },
  SESSION_ENDS: ended,
  REFRESH_REFUSED: ended,
  TOKEN_REFRESHED: async (v) => {
    await expect(v.page.getByText(msg('en', 'acc_session_expired'))).toHaveCount(0)
    // A new token replaced the one whose lifetime was over.
    await expect.poll(() => cookie(v.context, COOKIES.token), { timeout: 20_000 }).not.toBe(v.tokenBefore)
    expect(await cookie(v.context, COOKIES.token)).toBeTruthy()
  },
  CHANGE_EMAIL: async (v) => {
    // The user fetched again after the change: the account shows the address waiting for confirmation.
    await expect(v.page.getByText(msg('en', 'acc_pending_email', { email: v.pendingEmail! }))).toBeVisible({ timeout: 20_000 })
  },
}

/** The page's clock moves past a stored expiry (the token's, or the refresh token's too). */
async function timePasses(v: Visit, past: 'token' | 'refresh token') {
  const expiry = Number(await cookie(v.context, past === 'token' ? COOKIES.tokenExpiration : COOKIES.refreshTokenExpiration))
  expect(expiry).toBeGreaterThan(Date.now())
  v.tokenBefore = await cookie(v.context, COOKIES.token)
  // The backend's side of the same time: the tokens it issued to this visitor are over too.
  expect((await v.request.post(`${BACKEND}/__dev/expire-tokens?email=${encodeURIComponent(v.email)}`)).ok()).toBe(true)
  await v.page.clock.setSystemTime(expiry + 60_000)
}
function refuseRefresh(page: Page) {
  return page.route('**/users/refresh', (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"The session has ended."}' }),
  )
}
/** A page anyone may see, reached by a link: the next navigation checks the token first (R4). */
function openPremium(page: Page) {
  return page
    .getByRole('link', { name: msg('en', 'acc_get_premium') })
    .or(page.getByRole('link', { name: msg('en', 'nav_premium') }))
    .first()
    .click()
}

async function returnWithSession(v: Visit, keepExpiry: boolean) {
  await v.signIn({ email: v.email, refreshToken: true })
  if (!keepExpiry) await v.context.clearCookies({ name: COOKIES.tokenExpiration })
  const response = await v.page.goto('/en/account')
  expect(response?.status()).toBe(200)
  v.firstPaint = await response!.text()
}

async function changeEmail(v: Visit) {
  v.pendingEmail = uniqueEmail('model-next')
  const form = v.page.getByTestId('change-email')
  await form.getByLabel(msg('en', 'acc_new_email_label')).fill(v.pendingEmail)
  await form.getByRole('button').click()
}

export const act: Record<AuthStep, (v: Visit) => Promise<unknown>> = {
  SIGN_IN_WITH_CODE: ({ page, mailbox, email }) => signInWithCode(page, mailbox, email),
  WRONG_CODE: ({ page, mailbox, email }) => signInWithCode(page, mailbox, email, '000000'),
  SIGN_IN_WITH_LINK: async ({ page, mailbox, email }) => {
    await page.getByLabel(msg('en', 'acc_email_label'), { exact: false }).fill(email)
    await page.getByRole('button', { name: msg('en', 'acc_send_code') }).click()
    await expect(page.getByTestId('sign-in-code')).toBeVisible()
    const link = new URL(await mailbox.link(email))
    expect(link.pathname).toMatch(/^\/en\/login\/[^/]+$/)
    await page.goto(link.pathname + link.search)
  },
  OPEN_BAD_LINK: ({ page }) => page.goto('/en/login/0000000000000000'),
  SIGN_IN_USER_FAILS: async ({ page, mailbox, email }) => {
    await page.route('**/users/me', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' }))
    await signInWithCode(page, mailbox, email)
  },
  RETURN_WITH_SESSION: (v) => returnWithSession(v, true),
  RETURN_WITHOUT_EXPIRY: (v) => returnWithSession(v, false),
  OPEN_ACCOUNT: ({ page }) => page.getByTestId('account-link').click(),
  LOG_OUT: async ({ page }) => {
    if (!/\/account$/.test(page.url())) await page.getByTestId('account-link').click()
    await page.getByTestId('logout').click()
  },
  // The lifetimes pass in the page; the next navigation checks the token first (R4).
  SESSION_ENDS: async (v) => {
    await timePasses(v, 'refresh token')
    await openPremium(v.page)
  },
  TOKEN_REFRESHED: async (v) => {
    await timePasses(v, 'token')
    await openPremium(v.page)
  },
  REFRESH_REFUSED: async (v) => {
    await refuseRefresh(v.page)
    await timePasses(v, 'token')
    await openPremium(v.page)
  },
  CHANGE_EMAIL: (v) => changeEmail(v),
  USER_FETCH_FAILS: async (v) => {
    await v.page.route('**/users/me', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' }))
    await changeEmail(v)
  },
}
