import { createHmac } from 'node:crypto'
import { type APIRequestContext, expect } from '@playwright/test'
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
  options: { subscriptionId?: number; locale?: string; special?: boolean } = {},
) {
  const locale = options.locale ?? 'en'
  const created = await request.post(`${BACKEND}/${locale}/payments`, {
    headers: { authorization: `Bearer ${token}` },
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
  const notified = await request.post(`${BACKEND}/notifications/cloudpayments/pay`, {
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
