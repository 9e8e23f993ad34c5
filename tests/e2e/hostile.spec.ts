/**
 * Issue 35, R10: the findings of a probe of the running site from outside, replayed as an attacker
 * would: a session that outlives its sign-out, a link another site opens for the visitor (login
 * CSRF, a code spent on opening), wrong codes without end. The rest of the suite: the backend's
 * findings beside its own tests (backend/tests/auth-limits.test.ts, sandbox-charge.test.ts,
 * steam-production.test.ts, env.test.ts, persistence.test.ts, server.test.ts), the HTTP layer's
 * in request-limits.spec.ts, the logs' in hostile-site.spec.ts, the fleet's in fleet.spec.ts,
 * Steam's in steam.spec.ts, the lock's in tests/unit/startup/data-lock.test.ts.
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { COOKIES } from '#app/core/cookies.ts'
import { BACKEND, SITE } from '../../playwright.config.ts'
import { expect, test } from './support/fixtures.ts'
import { type Locale, msg } from './support/messages.ts'

const cookie = async (context: BrowserContext, name: string) => (await context.cookies()).find((c) => c.name === name)

/** Whether the backend still takes a token (GET /users/me) and a refresh token (POST /users/refresh). */
async function backendTakes(request: APIRequestContext, token: string, refreshToken: string | null) {
  const me = await request.get(`${BACKEND}/en/users/me`, { headers: { authorization: `Bearer ${token}` } })
  const refreshed = refreshToken ? await request.post(`${BACKEND}/en/users/refresh`, { data: { refresh_token: refreshToken } }) : null
  return { me: me.status(), refresh: refreshed?.status() ?? null }
}

/** The session cookies of a context: the token (without its prefix) and the refresh token. */
async function storedSession(context: BrowserContext) {
  const token = decodeURIComponent((await cookie(context, COOKIES.token))!.value).replace(/^Bearer /, '')
  const refresh = await cookie(context, COOKIES.refreshToken)
  return { token, refreshToken: refresh ? decodeURIComponent(refresh.value) : null }
}

/**
 * Opens `target` the way another site sends a visitor there: a link on a page of another origin,
 * clicked (the browser says `Sec-Fetch-Site: cross-site`). The other site is a page this test
 * serves under a name that resolves nowhere.
 */
async function openFromAnotherSite(page: Page, target: string) {
  await page.route('http://attacker.invalid/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Prize</title><a id="go" href="${target}">Claim your prize</a>` }),
  )
  await page.goto('http://attacker.invalid/')
  await page.locator('#go').click()
  await page.waitForURL((url) => url.origin === SITE)
}

