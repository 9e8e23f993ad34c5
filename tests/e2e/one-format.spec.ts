/**
 * R9.29: one format per kind of value on a screen. A subscriber who turns renewal off and on again
 * reads the same price and date in the toast as on the account card, in their language.
 */

import { allowEverything, expect, test } from './support/fixtures.ts'
import { msg } from './support/messages.ts'
import { payWithNotification } from './support/payments.ts'

const NBSP = '\u00a0'
test.beforeEach(({ context }) => allowEverything(context))
test.describe.configure({ timeout: 120_000 })

for (const { locale, width, price, off, on, date } of [
  {
    locale: 'ru',
    width: 390,
    price: `490${NBSP}₽`,
    off: (d: string) => `Автопродление отключено. Premium действует до ${d}.`,
    on: (c: string) => `Автопродление снова включено. Следующее списание: ${c}.`,
    date: /^\d{1,2} [а-я]+ \d{4}$/u,
  },
  {
    locale: 'de',
    width: 1280,
    price: `6,49${NBSP}€`,
    off: (d: string) => `Die automatische Verlängerung ist ausgeschaltet. Ihr Premium bleibt bis zum ${d} aktiv.`,
    on: (c: string) => `Die automatische Verlängerung ist wieder aktiv. Nächste Abbuchung: ${c}.`,
    date: /^\d{1,2}\. [A-Za-zä]+ \d{4}$/u,
  },
] as const) {
  test(`R9.29: the renewal toasts say the price and the date as the card does (${locale}, ${width} px)`, async ({ page, signIn, request, hydrated }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    const { token } = await signIn({ locale })
    await payWithNotification(request, token, { subscriptionId: 3, locale })
    await page.goto(`/${locale}/account`)
    await hydrated()
    const toast = page.locator('[data-sonner-toast][data-type="success"]')
    await page.getByTestId('cancel-subscription').click()
    await page
      .getByRole('dialog', { name: msg(locale, 'acc_confirm_cancel_title') })
      .getByTestId('confirm-yes')
      .click()
    const ends = (await page.getByTestId('account-ends').textContent())!
    expect(ends).toMatch(date)
    await expect(toast).toHaveText(off(ends))
    await toast.getByRole('button').click()
    await page.getByTestId('resume-renewal').click()
    await expect(page.getByTestId('account-next-charge')).toContainText(price)
    const next = (await page.getByTestId('account-next-charge').textContent())!
    await expect(toast).toHaveText(on(next))
    await expect(toast).not.toContainText('UTC')
  })
}
