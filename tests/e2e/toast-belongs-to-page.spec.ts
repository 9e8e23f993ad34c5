/**
 * R8.15: a toast belongs to its page. After paying, the site takes the visitor to the account and
 * the payment's toast goes along; once the visitor opens another page (the receipt), it goes.
 */

import { allowEverything, expect, test } from './support/fixtures.ts'
import { msg, payButtonName } from './support/messages.ts'
import { GOOD_CARD } from './support/payments.ts'

test.beforeEach(({ context }) => allowEverything(context))
test.describe.configure({ timeout: 120_000 })

const FORM = {
  ru: { number: 'Номер карты', expiry: 'Срок действия (ММ/ГГ)', pay: /^Оплатить /u },
  en: { number: 'Card number', expiry: 'Expiry date (MM/YY)', pay: /^Pay /u },
} as const

for (const { locale, width, paid, receipt, heading } of [
  { locale: 'ru', width: 390, paid: 'Оплата прошла. Premium активирован — приятной игры!', receipt: 'Чек', heading: /^Чек № \d+$/u },
  { locale: 'en', width: 1280, paid: 'Payment received. Your Premium is active — enjoy!', receipt: 'Receipt', heading: /^Receipt No\. \d+$/u },
] as const) {
  test(`R8.15: the payment's toast shows on the account it leads to, and is gone on the receipt opened from there (${locale}, ${width} px)`, async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await signIn({ locale })
    await page.goto(`/${locale}/premium`)
    await expect(page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
    await page.locator('li.plan-card[data-plan-id="3"]:not(.plan-card--offer)').getByRole('button').click()
    await page.locator('#agreement-premium').check()
    await page.locator('#agreement-promo').check()
    await page.getByRole('button', { name: payButtonName(msg(locale, 'premium_pay')) }).click()
    const form = page.frameLocator('iframe[data-sandbox-widget]').getByRole('dialog')
    await form.getByLabel(FORM[locale].number).fill(GOOD_CARD)
    await form.getByLabel(FORM[locale].expiry).fill('12/34')
    await form.getByLabel('CVC').fill('123')
    await form.getByRole('button', { name: FORM[locale].pay }).click()
    await expect(page).toHaveURL(new RegExp(`/${locale}/account$`, 'u'), { timeout: 30_000 })
    const toast = page.locator('[data-sonner-toast][data-type="success"]')
    await expect(toast).toHaveText(paid, { timeout: 15_000 })
    // The visitor opens the receipt at once, well within the toast's 5 seconds.
    await page.getByTestId('payment-row').first().getByRole('link', { name: receipt }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    // Gone at once, not when its 5 seconds are up: within a second of the receipt showing
    // (a toast on its way out is marked removed).
    await expect(page.locator('[data-sonner-toast]:not([data-removed="true"])')).toHaveCount(0, { timeout: 1_000 })
  })
}
