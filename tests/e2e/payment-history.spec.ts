/**
 * R9.18 (issue 37, part 5): the account lists past payments (date, plan as the site names it, amount and
 * currency, status, card) and each paid one has a printable receipt in the page's language and
 * the domain's brand, with the seller's details. Reached the visitor's way: paid with the sandbox
 * card, then by the account's link; on a phone in Russian; on the mirror; another's receipt is 404.
 */

import { SITE_PORT } from '../../playwright.config.ts'
import { expect, test } from './support/fixtures.ts'
import { msg } from './support/messages.ts'
import { buyMonthByCard, payWithNotification } from './support/payments.ts'

test.describe.configure({ timeout: 120_000 })

const NBSP = '\u00a0'
const today = (locale: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date())

test("a month paid by card: a row in the history, and its receipt by the row's link, printable", async ({ page, signIn }) => {
  await signIn({ locale: 'en' })
  await buyMonthByCard(page)

  const row = page.getByTestId('payment-row').first()
  await expect(row).toHaveAttribute('data-status', 'paid')
  await expect(row).toContainText(today('en-US'))
  await expect(row).toContainText('30 days')
  await expect(row).toContainText('$6.99')
  await expect(row).toContainText('Paid')
  await expect(row).toContainText('Visa •••• 4242')

  await row.getByRole('link', { name: 'Receipt' }).click()
  await expect(page).toHaveURL(/\/en\/account\/receipts\/\d+$/u)
  const id = /(\d+)$/u.exec(page.url())![1]!
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Receipt No. ${id}`)
  await expect(page).toHaveTitle('Receipt — Skinvault')
  const receipt = page.getByTestId('receipt')
  await expect(receipt).toContainText('Skinvault')
  await expect(page.getByTestId('receipt-product')).toHaveText('Skinvault Premium subscription')
  await expect(page.getByTestId('receipt-plan')).toHaveText('30 days')
  await expect(receipt.locator('dt', { hasText: 'Amount charged' })).toBeVisible()
  await expect(page.getByTestId('receipt-amount')).toHaveText('$6.99')
  await expect(page.getByTestId('receipt-card')).toHaveText('Visa •••• 4242')
  await expect(page.getByTestId('receipt-payment')).toHaveText(id)
  await expect(receipt.getByRole('link', { name: 'support@skinvault.gg' })).toBeVisible()

  // Printed, the receipt stands alone: no site header, footer or buttons.
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('body > * header').first()).toBeHidden()
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeHidden()
  await expect(page.getByTestId('receipt-amount')).toBeVisible()
  await page.emulateMedia({ media: 'screen' })
  await page.getByRole('link', { name: 'Back to the account' }).click()
  await expect(page).toHaveURL(/\/en\/account$/u)
})

test.describe('on a phone, in Russian', () => {
  test.use({ viewport: { width: 390, height: 844 } })
  test('the trial is "held to check the card", in roubles, with its own name', async ({ page, signIn, request }) => {
    const { token } = await signIn({ locale: 'ru' })
    await payWithNotification(request, token, { subscriptionId: 1, locale: 'ru' })
    await page.goto('/ru/account')
    const row = page.getByTestId('payment-row').first()
    await expect(row).toHaveAttribute('data-status', 'held')
    await expect(row).toContainText('Пробный период')
    await expect(row).toContainText(`1${NBSP}₽`)
    await expect(row).toContainText('Заблокировано для проверки карты')
    await expect(row).toContainText('•••• 4242')
    // The row fits the phone: nothing wider than the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await row.getByRole('link', { name: 'Чек' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Чек № \d+$/u)
    await expect(page.getByTestId('receipt').locator('dt', { hasText: 'Заблокировано для проверки карты' })).toBeVisible()
    await expect(page.getByTestId('receipt-product')).toHaveText('Подписка Premium Скинволт')
  })
})

test("on the mirror, in German: the mirror's brand and support address", async ({ page, signIn, request }) => {
  const mirror = `http://mirror.localhost:${SITE_PORT}`
  const { token } = await signIn({ locale: 'de', site: mirror })
  const payment = await payWithNotification(request, token, { subscriptionId: 3, locale: 'de', origin: mirror })
  await page.goto(`${mirror}/de/account/receipts/${payment.payment_id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Beleg Nr. ${payment.payment_id}`)
  await expect(page.getByTestId('receipt-product')).toHaveText('SV Changer Premium-Abonnement')
  await expect(page.getByTestId('receipt-amount')).toHaveText(`6,49${NBSP}€ inkl. MwSt.`)
  await expect(page.getByTestId('receipt').getByRole('link', { name: 'help@svchanger.app' })).toBeVisible()
})

test.describe('R1.8: a receipt is the receipt of its purchase, wherever it is opened', () => {
  test.use({ viewport: { width: 390, height: 844 } })
  test("ru, phone: bought on the original, opened on the mirror: the original's brand and address", async ({ page, signIn, request }) => {
    const mirror = `http://mirror.localhost:${SITE_PORT}`
    const { token } = await signIn({ locale: 'ru', site: mirror })
    const payment = await payWithNotification(request, token, { subscriptionId: 3, locale: 'ru', origin: `http://localhost:${SITE_PORT}` })
    await page.goto(`${mirror}/ru/account/receipts/${payment.payment_id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Чек № ${payment.payment_id}`)
    await expect(page.getByTestId('receipt-product')).toHaveText('Подписка Premium Скинволт')
    await expect(page.getByTestId('receipt').getByRole('link', { name: 'support@skinvault.gg' })).toBeVisible()
    await expect(page.getByTestId('receipt')).not.toContainText('help@svchanger.app')
  })
})

test("another user's receipt, or an unknown one, answers 404; a guest is sent to sign in", async ({ page, signIn, request, browser }) => {
  const owner = await signIn({ locale: 'en' })
  const payment = await payWithNotification(request, owner.token, { subscriptionId: 3 })
  const guest = await browser.newContext()
  const guestPage = await guest.newPage()
  await guestPage.goto(`http://localhost:${SITE_PORT}/en/account/receipts/${payment.payment_id}`)
  await expect(guestPage).toHaveURL(/\/en\/login\?redirect=/u)
  await guest.close()
  // Another visitor, signed in.
  await page.context().clearCookies()
  await signIn({ locale: 'en' })
  const theirs = await page.goto(`/en/account/receipts/${payment.payment_id}`)
  expect(theirs?.status()).toBe(404)
  const unknown = await page.goto('/en/account/receipts/999999')
  expect(unknown?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('en', 'page_not_found_heading'))
})
