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
import { checkObserved, observedCoverage, recordMachines } from './observe'

validateModel(authModel)
const paths = modelPaths(authModel)
test.describe.configure({ timeout: 120_000 })
test.afterAll(({}, testInfo) => console.log(observedCoverage(testInfo, 'auth', 'auth', authModel, paths.length)))

const TOKEN_COOKIE = 'auth._token.local'
const EXPIRES_COOKIE = 'auth._token_expiration.local'

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
  refreshFailed: async ({ page, context }) => {
    await expect(page.getByTestId('login-link')).toBeVisible({ timeout: 20_000 })
    expect(await cookie(context, TOKEN_COOKIE)).toBeUndefined()
  },
}

const pending = new WeakMap<Page, string>()
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
  // The token's lifetime passes in the page; the next navigation checks it first (spec 4).
  TOKEN_EXPIRES: async ({ page }) => {
    await page.clock.setSystemTime(Date.now() + 40 * 24 * 3600_000)
    await page.getByRole('link', { name: msg('en', 'acc_get_premium') }).first().click()
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