test.describe('R10.3: sign-out ends the session on the backend', () => {
  for (const locale of ['en', 'ru', 'de'] as const) {
    test(`the account's "Sign out" (${locale}): the old token and refresh token answer 401 afterwards`, async ({
      page,
      context,
      signIn,
      request,
      hydrated,
    }) => {
      await signIn({ refreshToken: true, locale })
      const session = await storedSession(context)
      expect(await backendTakes(request, session.token, null)).toEqual({ me: 200, refresh: null })
      await page.goto(`/${locale}/account`)
      await hydrated()
      await page.getByTestId('logout').click()
      await expect(page).toHaveURL(new RegExp(`/${locale}$`))
      expect(await cookie(context, COOKIES.token)).toBeUndefined()
      await expect.poll(async () => (await backendTakes(request, session.token, session.refreshToken)).me).toBe(401)
      expect(await backendTakes(request, session.token, session.refreshToken)).toEqual({ me: 401, refresh: 401 })
    })
  }

  test('without JavaScript the sign-out form ends the session on the backend too', async ({ browser, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const { loginViaApi } = await import('./support/login.ts')
    await loginViaApi(request, context, SITE, undefined, 'en', { refreshToken: true })
    const session = await storedSession(context)
    const page = await context.newPage()
    await page.goto('/en/account')
    await page.getByTestId('logout').click()
    await expect(page).toHaveURL(/\/en$/)
    expect(await cookie(context, COOKIES.token)).toBeUndefined()
    expect(await backendTakes(request, session.token, session.refreshToken)).toEqual({ me: 401, refresh: 401 })
    await context.close()
  })

  test('"Sign out on all devices" ends the other browser’s session too; a plain sign-out does not', async ({ browser, request }) => {
    const { loginViaApi, uniqueEmail } = await import('./support/login.ts')
    const email = uniqueEmail('devices')
    const [phone, laptop, tablet] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()])
    // Three sessions of one account: a sign-in by code, then two by the launcher password it sets.
    const first = await loginViaApi(request, phone, SITE, email, 'en', { refreshToken: true })
    const password = 'correct horse battery staple'
    const set = await request.post(`${BACKEND}/en/users/credentials`, {
      headers: { authorization: `Bearer ${first.token}` },
      data: { password, password_confirm: password },
    })
    expect(set.status()).toBe(200)
    for (const context of [laptop, tablet]) {
      const verified = await request.patch(`${BACKEND}/en/users/verify`, { data: { email, password } })
      expect(verified.status()).toBe(200)
      const grant = (await verified.json()) as { token: string; expires_in: number; refresh_token: string; refresh_expires_in: number }
      await context.addCookies([
        { name: COOKIES.token, value: encodeURIComponent(`Bearer ${grant.token}`), domain: 'localhost', path: '/' },
        { name: COOKIES.tokenExpiration, value: String(Date.now() + grant.expires_in * 1000), domain: 'localhost', path: '/' },
        { name: COOKIES.refreshToken, value: encodeURIComponent(grant.refresh_token), domain: 'localhost', path: '/' },
        { name: COOKIES.refreshTokenExpiration, value: String(Date.now() + grant.refresh_expires_in * 1000), domain: 'localhost', path: '/' },
      ])
    }
    const sessions = await Promise.all([phone, laptop, tablet].map(storedSession))
    // The phone signs out (this device only): the laptop and the tablet stay signed in.
    const phonePage = await phone.newPage()
    await phonePage.goto('/de/account')
    await expect(phonePage.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 60_000 })
    await phonePage.getByTestId('logout').click()
    await expect.poll(async () => (await backendTakes(request, sessions[0]!.token, null)).me).toBe(401)
    expect((await backendTakes(request, sessions[1]!.token, null)).me).toBe(200)
    // The laptop signs out everywhere, in German: the tablet's session ends too.
    const laptopPage = await laptop.newPage()
    await laptopPage.goto('/de/account')
    await expect(laptopPage.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 60_000 })
    await laptopPage.getByRole('button', { name: msg('de', 'acc_logout_everywhere') }).click()
    await expect(laptopPage).toHaveURL(/\/de$/)
    await expect.poll(async () => (await backendTakes(request, sessions[2]!.token, sessions[2]!.refreshToken)).me).toBe(401)
    expect(await backendTakes(request, sessions[1]!.token, sessions[1]!.refreshToken)).toEqual({ me: 401, refresh: 401 })
    expect((await backendTakes(request, sessions[2]!.token, sessions[2]!.refreshToken)).refresh).toBe(401)
    // The tablet's page finds itself signed out.
    const tabletPage = await tablet.newPage()
    await tabletPage.goto('/de/account')
    await expect(tabletPage).toHaveURL(/\/de\/login\?redirect=%2Fde%2Faccount$/)
    await Promise.all([phone, laptop, tablet].map((context) => context.close()))
  })
})

test.describe('R10.7: a link another site opens uses nothing up until the visitor says so', () => {
  const locales: Locale[] = ['en', 'ru', 'de']
  for (const locale of locales) {
    test(`a sign-in link opened from another site (${locale}): a button, no session until it is pressed`, async ({ page, context, request, mailbox }) => {
      const { uniqueEmail } = await import('./support/login.ts')
      const email = uniqueEmail('csrf-link')
      expect((await request.get(`${BACKEND}/${locale}/users/auth?email=${encodeURIComponent(email)}`)).status()).toBe(200)
      const link = new URL(await mailbox.link(email))
      await openFromAnotherSite(page, `${SITE}${link.pathname}`)
      // R4.24: the page's own heading and lead ask; the form holds the button.
      await expect(page.locator('h1')).toHaveText(msg(locale, 'page_login_code_ask_heading'))
      await expect(page.locator('.page-intro__lead')).toHaveText(msg(locale, 'acc_link_ask'))
      await expect(page.getByTestId('link-ask')).toBeVisible()
      // Hydrated, and still nothing: no call, no session.
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 60_000 })
      expect(await cookie(context, COOKIES.token)).toBeUndefined()
      await page.getByRole('button', { name: msg(locale, 'acc_link_continue') }).click()
      await expect(page.getByTestId('account-link').first()).toBeVisible()
      expect(await cookie(context, COOKIES.token)).toBeDefined()
    })
  }

  test('the same link opened by the visitor (typed, or from a mail program) signs in at once', async ({ page, context, request, mailbox }) => {
    const { uniqueEmail } = await import('./support/login.ts')
    const email = uniqueEmail('own-link')
    await request.get(`${BACKEND}/en/users/auth?email=${encodeURIComponent(email)}`)
    await page.goto(new URL(await mailbox.link(email)).pathname)
    await expect(page.getByTestId('account-link').first()).toBeVisible()
    expect(await cookie(context, COOKIES.token)).toBeDefined()
  })

  test('without JavaScript, the button posts and signs in', async ({ browser, request }) => {
    const { latestMail, uniqueEmail } = await import('./support/login.ts')
    const email = uniqueEmail('nojs-link')
    await request.get(`${BACKEND}/ru/users/auth?email=${encodeURIComponent(email)}`)
    const link = new URL((await latestMail(request, email)).link!)
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await openFromAnotherSite(page, `${SITE}${link.pathname}`)
    expect(await cookie(context, COOKIES.token)).toBeUndefined()
    await page.getByRole('button', { name: msg('ru', 'acc_link_continue') }).click()
    await expect(page).toHaveURL(/\/ru$/)
    expect(await cookie(context, COOKIES.token)).toBeDefined()
    await context.close()
  })

  test('an e-mail confirmation opened from another site spends no attempt until the button', async ({ page, request, signedIn, mailbox }) => {
    const { uniqueEmail } = await import('./support/login.ts')
    const next = uniqueEmail('csrf-confirm')
    const started = await request.put(`${BACKEND}/de/users/email`, { headers: { authorization: `Bearer ${signedIn.token}` }, data: { email: next } })
    expect(started.status()).toBe(200)
    const link = new URL(await mailbox.link(next))
    await openFromAnotherSite(page, `${SITE}${link.pathname}`)
    await expect(page.getByTestId('confirm-ask')).toContainText(msg('de', 'acc_confirm_link_ask'))
    const me = async () =>
      (await (await request.get(`${BACKEND}/de/users/me`, { headers: { authorization: `Bearer ${signedIn.token}` } })).json()) as {
        email: string
        pending_email: string | null
      }
    expect(await me()).toMatchObject({ email: signedIn.email, pending_email: next })
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 60_000 })
    await page.getByRole('button', { name: msg('de', 'acc_confirm_link_button') }).click()
    await expect(page.getByTestId('confirm-done')).toBeVisible()
    expect(await me()).toMatchObject({ email: next, pending_email: null })
  })
})

