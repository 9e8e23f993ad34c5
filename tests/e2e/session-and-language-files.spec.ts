/**
 * R3, R4, R8, R9 against the real stack: a token whose lifetime ends during a visit is
 * refreshed with the refresh token and the visitor stays signed in; R4, R7: a language whose
 * files cannot be loaded falls back to English with the language toast, and the validation
 * messages still load.
 */

import { readFileSync } from 'node:fs'
import type { BrowserContext } from '@playwright/test'
import { COOKIES } from '#app/core/cookies.ts'
import { BACKEND } from '../../playwright.config.ts'
import { signInWithCode } from './model/browser.ts'
import { allowEverything, expect, test } from './support/fixtures.ts'
import { uniqueEmail } from './support/login.ts'
import { msg } from './support/messages.ts'

// These tests are about what analytics and the tag manager receive: the visitor has allowed them (R9.24).
test.beforeEach(({ context }) => allowEverything(context))

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value
}
/** R5: the English validation file's message for a malformed address, with the field's label. */
const ENGLISH_EMAIL_MESSAGE = (JSON.parse(readFileSync('public/locales/validation/en.json', 'utf8')).messages.email as string).replace(
  '{_field_}',
  msg('en', 'acc_email_label'),
)
const bearer = (value: string | undefined) => decodeURIComponent(value ?? '').replace(/^Bearer\s+/u, '')

test.describe('R4: the token ends during a visit', () => {
  test('the refresh token gets a new one on the next page: still signed in, no warning', async ({ page, context, request, mailbox }) => {
    test.setTimeout(90_000)
    // The browser's clock, to let the token's lifetime pass while the page stays open.
    await page.clock.install()
    const email = uniqueEmail('refresh')
    await page.goto('/en/login')
    await signInWithCode(page, mailbox, email)
    await expect(page.getByTestId('account-link')).toBeVisible({ timeout: 20_000 })

    const token = bearer(await cookie(context, COOKIES.token))
    const refresh = await cookie(context, COOKIES.refreshToken)
    const expiresAt = Number(await cookie(context, COOKIES.tokenExpiration))
    const refreshExpiresAt = Number(await cookie(context, COOKIES.refreshTokenExpiration))
    expect(token).not.toBe('')
    expect(refresh, 'a sign-in stores a refresh token').toBeTruthy()
    // Refresh tokens live longer than tokens.
    expect(refreshExpiresAt).toBeGreaterThan(expiresAt)

    // The token's lifetime is over: the backend no longer takes it, and the page's clock says so too.
    expect((await request.post(`${BACKEND}/__dev/expire-tokens?email=${encodeURIComponent(email)}`)).ok()).toBe(true)
    expect((await request.get(`${BACKEND}/en/users/me`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401)
    await page.clock.setSystemTime(expiresAt + 60_000)

    const refreshed = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/users/refresh') && r.request().method() === 'POST')
    await page.getByTestId('account-link').click()
    expect((await refreshed).status()).toBe(200)

    await expect(page).toHaveURL(/\/en\/account$/)
    await expect(page.getByText(email).first()).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText(msg('en', 'acc_session_expired'))).toHaveCount(0)
    await expect(page.getByTestId('login-link')).toHaveCount(0)

    // A new pair is stored; the old refresh token is used up.
    const newToken = bearer(await cookie(context, COOKIES.token))
    const newRefresh = await cookie(context, COOKIES.refreshToken)
    expect(newToken).not.toBe(token)
    expect(newRefresh).toBeTruthy()
    expect(newRefresh).not.toBe(refresh)
    expect((await request.get(`${BACKEND}/en/users/me`, { headers: { authorization: `Bearer ${newToken}` } })).status()).toBe(200)

    // The server reads the new session too: a reload of the account stays signed in.
    await page.reload()
    await expect(page).toHaveURL(/\/en\/account$/)
    await expect(page.getByText(email).first()).toBeVisible({ timeout: 20_000 })
  })
})

test.describe('R4: a language file that fails', () => {
  test('the Russian files fail: the English page, the language toast, and the validation messages still load', async ({ page, request, context, hydrated }) => {
    // The files the Russian build of the login page needs, as the site lists them.
    const map = (await (await request.get('/_app/prefetch-map.json?v=probe&l=ru')).json()) as Record<string, string[]>
    const files = new Set(Object.values(map).flat())
    expect(files.size).toBeGreaterThan(0)
    const failed: string[] = []
    await page.route(
      (url) => files.has(url.pathname),
      async (route) => {
        failed.push(new URL(route.request().url()).pathname)
        await route.fulfill({ status: 404, body: 'not found' })
      },
    )

    await page.goto('/en/login')
    await hydrated()
    await page.getByRole('link', { name: 'Русский' }).click()

    // The toast travels with the fallback to the English page.
    await expect(page.getByText(msg('en', 'notifications_errors_language'))).toBeVisible({ timeout: 20_000 })
    expect(failed.length).toBeGreaterThan(0)
    await expect(page).toHaveURL(/\/en\/login$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true')
    // The visitor's choice stays remembered (decision 064): the next visit tries Russian again.
    expect(await cookie(context, COOKIES.locale)).toBe('ru')

    // The validation messages: the e-mail field's message for a malformed address, in English.
    const form = page.getByTestId('sign-in-email')
    const input = form.getByLabel(msg('en', 'acc_email_label'), { exact: false })
    await expect(async () => {
      await input.fill('not-an-address')
      await input.blur()
      await expect(form.locator('.field__error')).toHaveText(ENGLISH_EMAIL_MESSAGE, { timeout: 3_000 })
    }).toPass({ timeout: 20_000 })
  })
})

test.describe('R3: the analytics user id', () => {
  test("a signed-in visitor's id is in the data layer; signing out clears it", async ({ page, request, signedIn }) => {
    const { token } = signedIn
    const me = (await (await request.get(`${BACKEND}/en/users/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number | string }
    await page.goto('/en/account')
    const userIds = () => page.evaluate(() => (window.dataLayer ?? []).filter((entry) => 'user_id' in entry).map((entry) => entry.user_id))
    await expect.poll(userIds, { timeout: 30_000 }).toEqual([String(me.id)])
    await page.getByTestId('logout').click()
    await expect(page.getByTestId('login-link')).toBeVisible()
    await expect.poll(userIds).toEqual([String(me.id), null])
  })
})
