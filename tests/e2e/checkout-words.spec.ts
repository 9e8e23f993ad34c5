/**
 * R4.2, R4.24: the checkout's words follow its state and its rules. The pay button says what is
 * happening now (not "Opening the payment form…" once the form is open), and the hint that counts
 * the agreements still to tick takes the number from the rule that lists them (three in German).
 */
import type { Page } from '@playwright/test'
import { allowEverything, expect, test } from './support/fixtures.ts'
import { cardDialog, payWithNotification } from './support/payments.ts'

const NBSP = '\u00a0'

test.beforeEach(({ context }) => allowEverything(context))
test.describe.configure({ timeout: 120_000 })

async function openPremium(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
}

const payButton = (page: Page) => page.locator('.premium-payment__pay')
const hint = (page: Page) => page.locator('#premium-pay-reason')

test.describe('R4.24: the pay button and the hint belong to the current state', () => {
  test('en at 1280 px: while the payment form is open, the button says so, and says it once the form closes', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await signIn({ locale: 'en' })
    await openPremium(page, '/en/premium')
    await page.locator('li.plan-card[data-plan-id="3"]:not(.plan-card--offer)').getByRole('button').click()
    await expect(payButton(page)).toHaveText('Pay by card · $6.99')
    await page.locator('#agreement-premium').check()
    await page.locator('#agreement-promo').check()
    await payButton(page).click()
    await expect(cardDialog(page)).toBeVisible({ timeout: 20_000 })
    await expect(hint(page)).toHaveText('The payment form is open. Finish or close it to continue.')
    await expect(payButton(page)).toHaveText('Payment form is open')
    await cardDialog(page).getByRole('button', { name: 'Close' }).click()
    await expect(cardDialog(page)).toBeHidden()
    await expect(payButton(page)).toHaveText('Pay by card · $6.99')
    await expect(hint(page)).toHaveText('')
  })
})

test.describe('R4.2: the hint counts the agreements the rule asks for', () => {
  test('de at 390 px: three agreements, none ticked, then two, then one named', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn({ locale: 'de' })
    await openPremium(page, '/de/premium')
    await page.locator('li.plan-card[data-plan-id="3"]:not(.plan-card--offer)').getByRole('button').click()
    await expect(page.locator('.agreements input[type="checkbox"]')).toHaveCount(3)
    await expect(hint(page)).toHaveText('Um zu bezahlen, setzen Sie oben noch 3 Häkchen.')
    await page.locator('#agreement-premium').check()
    await expect(hint(page)).toHaveText('Um zu bezahlen, setzen Sie oben noch 2 Häkchen.')
    await page.locator('#agreement-promo').check()
    await expect(hint(page)).toHaveText('Um zu bezahlen, bestätigen Sie bitte die sofortige Gutschrift der Tage und den Verlust Ihres Widerrufsrechts.')
  })
})

test.describe('R9.2: the trial is a hold before paying as after it', () => {
  // The history, the receipt and the e-mail say "Held to check the card"; the plan card says the same verb.
  for (const [locale, words] of [
    ['en', 'Full Premium for 3 days. To check your card, we hold $1 on it.'],
    ['ru', 'Полный Premium на 3 дня. Для проверки карты блокируем на ней 1 ₽.'],
    ['de', 'Volles Premium für 3 Tage. Zur Prüfung Ihrer Karte reservieren wir 1 € darauf.'],
  ] as const) {
    test(`${locale} at 1280 px: the trial's card holds its price, it does not charge it`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 })
      await openPremium(page, `/${locale}/premium`)
      await expect(page.locator('li.plan-card--trial .plan-card__text').first()).toHaveText(words)
    })
  }
})

test.describe('R9.16: what a subscriber is offered agrees with what they have', () => {
  test('de at 390 px: the offer says why a subscriber gets it, and the extension is not called a start', async ({ page, signIn, request }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const { token } = await signIn({ locale: 'de' })
    await payWithNotification(request, token, { subscriptionId: 3, locale: 'de' })
    await page.goto('/de/account')
    const offer = page.getByTestId('special-offer')
    await expect(offer).toContainText(`20 % Rabatt: 5,19${NBSP}€ statt 6,49${NBSP}€.`)
    await expect(page.getByTestId('special-offer-why')).toHaveText(
      'Ein Dankeschön an Abonnenten, einmal pro Konto: die nächsten Tage des Tarifs günstiger, angehängt an Ihre bisherigen.',
    )
    await openPremium(page, '/de/premium')
    await page.locator('li.plan-card[data-plan-id="3"]:not(.plan-card--offer)').getByRole('button').click()
    await expect(page.getByTestId('premium-extension')).toContainText('Diese Tage kommen danach hinzu')
    // The waiver names what happens at once for a new Premium and for days added after: the days are credited.
    await expect(page.locator('label[for="agreement-withdrawal"]')).toHaveText(
      'Ich verlange ausdrücklich, dass mir die bezahlten Tage sofort gutgeschrieben werden, und mir ist bekannt, dass ich damit mein Widerrufsrecht für diese digitalen Inhalte verliere.',
    )
    await expect(page.locator('main')).not.toContainText('Premium sofort beginnt')
  })
})
