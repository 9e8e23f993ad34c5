/**
 * Issue 16, R2, R7: signing in with Steam through the login callback. The stand-in's
 * sandbox provider answers like steamcommunity.com: the tester picks a Steam account, the
 * provider sends the visitor back to `/{locale}/login?openid.*` with a signed answer, and the
 * backend verifies it (signature, single-use nonce) before it answers a token.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { COOKIES } from '#app/core/cookies.ts'
import { expect, test } from './support/fixtures.ts'
import { type Locale, msg } from './support/messages.ts'

const HANNAH = '76561198000000001'

const cookie = async (context: BrowserContext, name: string) => (await context.cookies()).find((c) => c.name === name)

/** On the sandbox provider's page: picks a demo account (or names a new persona) and signs in. */
async function pickAccount(page: Page, account: string | { persona: string }) {
  await expect(page).toHaveURL(/\/sandbox\/openid\/login\?/)
  if (typeof account === 'string') await page.locator(`input[name="account"][value="${account}"]`).check()
  else {
    await page.locator('input[name="account"][value="new"]').check()
    await page.locator('#persona').fill(account.persona)
  }
  await page.locator('button[name="action"][value="sign_in"]').click()
}

/** The login page's Steam button: a post to the site, which stores this browser's state and sends it to the provider (R10.6). */
async function startSteam(page: Page, locale: Locale) {
  await page.getByRole('button', { name: msg(locale, 'acc_steam_sign_in') }).click()
}

/** An answer the provider made for the browser of `page`: caught on its way back and never delivered (its nonce stays unused). */
async function catchAnswer(page: Page, locale: Locale, account: string): Promise<string> {
  await page.goto(`/${locale}/login`)
  await startSteam(page, locale)
  let answer = ''
  await page.route(/\/sandbox\/openid\/login$/, async (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    const response = await route.fetch({ maxRedirects: 0 })
    answer = response.headers().location ?? ''
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>kept</title>' })
  })
  await pickAccount(page, account)
  await expect.poll(() => answer).toContain('openid.mode=id_res')
  return answer
}

