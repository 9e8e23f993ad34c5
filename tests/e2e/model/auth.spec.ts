/**
 * Spec 3, 4, 7, 8, 9: the auth machine's browser paths from its test model: sign-in by code and
 * by the e-mailed link (dev mailbox), a wrong code, a returning visitor's stored session (with and
 * without its expiry), the account page and the user fetched again after an account action,
 * logout, an expired token, and the backend failing while the user is fetched.
 * Coverage is observed on the real machine (observe.ts).
 */
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { BACKEND } from '../../../playwright.config'
import { latestMail, loginViaApi, uniqueEmail } from '../support/login'
import { msg } from '../support/messages'
import { modelPaths, validateModel, type ModelPath } from './model'
import { authModel } from './models'
import { signInWithCode } from './browser'
import { checkObserved, reportCoverage, recordMachines } from './observe'

validateModel(authModel)
const paths = modelPaths(authModel)
test.describe.configure({ timeout: 120_000 })
test.afterAll(({}, testInfo) => reportCoverage(testInfo, 'auth', 'auth', authModel, paths.length))

const TOKEN_COOKIE = 'auth._token.local'
const EXPIRES_COOKIE = 'auth._token_expiration.local'
const REFRESH_EXPIRES_COOKIE = 'auth._refresh_token_expiration.local'

async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 60_000 })
}
async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name)?.value
}
function toast(page: Page) {
  return page.locator('[data-sonner-toast]').first()
}

interface Visit {
  page: Page
  context: BrowserContext
  request: APIRequestContext
  baseURL: string
  email: string
  /** The first paint's HTML of the last document load a step made, when it checks it. */
  firstPaint?: string
}

