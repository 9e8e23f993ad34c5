/**
 * R1.11, decision 063: every form of the site works with JavaScript off, and a form sent
 * before the page is interactive is carried out once. Without JavaScript each form posts to the
 * site's server, which checks it with the same rules and messages, calls the backend, and answers
 * with the page that follows.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { COOKIES } from '#app/core/cookies.ts'
import { BACKEND } from '../../playwright.config.ts'
import { expect, test } from './support/fixtures.ts'
import { holdSiteScripts } from './support/held-scripts.ts'
import { signInFromProtectedPage, uniqueEmail } from './support/login.ts'
import { msg } from './support/messages.ts'
import { contextCookieHeader } from './support/session.ts'

const cookie = async (context: BrowserContext, name: string) => (await context.cookies()).find((c) => c.name === name)

test.describe('issue 15: forms with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('sign-in: the e-mail step, then the code step, then the root signed in; the session cookies as the auth machine writes them', async ({
    page,
    context,
    mailbox,
  }) => {
    const email = uniqueEmail('nojs')
    await page.goto('/ru/login')
    await page.getByLabel(msg('ru', 'acc_email_label')).fill(email)
    await page.getByRole('button', { name: msg('ru', 'acc_send_code') }).click()
    await expect(page).toHaveURL(/\/ru\/login$/)
    const codeStep = page.getByTestId('sign-in-code')
    await expect(codeStep).toBeVisible()
    await expect(codeStep.getByRole('status')).toContainText(email)
    const mail = await mailbox.latest(email)
    await page.getByLabel(msg('ru', 'acc_code_label')).fill(mail.code!)
    await page.getByRole('button', { name: msg('ru', 'acc_sign_in'), exact: true }).click()
    // R2: after login, the root path.
    await expect(page).toHaveURL(/\/ru$/)
    await expect(page.getByTestId('account-link')).toBeVisible()
    expect((await cookie(context, COOKIES.token))?.value).toMatch(/^Bearer%20/)
    expect(Number((await cookie(context, COOKIES.tokenExpiration))?.value)).toBeGreaterThan(Date.now())
    expect((await cookie(context, COOKIES.refreshToken))?.value).toBeTruthy()
    expect(Number((await cookie(context, COOKIES.refreshTokenExpiration))?.value)).toBeGreaterThan(Date.now())
    // The account page, server-rendered for the session.
    await page.goto('/ru/account')
    await expect(page.getByTestId('account-email')).toContainText(email)
  })

  test('sign-in: the remembered target after the code', async ({ page, mailbox }) => {
    await signInFromProtectedPage(page, mailbox.code, 'nojs-target')
  })

  test("R5: bad input gets the messages of the browser, in the page's language, and keeps what was typed", async ({ page }) => {
    await page.goto('/de/login')
    await page.getByLabel(msg('de', 'acc_email_label')).fill('keine-adresse')
    await page.getByRole('button', { name: msg('de', 'acc_send_code') }).click()
    await expect(page.getByRole('alert')).toHaveText('E-Mail muss eine gültige E-Mail-Adresse sein.')
    await expect(page.getByLabel(msg('de', 'acc_email_label'))).toHaveValue('keine-adresse')
  })

  test("a wrong code: the backend's message, the code kept; a new code and another address can be asked for", async ({ page, mailbox }) => {
    const email = uniqueEmail('nojs-wrong')
    await page.goto('/en/login')
    await page.getByLabel(msg('en', 'acc_email_label')).fill(email)
    await page.getByRole('button', { name: msg('en', 'acc_send_code') }).click()
    await mailbox.latest(email)
    await page.getByLabel(msg('en', 'acc_code_label')).fill('000000')
    await page.getByRole('button', { name: msg('en', 'acc_sign_in'), exact: true }).click()
    await expect(page.getByTestId('sign-in-code').getByRole('alert')).toContainText('Attempts left')
    await expect(page.getByLabel(msg('en', 'acc_code_label'))).toHaveValue('000000')
    await page.getByRole('button', { name: msg('en', 'acc_change_email') }).click()
    await expect(page.getByTestId('sign-in-email')).toBeVisible()
    await expect(page.getByLabel(msg('en', 'acc_email_label'))).toHaveValue(email)
  })

  test('confirm e-mail: confirms, sets the launcher password, signs in and says so at the root', async ({ page, context, request, mailbox }) => {
    const email = uniqueEmail('nojs-confirm')
    expect((await request.get(`${BACKEND}/en/users/auth?email=${encodeURIComponent(email)}`)).status()).toBe(200)
    const code = await mailbox.code(email)
    await page.goto('/en/confirm-email')
    await page.getByLabel(msg('en', 'acc_email_label')).fill(email)
    await page.getByLabel(msg('en', 'acc_confirm_code_label')).fill(code)
    await page.getByLabel(msg('en', 'acc_confirm_password_label')).fill('short')
    await page.getByRole('button', { name: msg('en', 'acc_confirm_submit') }).click()
    // A failed submit keeps every value but the password.
    await expect(page.getByText(`${msg('en', 'acc_confirm_password_label')} must be at least 8 characters.`)).toBeVisible()
    await expect(page.getByLabel(msg('en', 'acc_email_label'))).toHaveValue(email)
    await expect(page.getByLabel(msg('en', 'acc_confirm_code_label'))).toHaveValue(code)
    await expect(page.getByLabel(msg('en', 'acc_confirm_password_label'))).toHaveValue('')
    await page.getByLabel(msg('en', 'acc_confirm_password_label')).fill('correct horse battery')
    await page.getByRole('button', { name: msg('en', 'acc_confirm_submit') }).click()
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.getByTestId('flash-notice')).toHaveText(msg('en', 'acc_confirm_done'))
    expect((await cookie(context, COOKIES.token))?.value).toMatch(/^Bearer%20/)
  })

  test('join with a code typed in the form: its join page registers it and keeps it in the referrer cookie', async ({ page, context }) => {
    await page.goto('/en/join')
    await page.getByLabel(msg('en', 'acc_join_code_label')).fill('FRIEND2024')
    await page.getByRole('button', { name: msg('en', 'acc_join_code_submit') }).click()
    await expect(page).toHaveURL(/\/en\/join\/FRIEND2024$/)
    await expect(page.getByTestId('join-valid')).toBeVisible()
    expect((await cookie(context, COOKIES.referrer))?.value ?? (await cookie(context, 'ref'))?.value).toBeTruthy()
  })

  test('the account: e-mail change with its code, the launcher password, and logout', async ({ page, context, request, mailbox, signedIn }) => {
    const { token } = signedIn
    const next = uniqueEmail('nojs-new')
    await page.goto('/en/account')
    const emailForm = page.getByTestId('change-email')
    await emailForm.getByLabel(msg('en', 'acc_new_email_label')).fill(next)
    await emailForm.getByRole('button', { name: msg('en', 'acc_change_email_submit') }).click()
    await expect(page).toHaveURL(/\/en\/account$/)
    await expect(emailForm.getByRole('status')).toContainText(next)
    const mail = await mailbox.latest(next)
    const codeForm = page.getByTestId('confirm-email-code')
    await codeForm.getByLabel(msg('en', 'acc_confirm_code_label')).fill(mail.code!)
    await codeForm.getByRole('button', { name: msg('en', 'acc_email_code_submit') }).click()
    await expect(page.getByTestId('account-email')).toContainText(next)
    const me = await request.get(`${BACKEND}/en/users/me`, { headers: { authorization: `Bearer ${token}` } })
    expect(((await me.json()) as { email: string }).email).toBe(next)

    const passwordForm = page.getByTestId('change-password')
    await passwordForm.getByLabel(msg('en', 'acc_password_label'), { exact: true }).fill('correct horse battery')
    await passwordForm.getByLabel(msg('en', 'acc_password_confirm_label')).fill('correct horse batter')
    await passwordForm.getByRole('button', { name: msg('en', 'acc_password_submit') }).click()
    await expect(page.getByText(`${msg('en', 'acc_password_confirm_label')} does not match.`)).toBeVisible()
    await passwordForm.getByLabel(msg('en', 'acc_password_label'), { exact: true }).fill('correct horse battery')
    await passwordForm.getByLabel(msg('en', 'acc_password_confirm_label')).fill('correct horse battery')
    await passwordForm.getByRole('button', { name: msg('en', 'acc_password_submit') }).click()
    await expect(page.getByTestId('change-password').locator('..').getByRole('status')).toBeVisible()

    await page.getByTestId('logout').click()
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.getByTestId('login-link')).toBeVisible()
    expect(await cookie(context, COOKIES.token)).toBeUndefined()
  })

  test('a form of another site may not act for the visitor: it lands on the home page, told so (decision 121)', async ({ request, baseURL, signedIn }) => {
    const cookie = `${COOKIES.token}=${encodeURIComponent(`Bearer ${signedIn.token}`)}`
    const answer = await request.post(`${baseURL}/forms/account-email`, {
      headers: { origin: 'http://evil.example', cookie },
      form: { _form: 'account-email', locale: 'en', 'new-email': 'attacker@example.com' },
      maxRedirects: 0,
    })
    expect([answer.status(), answer.headers().location]).toEqual([303, '/en'])
    // Nothing was asked of the backend: no confirmation mail for the attacker's address.
    const mail = await request.get(`${BACKEND}/__dev/mail?to=attacker@example.com`)
    expect(await mail.json()).toEqual([])
  })
})

test.describe('issue 15: a form sent before the page is interactive, on a slow phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })
  // The page loads, hydrates and sends on a CPU slowed eight times: beside the rest of the suite
  // on two cores that has taken past the 30 s a test has by default.
  test.describe.configure({ timeout: 60_000 })

  async function slowCpu(page: Page) {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 })
  }

  test('an e-mail typed and sent before any script has run reaches the code step, once, by the page itself', async ({ page, baseURL, mailbox }) => {
    const email = uniqueEmail('early')
    await slowCpu(page)
    const asked: string[] = []
    const posted: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/users/auth?')) asked.push(r.url())
      if (r.url().includes('/forms/')) posted.push(r.url())
    })
    const scripts = await holdSiteScripts(page, baseURL!)
    await page.goto('/en/login', { waitUntil: 'domcontentloaded' })
    const field = page.getByLabel(msg('en', 'acc_email_label'))
    await field.fill(email)
    await field.press('Enter')
    // The page's starter script holds the submit and shows the form busy; nothing is sent yet.
    await expect(page.getByTestId('sign-in-email')).toHaveAttribute('aria-busy', 'true')
    await expect.poll(scripts.requested).toBeGreaterThan(0)
    expect(posted).toEqual([])
    scripts.release()
    await expect(page.getByTestId('sign-in-code')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('sign-in-code').getByRole('status')).toContainText(email)
    const mails = await mailbox.all(email)
    expect(mails).toHaveLength(1)
    expect(asked).toHaveLength(1)
    // Carried out by the form's machine: nothing went to the server's form endpoint, the page
    // was not reloaded, and the form is no longer marked busy.
    expect(posted).toEqual([])
    await expect(page.getByTestId('sign-in-code')).not.toHaveAttribute('aria-busy')
  })

  test("the server's page marks no form live: its submits are held until the form's machine runs", async ({ request, signIn, context }) => {
    // The site's forms as the server renders them (the starter script names the attribute too).
    const siteForms = (html: string) => html.match(/<form [^>]*data-form="[^"]*"[^>]*>/g) ?? []
    const pages: Record<string, string[]> = {
      '/en/login': ['sign-in-email'],
      '/ru/confirm-email': ['confirm-email'],
      '/de/join': ['join-code'],
    }
    for (const [path, ids] of Object.entries(pages)) {
      const forms = siteForms(await (await request.get(path)).text())
      expect(
        forms.map((tag) => /data-form="([^"]*)"/.exec(tag)?.[1]),
        path,
      ).toEqual(ids)
      for (const tag of forms) expect(tag, path).not.toContain('data-live')
    }
    await signIn()
    const account = siteForms(await (await request.get('/en/account', { headers: { cookie: await contextCookieHeader(context) } })).text())
    expect(account.length).toBeGreaterThanOrEqual(2)
    for (const tag of account) expect(tag, '/en/account').not.toContain('data-live')
  })

  test('what was typed before the page was interactive is still there after', async ({ page, hydrated }) => {
    await slowCpu(page)
    await page.goto('/de/login', { waitUntil: 'domcontentloaded' })
    const field = page.getByLabel(msg('de', 'acc_email_label'))
    await field.fill('vorher@example.com')
    await hydrated()
    await expect(field).toHaveValue('vorher@example.com')
    // The machine has it too: sending validates and asks for the code.
    await field.press('Enter')
    await expect(page.getByTestId('sign-in-code')).toBeVisible({ timeout: 30_000 })
  })
})

test.describe('issue 15: a field typed and left while the page is still loading', () => {
  test('is validated as on leaving it, once the page is interactive, at 390 px in German', async ({ page, baseURL, hydrated }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    // The site's scripts are held: the visitor types and leaves the field before any of them runs.
    const scripts = await holdSiteScripts(page, baseURL!)
    await page.goto('/de/login', { waitUntil: 'domcontentloaded' })
    const field = page.getByLabel(msg('de', 'acc_email_label'))
    await field.fill('not-an-address')
    await field.blur()
    await expect.poll(scripts.requested).toBeGreaterThan(0)
    scripts.release()
    await hydrated()
    await expect(page.locator('.field__error')).toHaveText('E-Mail muss eine gültige E-Mail-Adresse sein.')
    await expect(page.locator('.field').first()).toHaveAttribute('data-touched', 'true')
    await expect(field).toHaveValue('not-an-address')
  })
})
