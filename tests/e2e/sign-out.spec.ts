/**
 * R7.3, R2.17: a sign-out says what it did, on the page the visitor lands on: "Sign out" and
 * "Sign out on all devices" each confirm their own result, in the account's language, with
 * JavaScript (a toast) and without it (the form's answer: a line in the page).
 */
import { allowEverything, expect, test } from './support/fixtures.ts'

test.beforeEach(({ context }) => allowEverything(context))
test.describe.configure({ timeout: 120_000 })

for (const { locale, button, words, width } of [
  { locale: 'en', button: 'logout', words: "You're signed out.", width: 1280 },
  { locale: 'de', button: 'logout', words: 'Sie sind abgemeldet.', width: 390 },
  {
    locale: 'en',
    button: 'logout-everywhere',
    words: "You're signed out on all devices: every session of this account has ended.",
    width: 1280,
  },
  {
    locale: 'ru',
    button: 'logout-everywhere',
    words: 'Вы вышли на всех устройствах: все сеансы этого аккаунта завершены.',
    width: 390,
  },
] as const) {
  test(`R7.3: "${button}" confirms it on the home page (${locale}, ${width} px)`, async ({ page, hydrated, signIn }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await signIn({ locale })
    await page.goto(`/${locale}/account`)
    await hydrated()
    await page.getByTestId(button).click()
    await expect(page).toHaveURL(new RegExp(`/${locale}$`, 'u'))
    await expect(page.locator('[data-sonner-toast][data-type="success"]')).toHaveText(words, { timeout: 15_000 })
  })
}

test.describe('R7.3: without JavaScript, the sign-out form confirms it in the page it leads to', () => {
  test.use({ javaScriptEnabled: false })

  for (const { locale, button, words, width } of [
    { locale: 'en', button: 'logout', words: "You're signed out.", width: 1280 },
    {
      locale: 'ru',
      button: 'logout-everywhere',
      words: 'Вы вышли на всех устройствах: все сеансы этого аккаунта завершены.',
      width: 390,
    },
    { locale: 'de', button: 'logout', words: 'Sie sind abgemeldet.', width: 390 },
  ] as const) {
    test(`"${button}" posted without JavaScript lands on the home page, which says so (${locale}, ${width} px)`, async ({ page, signIn }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
      await signIn({ locale })
      await page.goto(`/${locale}/account`)
      await page.getByTestId(button).click()
      await expect(page).toHaveURL(new RegExp(`/${locale}$`, 'u'))
      await expect(page.getByTestId('login-link').first()).toBeAttached()
      await expect(page.getByTestId('flash-notice')).toHaveText(words)
      // Said once: the next page is quiet.
      await page.goto(`/${locale}/premium`)
      await expect(page.getByTestId('flash-notice')).toHaveCount(0)
    })
  }
})