const sees: Record<string, (v: Visit) => Promise<void>> = {
  guest: async ({ page }) => {
    await expect(page.getByTestId('login-link')).toBeVisible()
    await expect(page.getByTestId('sign-in-email')).toBeVisible()
  },
  wrongCode: async ({ page }) => {
    await expect(page.getByTestId('sign-in-code').getByRole('alert')).toBeVisible()
    await expect(page.getByTestId('login-link')).toBeVisible()
  },
  signedIn: async ({ page }) => {
    await expect(page.getByTestId('account-link')).toBeVisible({ timeout: 20_000 })
  },
  signedInByLink: async ({ page, context }) => {
    await expect(page).toHaveURL(/localhost:\d+\/en$/, { timeout: 20_000 })
    await expect(page.getByTestId('account-link')).toBeVisible()
    expect(await cookie(context, TOKEN_COOKIE)).toBeTruthy()
  },
  signInFailed: async ({ page, context }) => {
    await expect(page.getByTestId('sign-in-code').getByRole('alert')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('login-link')).toBeVisible()
    expect(await cookie(context, TOKEN_COOKIE)).toBeUndefined()
  },
  returning: async (v) => {
    // Logged in on the first paint (server-rendered) ...
    expect(v.firstPaint).toContain('data-testid="account-link"')
    expect(v.firstPaint).toContain(v.email)
    // ... and still after hydration.
    await hydrated(v.page)
    await expect(v.page.getByTestId('account-email')).toContainText(v.email)
    await expect(v.page.getByTestId('account-link')).toBeVisible()
    await expect(v.page.getByTestId('login-link')).toHaveCount(0)
  },
  returningNoExpiry: async (v) => {
    expect(v.firstPaint).toContain('data-testid="account-link"')
    await hydrated(v.page)
    await expect(v.page.getByTestId('account-email')).toContainText(v.email)
    // The machine stored the expiry it gave the token: 1800 s from the visit (spec 9).
    await expect.poll(async () => Number(await cookie(v.context, EXPIRES_COOKIE))).toBeGreaterThan(Date.now() + 1_700_000)
  },
  deviceReset: async ({ page }) => {
    await expect(toast(page)).toContainText('Your device has been unlinked')
    // The user fetched again: the account shows no bound device any more.
    await expect(page.getByTestId('reset-device')).toHaveCount(0)
    await expect(page.getByTestId('account-device')).toContainText(msg('en', 'acc_device_none'))
  },
  onAccount: async ({ page }) => {
    await expect(page).toHaveURL(/\/en\/account$/)
    await expect(page.getByTestId('account')).toBeVisible()
  },
  loggedOut: async ({ page }) => {
    await expect(page.getByTestId('login-link')).toBeVisible()
    await expect(page).toHaveURL(/\/en\/?$/)
  },
  expired: async ({ page }) => {
    await expect(page.getByText(msg('en', 'acc_session_expired'))).toBeVisible()
    await expect(page).toHaveURL(/\/en\/login\?redirect=/)
    await expect(page.getByTestId('login-link')).toBeVisible()
  },
  emailPending: async ({ page }) => {
    // The user fetched again after the change: the account shows the address waiting for confirmation.
    await expect(page.getByText(msg('en', 'acc_pending_email', { email: pendingEmail(page) }))).toBeVisible({ timeout: 20_000 })
  },
  badLink: async ({ page }) => {
    await expect(page.getByTestId('link-failed')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('login-link')).toBeVisible()
  },
  expiredAfterRefusal: (v) => sees.expired!(v),
  signedOutAfterRefusal: (v) => sees.signedOutQuietly!(v),
  refreshed: async ({ page, context }) => {
    await expect(page).toHaveURL(/\/en\/premium$/, { timeout: 20_000 })
    await expect(page.getByTestId('account-link')).toBeVisible()
    await expect(page.getByText(msg('en', 'acc_session_expired'))).toHaveCount(0)
    // A new token replaced the one whose lifetime was over.
    const token = await cookie(context, TOKEN_COOKIE)
    expect(token).toBeTruthy()
    expect(token).not.toBe(tokenBefore.get(page))
  },
  signedOutQuietly: async ({ page, context }) => {
    await expect(page).toHaveURL(/\/en\/premium$/, { timeout: 20_000 })
    await expect(page.getByTestId('login-link')).toBeVisible()
    await expect(page.getByText(msg('en', 'acc_session_expired'))).toHaveCount(0)
    expect(await cookie(context, TOKEN_COOKIE)).toBeUndefined()
  },
  refreshFailed: async ({ page, context }) => {
    await expect(page.getByTestId('login-link')).toBeVisible({ timeout: 20_000 })
    expect(await cookie(context, TOKEN_COOKIE)).toBeUndefined()
  },
}

const pending = new WeakMap<Page, string>()
const tokenBefore = new WeakMap<Page, string | undefined>()

/** The page's clock moves past a stored expiry (the token's, or the refresh token's too). */
async function timePasses(v: Visit, past: 'token' | 'refresh token') {
  const expiry = Number(await cookie(v.context, past === 'token' ? EXPIRES_COOKIE : REFRESH_EXPIRES_COOKIE))
  expect(expiry).toBeGreaterThan(Date.now())
  tokenBefore.set(v.page, await cookie(v.context, TOKEN_COOKIE))
  // The backend's side of the same time: the tokens it issued to this visitor are over too.
  expect((await v.request.post(`${BACKEND}/__dev/expire-tokens?email=${encodeURIComponent(v.email)}`)).ok()).toBe(true)
  await v.page.clock.setSystemTime(expiry + 60_000)
}
function refuseRefresh(page: Page) {
  return page.route('**/users/refresh', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"The session has ended."}' }))
}
/** A page anyone may see, reached by a link: the next navigation checks the token first (spec 4). */
function openPremium(page: Page) {
  return page.getByRole('link', { name: msg('en', 'acc_get_premium') }).or(page.getByRole('link', { name: msg('en', 'nav_premium') })).first().click()
}
function pendingEmail(page: Page): string {
  return pending.get(page)!
}

async function returnWithSession(v: Visit, keepExpiry: boolean) {
  await loginViaApi(v.request, v.context, v.baseURL, v.email)
  if (!keepExpiry) await v.context.clearCookies({ name: EXPIRES_COOKIE })
  // A device bound by the launcher, for the reset below.
  expect((await v.request.post(`${BACKEND}/__dev/device?email=${encodeURIComponent(v.email)}`)).ok()).toBe(true)
  const response = await v.page.goto('/en/account')
  expect(response?.status()).toBe(200)
  v.firstPaint = await response!.text()
}

