/**
 * R2.17: the sign-in page says why it has a way back only when something sent the visitor there,
 * in words that fit what sent them, and says once that the site asks for no password.
 */

import { expect, test } from './support/fixtures.ts'
import { msg } from './support/messages.ts'

test.describe('R2.17: the sign-in page tells the truth about its way back', () => {
  test('en, desktop: after "Choose" on the trial as a guest, it speaks of the checkout, not of a refused page', async ({ page, hydrated }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/en/premium')
    await hydrated()
    await expect(page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
    await page.locator('li.plan-card[data-plan-id="1"]').getByRole('button').click()
    await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Fpremium$/u)
    await expect(page.getByTestId('login-target')).toHaveText("Sign in to go on with Premium. We'll bring you back to the checkout right after.")
    await expect(page.locator('main').getByText(/never asks for a password/u)).toHaveCount(1)
  })

  test('ru, 390 px: a page that needs an account says so; sign-in opened from the FAQ says nothing of a page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/ru/account')
    await expect(page).toHaveURL(/\/ru\/login\?redirect=%2Fru%2Faccount$/u)
    await expect(page.getByTestId('login-target')).toHaveText(msg('ru', 'login_required_notice'))
    await page.goto('/ru/login?redirect=%2Fru%2Ffaq')
    await expect(page.locator('h1')).toBeVisible()
    await expect(page.getByTestId('login-target')).toHaveCount(0)
    await expect(page.locator('main')).not.toContainText('Войдите, чтобы открыть эту страницу')
  })
})
