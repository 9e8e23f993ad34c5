/**
 * Decision 063, issue 39: the auth machine's generated browser paths again, with JavaScript off,
 * for the paths a visitor without JavaScript can take. Their forms post to the server, which runs
 * the same sign-in and account machines (src/features/account/*.form.server.ts); each state of the
 * path must look the same as with JavaScript: the header's session, the session cookie and the
 * page on show (`sees`), and what each step leaves behind.
 */
import { expect } from '@playwright/test'
import { COOKIES } from '#app/core/cookies.ts'
import { test } from '../support/fixtures.ts'
import { uniqueEmail } from '../support/login.ts'
import { msg } from '../support/messages.ts'
import { act, cookie, leaves, sees, type Visit } from './auth-steps.ts'
import { type BrowserPath, browserPaths } from './graph.ts'
import { type AuthStep, authGraphWithoutJs, SCRIPTED_AUTH_STEPS } from './graphs.ts'

const paths = browserPaths(authGraphWithoutJs)

test.use({ javaScriptEnabled: false })
test.describe.configure({ timeout: 120_000 })

/** Where a step is done differently without JavaScript, and what it leaves behind then. */
const actWithoutJs: Partial<Record<AuthStep, (v: Visit) => Promise<unknown>>> = {
  // The e-mailed link waits for the visitor's button: no script signs in on opening it.
  SIGN_IN_WITH_LINK: async (v) => {
    await act.SIGN_IN_WITH_LINK(v)
    await v.page.getByRole('button', { name: msg('en', 'acc_link_continue') }).click()
  },
  OPEN_BAD_LINK: async (v) => {
    await act.OPEN_BAD_LINK(v)
    await v.page.getByRole('button', { name: msg('en', 'acc_link_continue') }).click()
  },
}
/**
 * A step whose page differs without JavaScript: a refused link answers on the login page with the
 * backend's words (decision 063), where the page's script shows them on the link's own page.
 */
const seesWithoutJs: Partial<Record<AuthStep, (v: Visit) => Promise<void>>> = {
  OPEN_BAD_LINK: async ({ page, context }) => {
    await expect(page).toHaveURL(/\/en\/login$/)
    await expect(page.getByRole('alert')).toBeVisible()
    await expect(page.getByTestId('login-link')).toBeVisible()
    expect(await cookie(context, COOKIES.token)).toBeUndefined()
  },
}
const leavesWithoutJs: Partial<Record<AuthStep, (v: Visit) => Promise<void>>> = {
  OPEN_BAD_LINK: async () => {},
  // Signed in on the page as the server sent it; nothing hydrates.
  RETURN_WITH_SESSION: async (v) => {
    expect(v.firstPaint).toContain('data-testid="account-link"')
    await expect(v.page.getByTestId('account-email')).toContainText(v.email)
  },
}

async function replay(v: Visit, path: BrowserPath<AuthStep>) {
  await test.step(`sees ${JSON.stringify(path.start.value)}`, () => sees(v, path.start))
  for (const step of path.steps) {
    await test.step(`${step.step} → ${JSON.stringify(step.after.value)}`, async () => {
      await (actWithoutJs[step.step] ?? act[step.step])(v)
      const left = leavesWithoutJs[step.step] ?? leaves[step.step]
      await left?.(v, step.before)
      await (seesWithoutJs[step.step] ?? ((visit: Visit) => sees(visit, step.after)))(v)
    })
  }
}

test('the paths without JavaScript take every step a form can take, and no step of a script', () => {
  const steps = new Set(paths.flatMap((path) => path.steps.map((step) => step.step)))
  expect([...steps].sort()).toEqual([
    'CHANGE_EMAIL',
    'LOG_OUT',
    'OPEN_ACCOUNT',
    'OPEN_BAD_LINK',
    'RETURN_WITH_SESSION',
    'SIGN_IN_WITH_CODE',
    'SIGN_IN_WITH_LINK',
    'WRONG_CODE',
  ])
  expect(Object.keys(SCRIPTED_AUTH_STEPS).sort()).toEqual([
    'REFRESH_REFUSED',
    'RETURN_WITHOUT_EXPIRY',
    'SESSION_ENDS',
    'SIGN_IN_USER_FAILS',
    'TOKEN_REFRESHED',
    'USER_FETCH_FAILS',
  ])
})

for (const path of paths) {
  test(`without JavaScript: ${path.name}`, async ({ page, context, request, mailbox, signIn }) => {
    await page.goto('/en/login')
    await replay({ page, context, request, mailbox, signIn, email: uniqueEmail('model-nojs') }, path)
  })
}