async function changeEmail(page: Page) {
  const next = uniqueEmail('model-next')
  pending.set(page, next)
  const form = page.getByTestId('change-email')
  await form.getByLabel(msg('en', 'acc_new_email_label')).fill(next)
  await form.getByRole('button').click()
}

const act: Record<string, (v: Visit) => Promise<unknown>> = {
  SIGN_IN_WITH_CODE: ({ page, request, email }) => signInWithCode(page, request, email),
  WRONG_CODE: ({ page, request, email }) => signInWithCode(page, request, email, '000000'),
  SIGN_IN_WITH_LINK: async ({ page, request, email }) => {
    await page.getByLabel(msg('en', 'acc_email_label'), { exact: false }).fill(email)
    await page.getByRole('button', { name: msg('en', 'acc_send_code') }).click()
    await expect(page.getByTestId('sign-in-code')).toBeVisible()
    const link = new URL((await latestMail(request, email)).link!)
    expect(link.pathname).toMatch(/^\/en\/login\/[^/]+$/)
    await page.goto(link.pathname + link.search)
  },
  OPEN_BAD_LINK: ({ page }) => page.goto('/en/login/0000000000000000'),
  SIGN_IN_USER_FAILS: async ({ page, request, email }) => {
    await page.route('**/users/me', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' }))
    await signInWithCode(page, request, email)
  },
  RETURN_WITH_SESSION: (v) => returnWithSession(v, true),
  RETURN_WITHOUT_EXPIRY: (v) => returnWithSession(v, false),
  RESET_DEVICE: async ({ page }) => {
    await page.getByTestId('reset-device').click()
    await page.getByTestId('confirm-yes').click()
  },
  OPEN_ACCOUNT: ({ page }) => page.getByTestId('account-link').click(),
  LOG_OUT: async ({ page }) => {
    if (!/\/account$/.test(page.url())) await page.getByTestId('account-link').click()
    await page.getByTestId('logout').click()
  },
  // The lifetimes pass in the page; the next navigation checks the token first (spec 4).
  TOKEN_EXPIRES: async (v) => {
    await timePasses(v, 'refresh token')
    await openPremium(v.page)
  },
  TOKEN_EXPIRES_REFRESHED: async (v) => {
    await timePasses(v, 'token')
    await openPremium(v.page)
  },
  REFRESH_REFUSED: async (v) => {
    await refuseRefresh(v.page)
    await timePasses(v, 'token')
    await openPremium(v.page)
  },
  SESSION_ENDS_ON_PUBLIC_PAGE: async (v) => {
    await timePasses(v, 'refresh token')
    await openPremium(v.page)
  },
  REFRESH_REFUSED_ON_PUBLIC_PAGE: async (v) => {
    await refuseRefresh(v.page)
    await timePasses(v, 'token')
    await openPremium(v.page)
  },
  CHANGE_EMAIL: ({ page }) => changeEmail(page),
  REFRESH_FAILS: async ({ page }) => {
    await page.route('**/users/me', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' }))
    await changeEmail(page)
  },
}

async function replay(v: Visit, path: ModelPath) {
  await test.step(`sees ${path.start}`, () => sees[path.start]!(v))
  for (const step of path.steps) {
    await test.step(`${step.event} → sees ${step.state}`, async () => {
      await act[step.event]!(v)
      await sees[step.state]!(v)
    })
  }
}

for (const path of paths) {
  test(path.name, async ({ page, context, request, baseURL }, testInfo) => {
    await recordMachines(context)
    await page.clock.install()
    await page.goto('/en/login')
    await hydrated(page)
    await replay({ page, context, request, baseURL: baseURL!, email: uniqueEmail('model-auth') }, path)
    await checkObserved(page, testInfo, 'auth', authModel, path)
  })
}
