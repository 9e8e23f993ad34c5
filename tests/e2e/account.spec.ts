import { expect, test, type Page } from '@playwright/test'
import { BACKEND } from '../../playwright.config'
import { latestMail, loginViaApi, uniqueEmail } from './support/login'
import { msg, product } from './support/messages'

async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached({ timeout: 30_000 })
}

async function requestCode(page: Page, email: string) {
  await page.getByLabel(msg('en', 'acc_email_label')).fill(email)
  await page.getByRole('button', { name: msg('en', 'acc_send_code') }).click()
  await expect(page.getByTestId('sign-in-code')).toBeVisible()
}

test.describe('spec 7: sign-in', () => {
  test('with the code from the dev mailbox, then the root path', async ({ page, request }) => {
    const email = uniqueEmail('code')
    await page.goto('/login')
    await hydrated(page)
    await requestCode(page, email)
    const mail = await latestMail(request, email)
    expect(mail.code).toMatch(/^\d{6}$/)
    await page.getByLabel(msg('en', 'acc_code_label')).fill(mail.code!)
    await page.getByRole('button', { name: msg('en', 'acc_sign_in') }).click()
    await expect(page).toHaveURL(/localhost:\d+\/$/)
    await expect(page.getByTestId('account-link')).toBeVisible()
    const cookies = await page.context().cookies()
    expect(cookies.find((c) => c.name === 'auth._token.local')?.value).toMatch(/^Bearer%20/)
    expect(Number(cookies.find((c) => c.name === 'auth._token_expiration.local')?.value)).toBeGreaterThan(Date.now())
    expect(await page.evaluate(() => localStorage.getItem('auth._token.local'))).toMatch(/^Bearer /)
  })

  test('a wrong code shows the translated message and keeps what was typed', async ({ page }) => {
    const email = uniqueEmail('wrong')
    await page.goto('/ru/login')
    await hydrated(page)
    await page.getByLabel(msg('ru', 'acc_email_label')).fill(email)
    await page.getByRole('button', { name: msg('ru', 'acc_send_code') }).click()
    const code = page.getByLabel(msg('ru', 'acc_code_label'))
    await code.fill('000000')
    await page.getByRole('button', { name: msg('ru', 'acc_sign_in') }).click()
    await expect(page.locator('.form-error')).toContainText('Неверный код')
    await expect(code).toHaveValue('000000')
    await expect(page).toHaveURL(/\/ru\/login$/)
  })

  test('the form validates before sending (spec 5)', async ({ page }) => {
    await page.goto('/de/login')
    await hydrated(page)
    const field = page.getByLabel(msg('de', 'acc_email_label'))
    await field.fill('not-an-address')
    await field.blur()
    await expect(page.locator('.field__error')).toHaveText('E-Mail muss eine gültige E-Mail-Adresse sein.')
    await expect(page.locator('.field').first()).toHaveAttribute('data-state', 'failed')
    await expect(page.locator('.field').first()).toHaveAttribute('data-touched', 'true')
    await field.fill('ann@example.com')
    await expect(page.locator('.field').first()).toHaveAttribute('data-state', 'passed')
    await expect(page.locator('.field__error')).toHaveCount(0)
  })

  test('by the link from the e-mail', async ({ page, request }) => {
    const email = uniqueEmail('link')
    await page.goto('/login')
    await hydrated(page)
    await requestCode(page, email)
    const mail = await latestMail(request, email)
    const link = new URL(mail.link!)
    await page.goto(link.pathname + link.search)
    await expect(page).toHaveURL(/localhost:\d+\/en$/)
    await expect(page.getByTestId('account-link')).toBeVisible()
  })

  test('a used link says so', async ({ page, request }) => {
    const email = uniqueEmail('used')
    await request.get(`${BACKEND}/en/users/auth?email=${encodeURIComponent(email)}`)
    const mail = await latestMail(request, email)
    const path = new URL(mail.link!).pathname
    expect((await request.get(`${BACKEND}/en/users/auth/${path.split('/').pop()}`)).status()).toBe(200)
    await page.goto(path)
    await expect(page.getByTestId('link-failed')).toBeVisible()
  })
})

