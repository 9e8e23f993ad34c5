import { createHmac } from 'node:crypto'
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { BACKEND } from '../../../playwright.config.ts'

/** The stand-in backend's CloudPayments API secret (its sandbox default; the browser tests' backend keeps it). */
const CLOUDPAYMENTS_API_SECRET = 'sandbox-cloudpayments-api-secret'

/**
 * Gives a user a paid subscription the way a card payment does: POST /payments, then the
 * provider's signed notification of a completed charge (CloudPayments' Content-HMAC over the
 * form-encoded body), as the provider's server sends it.
 */
export async function payWithNotification(
  request: APIRequestContext,
  token: string,
  options: { subscriptionId?: number; locale?: string; special?: boolean; backend?: string; origin?: string } = {},
) {
  const locale = options.locale ?? 'en'
  const backend = options.backend ?? BACKEND
  const created = await request.post(`${backend}/${locale}/payments`, {
    // The site the payment is made on, as a browser's request says it (the original's by default).
    headers: { authorization: `Bearer ${token}`, ...(options.origin ? { origin: options.origin } : {}) },
    data: { subscription_id: options.subscriptionId ?? 3, service: 'cloudpayments', ...(options.special ? { special: true } : {}) },
  })
  expect(created.status(), await created.text()).toBe(201)
  const payment = (await created.json()) as { payment_id: number; amount: number; currency: string; email: string; subscription_id: number }
  const body = new URLSearchParams({
    TransactionId: String(100000 + payment.payment_id),
    Amount: payment.amount.toFixed(2),
    Currency: payment.currency,
    Status: payment.subscription_id === 1 ? 'Authorized' : 'Completed',
    OperationType: 'Payment',
    InvoiceId: String(payment.payment_id),
    Email: payment.email,
    CardLastFour: '4242',
  }).toString()
  const notified = await request.post(`${backend}/notifications/cloudpayments/pay`, {
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'content-hmac': createHmac('sha256', CLOUDPAYMENTS_API_SECRET).update(body).digest('base64'),
    },
    data: body,
  })
  expect(notified.status(), await notified.text()).toBe(200)
  expect(((await notified.json()) as { status: string }).status).toBe('paid')
  return payment
}

/** The sandbox's card that is charged at once. */
export const GOOD_CARD = '4242 4242 4242 4242'
/** The sandbox's card that its bank declines. */
export const DECLINED_CARD = '4000 0000 0000 0002'
/** R9.19: what the sandbox form says of a declined card, in English; the form stays open. */
export const DECLINED_REASON = 'The card was declined by its bank. Try another card, or close this window.'

/** The sandbox card dialog: the widget's own page, in its full-screen iframe titled as the dialog (R7). */
export function cardDialog(page: Page) {
  return page.frameLocator('iframe[title="Card payment"]').getByRole('dialog', { name: 'Card payment' })
}

/** Pays in the open sandbox card dialog, as a visitor types a card: "Pay …" for a charge, "Hold …" for a card check or the trial. */
export async function payWithCard(page: Page, card: string = GOOD_CARD) {
  const dialog = cardDialog(page)
  await expect(dialog).toBeVisible({ timeout: 20_000 })
  await dialog.getByLabel('Card number').fill(card)
  await dialog.getByLabel('Expiry date (MM/YY)').fill('12/34')
  await dialog.getByLabel('CVC').fill('123')
  await dialog.getByRole('button', { name: /^(Pay|Hold) / }).click()
}

/** R9.19: the declined card typed in the open form: its reason shows, and the form stays open for another card. */
export async function payWithDeclinedCard(page: Page) {
  await payWithCard(page, DECLINED_CARD)
  await expect(cardDialog(page).getByRole('alert').filter({ hasText: DECLINED_REASON })).toBeVisible({ timeout: 20_000 })
}

/** R9.19: after a declined card, the reason in the form, which stays open; then the visitor closes it. */
export async function closeAfterDecline(page: Page) {
  const dialog = cardDialog(page)
  await expect(dialog.getByRole('alert').filter({ hasText: DECLINED_REASON })).toBeVisible({ timeout: 20_000 })
  await dialog.getByRole('button', { name: 'Close' }).click()
}

/**
 * A signed-in visitor on the English premium page buys a month (plan 3, $6.99) with the sandbox
 * card, as a visitor does: the plan, both agreements, the pay button, the card; then the account.
 */
export async function buyMonthByCard(page: Page) {
  await page.goto('/en/premium')
  await expect(page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
  await page.locator('li.plan-card[data-plan-id="3"]:not(.plan-card--offer)').getByRole('button').click()
  await page.locator('#agreement-premium').check()
  await page.locator('#agreement-promo').check()
  await page.getByRole('button', { name: 'Pay by card · $6.99', exact: true }).click()
  await payWithCard(page)
  await expect(page).toHaveURL(/\/en\/account$/u, { timeout: 30_000 })
}
