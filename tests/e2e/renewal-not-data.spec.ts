/**
 * R4.1: the checkout asks to agree to automatic renewal, and only to that. Processing the data the
 * subscription needs is not a consent: the privacy policy is stated beside the agreements, with its
 * link, and nothing about it is ticked. One checkbox bundled both ("… and that my data is processed
 * under the privacy policy"), and the hint asked to agree to the privacy policy.
 */
import type { Page } from '@playwright/test'
import { allowEverything, expect, test } from './support/fixtures.ts'

test.beforeEach(({ context }) => allowEverything(context))
test.describe.configure({ timeout: 120_000 })

async function openPremium(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
}

for (const { locale, width, agreement, note, link, reason } of [
  {
    locale: 'ru',
    width: 390,
    agreement: 'Я согласен, что подписка продлевается автоматически в конце каждого периода по цене тарифа, пока я не отключу продление в личном кабинете.',
    note: 'Чтобы оказывать услугу по подписке, мы обрабатываем ваши данные согласно политике конфиденциальности.',
    link: 'политике конфиденциальности',
    reason: 'Чтобы оплатить, согласитесь с автопродлением.',
  },
  {
    locale: 'en',
    width: 1280,
    agreement: "I agree that the subscription renews automatically at the end of each period at the plan's price until I turn renewal off in my account.",
    note: 'To provide the subscription, we process your data as described in the privacy policy.',
    link: 'privacy policy',
    reason: 'To pay, agree to automatic renewal.',
  },
  {
    locale: 'de',
    width: 390,
    agreement:
      'Ich bin einverstanden, dass sich das Abo am Ende jeder Laufzeit zum Preis des Tarifs automatisch verlängert, bis ich die Verlängerung in meinem Konto ausschalte.',
    note: 'Zur Erfüllung des Abos verarbeiten wir Ihre Daten gemäß der Datenschutzerklärung.',
    link: 'Datenschutzerklärung',
    reason: 'Um zu bezahlen, stimmen Sie der automatischen Verlängerung zu.',
  },
] as const) {
  test(`${locale}, ${width} px: the renewal checkbox is about renewal only; the privacy policy is told, not ticked`, async ({ page, signIn }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await signIn({ locale })
    await openPremium(page, `/${locale}/premium`)
    const renewal = page.locator('label[for="agreement-promo"]')
    await expect(renewal).toHaveText(agreement)
    await expect(renewal.getByRole('link')).toHaveCount(0)
    // The policy is a sentence beside the agreements, with its link, and no checkbox is its.
    const told = page.getByTestId('privacy-note')
    await expect(told).toHaveText(note)
    await expect(told.getByRole('link', { name: link })).toHaveAttribute('href', `/${locale}/policy`)
    expect(await told.evaluate((el) => el.closest('label') === null && el.querySelector('input') === null)).toBe(true)
    await expect(page.locator('.agreements label').filter({ hasText: link })).toHaveCount(0)

    // Renewal still has to be agreed to (its own hint says only that).
    await page.locator('li.plan-card[data-plan-id="3"]:not(.plan-card--offer)').getByRole('button').click()
    await page.locator('#agreement-premium').check()
    if (locale === 'de') await page.locator('#agreement-withdrawal').check()
    await expect(page.locator('#premium-pay-reason')).toHaveText(reason)
    await page.locator('#agreement-promo').check()
    await expect(page.locator('#premium-pay-reason')).toHaveText('')
  })
}