test.describe('spec 2, 5: the remembered target', () => {
  test('a protected page redirects to login and comes back after login', async ({ page, request }) => {
    const email = uniqueEmail('target')
    await page.goto('/de/account')
    await expect(page).toHaveURL(/\/de\/login\?redirect=%2Faccount$/)
    await hydrated(page)
    await page.getByLabel(msg('de', 'acc_email_label')).fill(email)
    await page.getByRole('button', { name: msg('de', 'acc_send_code') }).click()
    const mail = await latestMail(request, email)
    await page.getByLabel(msg('de', 'acc_code_label')).fill(mail.code!)
    await page.getByRole('button', { name: msg('de', 'acc_sign_in') }).click()
    await expect(page).toHaveURL(/\/de\/account$/)
    await expect(page.getByTestId('account-email')).toContainText(email)
  })

  test('an unsafe redirect target is ignored', async ({ page, request }) => {
    const email = uniqueEmail('unsafe')
    await page.goto('/login?redirect=%2F%2Fevil.example%2Fsteal')
    await hydrated(page)
    await expect(page.getByTestId('login-target')).toHaveCount(0)
    await requestCode(page, email)
    const mail = await latestMail(request, email)
    await page.getByLabel(msg('en', 'acc_code_label')).fill(mail.code!)
    await page.getByRole('button', { name: msg('en', 'acc_sign_in') }).click()
    await expect(page).toHaveURL(/localhost:\d+\/$/)
  })
})

test.describe('spec 7: the account area', () => {
  test('shows the user, and logout clears the session and goes to the root', async ({ page, request, context, baseURL }) => {
    const { email } = await loginViaApi(request, context, baseURL!)
    await page.goto('/account')
    await expect(page.getByTestId('account-email')).toContainText(email)
    await expect(page.getByTestId('account-link')).toBeVisible()
    await hydrated(page)
    await page.getByTestId('logout').click()
    await expect(page).toHaveURL(/localhost:\d+\/$/)
    await expect(page.getByTestId('login-link')).toBeVisible()
    expect((await context.cookies()).find((c) => c.name === 'auth._token.local')).toBeUndefined()
  })

  test('device reset with its confirmation modal and toast', async ({ page, request, context, baseURL }) => {
    const { email } = await loginViaApi(request, context, baseURL!)
    expect((await request.post(`${BACKEND}/__dev/device?email=${encodeURIComponent(email)}`)).ok()).toBe(true)
    await page.goto('/ru/account')
    await hydrated(page)
    await page.getByTestId('reset-device').click()
    const dialog = page.getByRole('dialog', { name: msg('ru', 'acc_confirm_reset_title') })
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await page.getByTestId('reset-device').click()
    await page.getByTestId('confirm-yes').click()
    await expect(page.locator('[data-sonner-toast]').first()).toContainText('Устройство отвязано')
    await expect(page.getByTestId('reset-device')).toHaveCount(0)
    await expect(page.getByTestId('account-device')).toContainText(msg('ru', 'acc_device_none'))
  })

  test('cancelling without a subscription shows the error toast', async ({ page, request, context, baseURL }) => {
    await loginViaApi(request, context, baseURL!)
    await page.goto('/account')
    await hydrated(page)
    await expect(page.getByTestId('cancel-subscription')).toHaveCount(0)
    await expect(page.getByTestId('account-subscription')).toContainText(msg('en', 'acc_sub_none'))
  })

  test('changing the e-mail validates, then sends the confirmation', async ({ page, request, context, baseURL }) => {
    await loginViaApi(request, context, baseURL!)
    const next = uniqueEmail('next')
    await page.goto('/account')
    await hydrated(page)
    const form = page.getByTestId('change-email')
    await form.getByRole('button').click()
    await expect(form.locator('.field__error')).toHaveText(`${msg('en', 'acc_new_email_label')} is required.`)
    await form.getByLabel(msg('en', 'acc_new_email_label')).fill(next)
    await form.getByRole('button').click()
    await expect(page.locator('[data-sonner-toast]').first()).toContainText(next)
    await expect(page.getByText(msg('en', 'acc_pending_email', { email: next }))).toBeVisible()
    const mail = await latestMail(request, next)
    await page.goto(new URL(mail.link!).pathname)
    await expect(page.getByTestId('confirm-done')).toContainText(next)
  })

  test('the password form checks that both entries match', async ({ page, request, context, baseURL }) => {
    await loginViaApi(request, context, baseURL!)
    await page.goto('/account')
    await hydrated(page)
    const form = page.getByTestId('change-password')
    await form.getByLabel(msg('en', 'acc_password_label')).fill('correct horse')
    await form.getByLabel(msg('en', 'acc_password_confirm_label')).fill('correct horsE')
    await form.getByRole('button').click()
    await expect(form.locator('.field__error')).toHaveText(`${msg('en', 'acc_password_confirm_label')} does not match.`)
    await form.getByLabel(msg('en', 'acc_password_confirm_label')).fill('correct horse')
    await form.getByRole('button').click()
    await expect(page.locator('[data-sonner-toast]').first()).toContainText('password')
  })
})

