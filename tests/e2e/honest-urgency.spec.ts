/**
 * R9.10: the countdown is a reminder that starts again, and says so wherever it is shown: the
 * promo page as well as the home page, reached by their addresses and by the site's links.
 */
import { expect, test } from './support/fixtures.ts'

const EXPLAINED = {
  ru: 'Это напоминание на время визита, а не крайний срок: таймер сам запускается заново, а тарифы и цены не меняются, когда он истекает. Итоговая цена всегда видна до оплаты.',
  en: 'A nudge for this visit, not a deadline: the timer starts again on its own, and plans and prices stay as they are when it runs out. The final price is always shown before you pay.',
} as const

test.describe('R9.10: the countdown says that it restarts', () => {
  test('ru, 390 px: the promo page says it beside its timer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/ru/promo')
    const offer = page.locator('.promo__offer')
    await expect(offer.getByTestId('countdown-explained')).toHaveText(EXPLAINED.ru)
  })

  test('en, desktop: the home page and the promo page say the same', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/en')
    await expect(page.getByTestId('premium-teaser').getByTestId('countdown-explained')).toHaveText(EXPLAINED.en)
    await page.goto('/en/promo')
    await expect(page.locator('.promo__offer').getByTestId('countdown-explained')).toHaveText(EXPLAINED.en)
  })
})
