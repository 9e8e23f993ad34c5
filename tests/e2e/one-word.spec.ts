/**
 * R2.29: one word for one thing, as a visitor reads it. The header names a subscription on the
 * trial as the account does (not "Premium" above "Trial"); a Russian receipt says Premium one way
 * ("подписка Premium"), beside the page's own "Ваш платёж за Premium"; the checkout, the footer and
 * the page name the license agreement alike; a plan named by its days reads "30-day plan".
 */

import { allowEverything, expect, test } from './support/fixtures.ts'
import { payWithNotification } from './support/payments.ts'

test.beforeEach(({ context }) => allowEverything(context))
test.describe.configure({ timeout: 120_000 })

for (const { locale, width, trial } of [
  { locale: 'en', width: 1280, trial: 'Trial' },
  { locale: 'ru', width: 390, trial: 'Пробный период' },
  { locale: 'de', width: 1280, trial: 'Testzeitraum' },
] as const) {
  test(`a subscriber on the trial: the header's badge says "${trial}", as the account does (${locale}, ${width} px)`, async ({ page, signIn, request }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    const { token } = await signIn({ locale })
    await payWithNotification(request, token, { subscriptionId: 1, locale })
    await page.goto(`/${locale}/account`)
    await expect(page.getByTestId('account-subscription').locator('.status-line')).toHaveText(trial)
    await expect(page.getByTestId('premium-badge')).toHaveText(trial)
  })
}

test('a subscriber who paid for 30 days: the header\'s badge says "Premium"', async ({ page, signIn, request }) => {
  const { token } = await signIn({ locale: 'ru' })
  await payWithNotification(request, token, { subscriptionId: 3, locale: 'ru' })
  await page.goto('/ru/account')
  await expect(page.getByTestId('account-subscription').locator('.status-line')).toHaveText('Активна')
  await expect(page.getByTestId('premium-badge')).toHaveText('Premium')
})

test.describe('on a phone, in Russian', () => {
  test.use({ viewport: { width: 390, height: 844 } })
  test('the receipt card says Premium one way: "Ваш платёж за Premium" and "Подписка Premium"', async ({ page, signIn, request }) => {
    const { token } = await signIn({ locale: 'ru' })
    const payment = await payWithNotification(request, token, { subscriptionId: 3, locale: 'ru' })
    await page.goto(`/ru/account/receipts/${payment.payment_id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Чек № ${payment.payment_id}`)
    await expect(page.locator('main')).toContainText('Ваш платёж за Premium Скинволт.')
    await expect(page.getByTestId('receipt-product')).toHaveText('Подписка Premium Скинволт')
    await expect(page.locator('main')).not.toContainText('Премиум')
  })
})

test('the checkout, the footer and the page name the user license agreement alike; the trial renews on the "30-day plan"', async ({ page }) => {
  await page.goto('/en/premium')
  await expect(page.getByTestId('trial-then')).toContainText('the subscription is renewed on the 30-day plan for $6.99.')
  await expect(page.getByRole('link', { name: 'user license agreement', exact: true })).toHaveAttribute('href', '/en/user-license')
  await expect(page.locator('footer').getByRole('link', { name: 'User license agreement', exact: true })).toHaveAttribute('href', '/en/user-license')
  await page.goto('/en/user-license')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('User license agreement')
  await page.goto('/de/user-license')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lizenzvereinbarung')
})