test.describe('spec 4, 8: session lifecycle', () => {
  test('a logged-in first paint is already logged in (server-rendered)', async ({ request, context, baseURL, page }) => {
    const { email } = await loginViaApi(request, context, baseURL!)
    const cookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
    const html = await (await request.get('/account', { headers: { cookie: cookies } })).text()
    expect(html).toContain(email)
    expect(html).toContain('data-testid="account-link"')
    expect(page).toBeTruthy()
  })

  test('an expired token resets the session and the protected page goes to login', async ({ page, request, context, baseURL }) => {
    const { token } = await loginViaApi(request, context, baseURL!)
    const host = new URL(baseURL!).hostname
    const expiresAt = Date.now() + 6_000
    await context.addCookies([
      { name: 'auth._token.local', value: encodeURIComponent(`Bearer ${token}`), domain: host, path: '/' },
      { name: 'auth._token_expiration.local', value: String(expiresAt), domain: host, path: '/' },
    ])
    await page.goto('/account')
    await hydrated(page)
    await expect(page.getByTestId('account')).toBeVisible()
    await page.waitForTimeout(Math.max(0, expiresAt - Date.now()))
    await page.getByTestId('change-email').getByLabel(msg('en', 'acc_new_email_label')).fill(uniqueEmail('late'))
    await page.getByTestId('change-email').getByRole('button').click()
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/)
    expect((await context.cookies()).find((c) => c.name === 'auth._token.local')).toBeUndefined()
  })

  test('a token the backend no longer knows counts as logged out', async ({ page, context, baseURL }) => {
    const host = new URL(baseURL!).hostname
    await context.addCookies([
      { name: 'auth._token.local', value: encodeURIComponent('Bearer unknown-token-0123456789abcdef0123456789ab'), domain: host, path: '/' },
      { name: 'auth._token_expiration.local', value: String(Date.now() + 3_600_000), domain: host, path: '/' },
    ])
    await page.goto('/account')
    await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/)
  })
})

test.describe('spec 7: referrals', () => {
  test('the join code flows into the download link and sign-up', async ({ page, request, context }) => {
    await page.goto('/ru/join/friend2024')
    await expect(page.getByTestId('join-valid')).toBeVisible()
    const cookie = (await context.cookies()).find((c) => c.name === 'referrer_link_code')
    expect(cookie?.value).toBe('FRIEND2024')
    const response = await request.get('/ru/download', { maxRedirects: 0, headers: { cookie: `referrer_link_code=${cookie!.value}` } })
    expect(response.headers()['location']).toBe(`${BACKEND}/ru/launcher/download?referrer_link_code=FRIEND2024`)
    await page.getByRole('link', { name: msg('ru', 'acc_join_cta') }).click()
    await expect(page).toHaveURL(/\/ru\/login$/)
  })

  test('an unknown code says so', async ({ page }) => {
    await page.goto('/join/NOPE-0000')
    await expect(page.getByTestId('join-invalid')).toBeVisible()
    await expect(page.locator('h1')).toHaveText(msg('en', 'page_join_heading', { product: product('en') }))
  })
})