test.describe('issue 16: sign in with Steam', () => {
  test("from the header's link to the login page: Steam, a demo account, back signed in on the page it started from (R2.17)", async ({ page, context }) => {
    await page.goto('/en')
    await page.getByTestId('login-link').first().click()
    await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen$/)
    await startSteam(page, 'en')
    await pickAccount(page, HANNAH)
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.getByTestId('account-link')).toBeVisible()
    expect((await cookie(context, COOKIES.token))?.value).toMatch(/^Bearer%20/)
    expect((await cookie(context, COOKIES.refreshToken))?.value).toBeTruthy()
    // The account knows the Steam account and asks for an e-mail before paying.
    await page.getByTestId('account-link').first().click()
    await expect(page.getByTestId('account-steam')).toContainText(HANNAH)
    await expect(page.getByTestId('account-steam')).toContainText('Headshot Hannah')
    await expect(page.getByTestId('account-email')).toContainText(msg('en', 'acc_email_none'))
    await expect(page.getByRole('heading', { name: msg('en', 'acc_add_email_title') })).toBeVisible()
  })

  test('the remembered target in another language comes back exactly as given (R2)', async ({ page }) => {
    await page.goto('/de/account')
    await expect(page).toHaveURL(/\/de\/login\?redirect=%2Fde%2Faccount$/)
    await startSteam(page, 'de')
    await pickAccount(page, '76561198000000004')
    await expect(page).toHaveURL(/\/de\/account$/)
    await expect(page.getByTestId('account-steam')).toContainText('Schalldämpfer Sepp')
  })

  test('a new persona in Russian, at 390 px: a new Steam user, signed in', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ru-RU', isMobile: true, hasTouch: true })
    const page = await context.newPage()
    await page.goto('/ru/login')
    await startSteam(page, 'ru')
    const persona = `Новичок ${Date.now().toString(36)}`
    await pickAccount(page, { persona })
    await expect(page).toHaveURL(/\/ru$/)
    await page.goto('/ru/account')
    await expect(page.getByTestId('account-steam')).toContainText(persona)
    await expect(page.getByTestId('account-steam')).toContainText(/\d{17}/)
    await context.close()
  })

  test('a Steam account without an e-mail is asked to add one before paying (decision 072)', async ({ page }) => {
    await page.goto('/en/login')
    await startSteam(page, 'en')
    await pickAccount(page, '76561198000000002')
    await expect(page).toHaveURL(/\/en$/)
    await page.goto('/en/premium')
    await page.locator('.plan-card[data-plan-id="3"] button').click()
    await expect(page.locator('#premium-pay-reason')).toHaveText(msg('en', 'premium_reason_email'))
    await expect(page.getByRole('button', { name: msg('en', 'premium_pay') })).toHaveAttribute('aria-disabled', 'true')
    await page.getByTestId('premium-add-email').click()
    await expect(page).toHaveURL(/\/en\/account\?redirect=%2Fen%2Fpremium#acc-email$/)
    await expect(page.getByRole('heading', { name: msg('en', 'acc_add_email_title') })).toBeVisible()
  })

  test("cancelled at Steam: the backend's message on the login page, no session", async ({ page, context }) => {
    await page.goto('/en/login')
    await startSteam(page, 'en')
    await page.locator('button[name="action"][value="cancel"]').click()
    await expect(page).toHaveURL(/\/en\/login\?.*openid\.mode=cancel/)
    await expect(page.getByTestId('steam-failed')).toContainText('Sign-in through Steam was cancelled.')
    expect(await cookie(context, COOKIES.token)).toBeUndefined()
    await page.getByTestId('steam-failed').getByRole('link').click()
    await expect(page).toHaveURL(/\/en\/login$/)
    await expect(page.getByTestId('sign-in-email')).toBeVisible()
  })

  test('R10.6: an answer made for another browser (login CSRF) is refused like a tampered one, no session', async ({ browser }) => {
    // The attacker signs in with their own Steam account and keeps the provider's answer.
    const attacker = await browser.newContext()
    const answer = await catchAnswer(await attacker.newPage(), 'en', HANNAH)
    await attacker.close()
    // A victim who never started a sign-in, and one who started their own: the attacker's answer opened from another site.
    for (const startedOwn of [false, true]) {
      const victim = await browser.newContext()
      const page = await victim.newPage()
      if (startedOwn) {
        await page.goto('/ru/login')
        await startSteam(page, 'ru')
        await expect(page).toHaveURL(/\/sandbox\/openid\/login\?/)
      }
      await page.goto(answer, { referer: 'https://attacker.example/' })
      await expect(page.getByTestId('steam-failed')).toContainText(msg('en', 'acc_steam_unverified'))
      expect(await cookie(victim, COOKIES.token)).toBeUndefined()
      await victim.close()
    }
  })

  test('R10.6: the state is HttpOnly, lives 10 minutes and is used up by the answer', async ({ page, context }) => {
    await page.goto('/de/login')
    await startSteam(page, 'de')
    const state = await cookie(context, COOKIES.openidState)
    expect(state?.httpOnly).toBe(true)
    expect(state?.sameSite).toBe('Lax')
    expect(state?.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Math.round((state!.expires - Date.now() / 1000) / 60)).toBe(10)
    await expect(page).toHaveURL(new RegExp(`openid\\.return_to=[^&]*state%3D${state!.value}`))
    await pickAccount(page, HANNAH)
    await expect(page).toHaveURL(/\/de$/)
    expect(await cookie(context, COOKIES.openidState)).toBeUndefined()
  })

  test('a replayed answer: refused with a clear message, no session', async ({ page, context }) => {
    await page.goto('/en/login')
    await startSteam(page, 'en')
    // Catch the provider's answer on its way back, as someone who saw the address would.
    let answer = ''
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.url().includes('openid.mode=id_res')) answer = request.url()
    })
    await pickAccount(page, HANNAH)
    await expect(page).toHaveURL(/\/en$/)
    expect(answer).not.toBe('')
    await context.clearCookies()
    await page.goto(answer)
    // Its state was used up by the first answer (R10.6); the backend's single-use nonce holds too (backend/tests/steam.test.ts).
    await expect(page.getByTestId('steam-failed')).toContainText(msg('en', 'acc_steam_unverified'))
    expect(await cookie(context, COOKIES.token)).toBeUndefined()
  })

  test('a tampered answer (another Steam id): refused, no session', async ({ page, context }) => {
    await page.goto('/de/login')
    await startSteam(page, 'de')
    // Stop the provider's answer before the site sees it and change whose it is (same provider, another Steam id).
    await page.route(/\/sandbox\/openid\/login$/, async (route) => {
      if (route.request().method() !== 'POST') return route.continue()
      const answer = await route.fetch({ maxRedirects: 0 })
      const url = new URL(answer.headers().location!)
      for (const name of ['openid.claimed_id', 'openid.identity']) url.searchParams.set(name, url.searchParams.get(name)!.replace(HANNAH, '76561198000000003'))
      await route.fulfill({ status: 302, headers: { location: url.href } })
    })
    await pickAccount(page, HANNAH)
    await expect(page.getByTestId('steam-failed')).toContainText('Die Antwort von Steam konnte nicht überprüft werden')
    expect(await cookie(context, COOKIES.token)).toBeUndefined()
  })

  test('without JavaScript the answer is confirmed by a button, and signs in', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/en/login')
    await startSteam(page, 'en')
    await pickAccount(page, HANNAH)
    await expect(page).toHaveURL(/\/en\/login\?.*openid\.mode=id_res/)
    await page.getByRole('button', { name: msg('en', 'acc_steam_continue') }).click()
    await expect(page).toHaveURL(/\/en$/)
    await expect(page.getByTestId('account-link')).toBeVisible()
    await context.close()
  })
})
