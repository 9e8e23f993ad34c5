/**
 * R9.15: one currency per subscription. What a subscriber paid in is the currency of every later
 * charge, extension and offer shown to them, whatever the page's language: a trial bought on
 * `/en` ($1) is followed by $6.99 and an offer of $5.59 on the Russian and German pages; a month
 * bought on `/ru` (490 ₽) shows roubles on the English pages. Amounts written out as each page
 * language writes them (no-break spaces included).
 *
 * R9.2: and the trial only for those who have not used it.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { msg } from './support/messages.ts'
import { payWithCard, payWithNotification } from './support/payments.ts'

test.describe.configure({ timeout: 120_000 })

const NBSP = '\u00a0'

async function premiumPrices(page: Page): Promise<string> {
  await expect(page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
  return ((await page.locator('.plan-list').textContent()) ?? '').replace(/\s+/gu, ' ')
}

test('R9.15: a trial bought in dollars on /en: the next charge and the offer stay in dollars on /ru and /de', async ({ page, signIn }) => {
  await signIn({ locale: 'en' })
  // The visitor's path: the trial chosen and paid with the sandbox card on the English page.
  await page.goto('/en/premium')
  await expect(page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
  const trial = page.locator('li.plan-card[data-plan-id="1"]')
  await expect(trial.getByTestId('plan-price')).toHaveText('$1')
  await trial.getByRole('button').click()
  await page.locator('#agreement-premium').check()
  await page.locator('#agreement-promo').check()
  // Issue 37: where the visitor pays, what is charged now and what renewal charges, from when.
  const renewalDate = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.now() + 3 * 86_400_000),
  )
  await expect(page.getByTestId('premium-schedule')).toHaveText(`$1 now, then $6.99 every 30 days from ${renewalDate} until you turn renewal off.`)
  await page.getByRole('button', { name: 'Pay by card · $1', exact: true }).click()
  await payWithCard(page)
  await expect(page).toHaveURL(/\/en\/account$/u, { timeout: 30_000 })
  await expect(page.getByTestId('account-next-charge')).toContainText('$6.99')

  // The Russian account, reached by its address: dollars beside dollars.
  await page.goto('/ru/account')
  await expect(page.getByTestId('account-next-charge')).toContainText(`6,99${NBSP}$`)
  await expect(page.getByTestId('special-offer')).toContainText(`Скидка 20%: 5,59${NBSP}$ вместо 6,99${NBSP}$.`)
  await expect(page.locator('main')).not.toContainText('₽')

  // Issue 37: what "Extend" does to the remaining days, said beside it and again at the checkout.
  const trialEnds = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    .format(new Date(Date.now() + 3 * 86_400_000))
    .replace(/\s*г\.$/u, '')
  await expect(page.getByTestId('extend-note')).toHaveText(
    `Продление добавляет дни выбранного тарифа после текущего периода, который заканчивается ${trialEnds}: ни один оставшийся день не пропадёт.`,
  )
  // The Russian premium page, reached by the account's link: the plans and the offer in dollars.
  await page.getByRole('link', { name: msg('ru', 'acc_extend') }).click()
  await expect(page).toHaveURL(/\/ru\/premium$/u)
  await expect(page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
  await page.locator('li.plan-card[data-plan-id="3"]:not(.plan-card--offer)').getByRole('button').click()
  await expect(page.getByTestId('premium-extension')).toHaveText(
    `Ваш Premium действует до ${trialEnds}: эти дни добавятся после него, оставшиеся дни не пропадут.`,
  )
  const ruPlans = await premiumPrices(page)
  expect(ruPlans).toContain('6,99 $')
  expect(ruPlans).toContain('5,59 $')
  expect(ruPlans).not.toContain('₽')

  // The German account: dollars too.
  await page.goto('/de/account')
  await expect(page.getByTestId('account-next-charge')).toContainText(`6,99${NBSP}$`)
  await expect(page.getByTestId('special-offer')).toContainText(`20 % Rabatt: 5,59${NBSP}$ statt 6,99${NBSP}$.`)
  await expect(page.locator('main')).not.toContainText('€')
})

test('R9.15: a month bought in roubles on /ru: the English account and premium page show roubles', async ({ page, request, signIn }) => {
  const { token } = await signIn({ locale: 'ru' })
  const paid = await payWithNotification(request, token, { subscriptionId: 3, locale: 'ru' })
  expect(paid).toMatchObject({ amount: 490, currency: 'RUB' })
  await page.goto('/en/account')
  await expect(page.getByTestId('account-next-charge')).toContainText(`RUB${NBSP}490`)
  await expect(page.getByTestId('special-offer')).toContainText(`20% off: RUB${NBSP}392 instead of RUB${NBSP}490.`)
  await expect(page.locator('main')).not.toContainText('$')
  await page.goto('/en/premium')
  const plans = await premiumPrices(page)
  expect(plans).toContain('RUB 490')
  expect(plans).toContain('RUB 392')
  expect(plans).not.toContain('$')
})

test("R9.15: a guest keeps the page language's currency", async ({ page }) => {
  await page.goto('/de/premium')
  const plans = await premiumPrices(page)
  expect(plans).toContain('6,49 €')
  expect(plans).not.toContain('$')
  expect(plans).not.toContain('₽')
})

test('R9.2: a visitor who used the trial is not offered it again, and is told why, in three languages', async ({ page, request, signIn }) => {
  const { token } = await signIn({ locale: 'en' })
  await payWithNotification(request, token, { subscriptionId: 1, locale: 'en' })
  const texts = {
    en: "The trial is only for an account's first Premium, and this account has already had Premium, so it is not offered: choose one of the plans below.",
    ru: 'Пробный период — только для первого Premium на аккаунте, а на этом аккаунте Premium уже был, поэтому он не предлагается: выберите один из тарифов ниже.',
    de: 'Der Testzeitraum gilt nur für das erste Premium eines Kontos, und dieses Konto hatte Premium bereits, daher wird er nicht angeboten: Wählen Sie einen der Tarife unten.',
  }
  for (const locale of ['en', 'ru', 'de'] as const) {
    await page.goto(`/${locale}/premium`)
    await expect(page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
    await expect(page.getByTestId('trial-used')).toHaveText(texts[locale])
    await expect(page.locator('li.plan-card[data-plan-id="1"]')).toHaveCount(0)
    await expect(page.locator('li.plan-card:not(.plan-card--offer)[data-plan-id="3"]')).toHaveCount(1)
  }
})

test('R9.2: a guest and a visitor who has not used the trial are offered it, without the note', async ({ page, signIn }) => {
  await page.goto('/en/premium')
  await expect(page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
  await expect(page.locator('li.plan-card[data-plan-id="1"]')).toHaveCount(1)
  await expect(page.getByTestId('trial-used')).toHaveCount(0)
  await signIn({ locale: 'en' })
  await page.goto('/en/premium')
  await expect(page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
  await expect(page.locator('li.plan-card[data-plan-id="1"]')).toHaveCount(1)
  await expect(page.getByTestId('trial-used')).toHaveCount(0)
})

test('R9.2: the trial is the first Premium: a German subscriber of the 30-day plan is offered no trial, on the premium page nor through the account’s “Verlängern”', async ({
  page,
  request,
  signIn,
}) => {
  const { token } = await signIn({ locale: 'de' })
  await payWithNotification(request, token, { subscriptionId: 3, locale: 'de' })
  await page.goto('/de/account')
  await page.getByRole('link', { name: 'Verlängern' }).click()
  await expect(page).toHaveURL(/\/de\/premium/u)
  await expect(page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
  await expect(page.getByTestId('trial-used')).toHaveText(
    'Der Testzeitraum gilt nur für das erste Premium eines Kontos, und dieses Konto hatte Premium bereits, daher wird er nicht angeboten: Wählen Sie einen der Tarife unten.',
  )
  await expect(page.locator('li.plan-card[data-plan-id="1"]')).toHaveCount(0)
})
