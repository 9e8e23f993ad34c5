/**
 * The notifications the sandbox provider sends the merchant: signed as each provider signs them, sent
 * by a real HTTP POST (or a test's deliverer), and whether the merchant's answer accepts them.
 */
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { cardBrand } from './cards.ts'
import type { BackendEnv } from './env.ts'
import { type CloudPaymentsCharge, DECLINE_MESSAGE, type PayselectionCharge, sandboxCardToken } from './sandbox-cards.ts'
import { cloudpaymentsHmac, payselectionSignature, urlDecodedBody } from './signatures.ts'

export interface OutgoingNotification {
  url: string
  headers: Record<string, string>
  body: string
}

export interface DeliveryAnswer {
  status: number
  body: string
}

/** Sends one notification and answers the merchant's response; throws when the merchant cannot be reached. */
export type Deliverer = (n: OutgoingNotification) => Promise<DeliveryAnswer>

export interface DeliveryAttempt {
  url: string
  body: string
  attempt: number
  /** HTTP status, or null when the merchant could not be reached. */
  status: number | null
  accepted: boolean
  at: string
}

/** A real HTTP POST with a 10 s timeout. Node tries IPv6 and IPv4 for `localhost`. */
export const httpDeliverer: Deliverer = (n) =>
  new Promise((resolve, reject) => {
    const url = new URL(n.url)
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    const req = send(url, { method: 'POST', headers: { ...n.headers, 'Content-Length': String(Buffer.byteLength(n.body)) }, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (d: Buffer) => chunks.push(d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', reject)
    req.end(n.body)
  })

/** Whether the merchant accepted a notification: 200, and for CloudPayments `{"code":0}`. */
export function accepted(provider: 'cloudpayments' | 'payselection', answer: DeliveryAnswer): boolean {
  if (answer.status !== 200) return false
  if (provider === 'payselection') return true
  try {
    return (JSON.parse(answer.body) as { code?: unknown }).code === 0
  } catch {
    return false
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The fields of a CloudPayments notification of a charge, as CloudPayments writes them (a Fail adds its reason, a Pay the card's token). */
export function cloudpaymentsFields(p: CloudPaymentsCharge, transactionId: string, now: Date): Record<string, string | undefined> {
  return {
    TransactionId: transactionId,
    Amount: p.amount.toFixed(2),
    Currency: p.currency,
    PaymentAmount: p.amount.toFixed(2),
    PaymentCurrency: p.currency,
    DateTime: `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())} ${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}:${pad(now.getUTCSeconds())}`,
    CardFirstSix: p.card.number.slice(0, 6),
    CardLastFour: p.card.number.slice(-4),
    CardType: cardBrand(p.card.number),
    CardExpDate: p.card.expiry,
    TestMode: '1',
    Status: p.scheme === 'auth' ? 'Authorized' : 'Completed',
    OperationType: 'Payment',
    InvoiceId: p.invoiceId,
    AccountId: p.accountId,
    Email: p.email,
    Description: p.description,
    GatewayName: 'Sandbox',
  }
}

/** The fields of a Payselection webhook of a charge, as Payselection writes them: a Payment, a Block, or a Fail of a declined card. */
export function payselectionFields(p: PayselectionCharge, transactionId: string, declined: boolean, now: Date): Record<string, unknown> {
  return {
    Event: declined ? 'Fail' : p.paymentType === 'Block' ? 'Block' : 'Payment',
    TransactionId: transactionId,
    OrderId: p.orderId,
    Amount: p.amount,
    Currency: p.currency,
    DateTime: `${pad(now.getUTCDate())}.${pad(now.getUTCMonth() + 1)}.${now.getUTCFullYear()} ${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}:${pad(now.getUTCSeconds())}`,
    IsTest: 1,
    Email: p.email,
    Description: p.description,
    CardMasked: `${p.card.number.slice(0, 6)}******${p.card.number.slice(-4)}`,
    ExpirationDate: p.card.expiry,
    ...(declined ? { ErrorMessage: DECLINE_MESSAGE } : { RebillId: sandboxCardToken(p.card, p.email) }),
  }
}

/** A CloudPayments notification (Check, Pay or Fail): form-encoded fields under both HMAC headers. */
export function cloudpaymentsNotification(env: BackendEnv, kind: 'check' | 'pay' | 'fail', fields: Record<string, string | undefined>): OutgoingNotification {
  const body = new URLSearchParams(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined)).toString()
  const secret = env.cloudpaymentsApiSecret
  return {
    url: `${env.backendPublicUrl}/notifications/cloudpayments/${kind}`,
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8',
      'Content-HMAC': cloudpaymentsHmac(Buffer.from(body, 'utf8'), secret),
      'X-Content-HMAC': cloudpaymentsHmac(Buffer.from(urlDecodedBody(body)!, 'utf8'), secret),
    },
    body,
  }
}

/** A Payselection webhook: JSON fields, signed with the site's secret key over the notification URL. */
export function payselectionNotification(env: BackendEnv, fields: Record<string, unknown>): OutgoingNotification {
  const body = JSON.stringify(fields)
  const { payselectionNotificationUrl: url, payselectionSiteId: siteId, payselectionSecretKey: secret } = env
  return {
    url,
    headers: {
      'Content-Type': 'application/json',
      'X-SITE-ID': siteId,
      'X-WEBHOOK-SIGNATURE': payselectionSignature({ url, siteId, body, secret }),
    },
    body,
  }
}