test.describe('R10.4: wrong codes are bounded per account, and the visitor is told when to try again', () => {
  /** The backend's message once an account has had 10 wrong codes in the hour (its own words, in the page's language). */
  const REFUSED: Record<Locale, string> = {
    en: 'Too many wrong codes for this account. Please try again in 60 min.',
    ru: 'Слишком много неверных кодов для этого аккаунта. Попробуйте через 60 мин.',
    de: 'Zu viele falsche Codes für dieses Konto. Bitte versuchen Sie es in 60 Min. erneut.',
  }
  for (const locale of ['en', 'ru', 'de'] as const) {
    test(`after 10 wrong codes over two codes, even the right one is refused (${locale})`, async ({ page, request, mailbox, hydrated }) => {
      test.setTimeout(120_000)
      const { uniqueEmail } = await import('./support/login.ts')
      const email = uniqueEmail('guess')
      /** Five wrong guesses at the newest code of the address, from outside the page: each one is answered 422. */
      const guessFive = async () => {
        const right = await mailbox.code(email)
        const wrong = right === '000000' ? '111111' : '000000'
        for (let i = 0; i < 5; i++) {
          const answer = await request.patch(`${BACKEND}/${locale}/users/verify`, { data: { email, code: wrong } })
          expect(answer.status()).toBe(422)
        }
      }
      await page.goto(`/${locale}/login`)
      await hydrated()
      await page.getByLabel(msg(locale, 'acc_email_label')).fill(email)
      await page.getByRole('button', { name: msg(locale, 'acc_send_code') }).click()
      await expect(page.getByLabel(msg(locale, 'acc_code_label'))).toBeVisible()
      await guessFive()
      // A new code, once the backend lets one be sent (one per 30 s): the count goes on across codes.
      const first = await mailbox.code(email)
      await page.getByRole('button', { name: msg(locale, 'acc_resend') }).click({ timeout: 40_000 })
      await expect.poll(async () => (await mailbox.all(email)).length, { timeout: 10_000 }).toBe(2)
      expect(await mailbox.code(email)).not.toBe(first)
      await guessFive()
      await page.getByLabel(msg(locale, 'acc_code_label')).fill(await mailbox.code(email))
      await page.getByRole('button', { name: msg(locale, 'acc_sign_in'), exact: true }).click()
      await expect(page.getByRole('alert').filter({ hasText: REFUSED[locale] })).toBeVisible()
      expect(page.url()).toContain(`/${locale}/login`)
      const retry = await request.patch(`${BACKEND}/${locale}/users/verify`, { data: { email, code: await mailbox.code(email) } })
      expect(retry.status()).toBe(429)
      expect(Number(retry.headers()['retry-after'])).toBeGreaterThan(3500)
      expect(Number(retry.headers()['retry-after'])).toBeLessThanOrEqual(3600)
    })
  }
})
