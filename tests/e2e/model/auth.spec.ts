/**
 * Spec 3, 4, 7, 8: the auth machine's browser paths from its test model: sign-in by code
 * through the dev mailbox, a wrong code, the account page, logout, and an expired token.
 */
import { expect, test, type Page } from '@playwright/test'
import { uniqueEmail } from '../support/login'
import { msg } from '../support/messages'
import { modelPaths, printCoverage, validateModel, type ModelPath } from './model'
import { authModel } from './models'
import { signInWithCode } from './browser'

validateModel(authModel)
const paths = modelPaths(authModel)
test.beforeAll(() => printCoverage([authModel, paths]))
test.describe.configure({ timeout: 90_000 })

const sees: Record<string, (page: Page) => Promise<void>> = {
  guest: async (page) => {
    await expect(page.getByTestId('login-link')).toBeVisible()
    await expect(page.getByTestId('sign-in-email')).toBeVisible()
  },
  wrongCode: async (page) => {
    await expect(page.getByTestId('sign-in-code').getByRole('alert')).toBeVisible()
    await expect(page.getByTestId('login-link')).toBeVisible()
  },
  signedIn: async (page) => {
    await expect(page.getByTestId('account-link')).toBeVisible({ timeout: 20_000 })
  },
  onAccount: async (page) => {
    await expect(page).toHaveURL(/\/en\/account$/)
    await expect(page.getByTestId('account')).toBeVisible()
  },
  loggedOut: async (page) => {
    await expect(page.getByTestId('login-link')).toBeVisible()
    await expect(page).toHaveURL(/\/en\/?$/)
  },
  expired: async (page) => {
    await expect(page.getByText(msg('en', 'acc_session_expired'))).toBeVisible()
    await expect(page).toHaveURL(/\/en\/login\?redirect=/)
    await expect(page.getByTestId('login-link')).toBeVisible()
  },
}

function actions(email: string) {
  return {
    SIGN_IN_WITH_CODE: (page: Page) => signInWithCode(page, page.request, email),
    WRONG_CODE: (page: Page) => signInWithCode(page, page.request, email, '000000'),
    OPEN_ACCOUNT: (page: Page) => page.getByTestId('account-link').click(),
    LOG_OUT: async (page: Page) => {
      if (!/\/account$/.test(page.url())) await page.getByTestId('account-link').click()
      await page.getByTestId('logout').click()
    },
    // The token's lifetime passes in the page; the next navigation checks it first (spec 4).
    TOKEN_EXPIRES: async (page: Page) => {
      await page.clock.setSystemTime(Date.now() + 40 * 24 * 3600_000)
      await page.getByRole('link', { name: msg('en', 'acc_get_premium') }).first().click()
    },
  } as Record<string, (page: Page) => Promise<unknown>>
}

async function replay(page: Page, path: ModelPath) {
  const act = actions(uniqueEmail('model-auth'))
  await test.step(`sees ${path.start}`, () => sees[path.start]!(page))
  for (const step of path.steps) {
    await test.step(`${step.event} → sees ${step.state}`, async () => {
      await act[step.event]!(page)
      await sees[step.state]!(page)
    })
  }
}

for (const path of paths) {
  test(path.name, async ({ page }) => {
    await page.clock.install()
    await page.goto('/en/login')
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 60_000 })
    await replay(page, path)
  })
}
