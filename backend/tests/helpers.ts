import { createHmac } from 'node:crypto'
import { expect } from 'vitest'
import { type Backend, type BackendOptions, createBackend } from '../src/app.ts'
import type { Db } from '../src/db.ts'
import type { BackendEnv } from '../src/env.ts'
import type { Deliverer, OutgoingNotification } from '../src/sandbox-notifications.ts'
import type { SandboxProviderOptions } from '../src/sandbox-provider.ts'

export const SITE_URL = 'http://site.test:3000'
/** The site's second domain (R1: an original and a mirror domain). */
export const MIRROR_URL = 'http://mirror.test:3000'

/** A clock tests can move forward (never back: stored times must stay in the past). */
export function testClock() {
  let offset = 0
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms
    },
  }
}

export interface Reply<T = any> {
  status: number
  body: T
  headers: Headers
}

/** How a test signs a CloudPayments notification: the headers it sends, or a wrong secret. */
export interface CpSigning {
  headers?: ('Content-HMAC' | 'X-Content-HMAC')[]
  secret?: string
  json?: boolean
}

export interface TestApi {
  backend: Backend
  clock: ReturnType<typeof testClock>
  /** Every notification the sandbox provider sent, with the merchant's answer. */
  deliveries: { request: OutgoingNotification; status: number; body: string }[]
  /** Makes the merchant unreachable for the provider's next n deliveries (they answer 503). */
  merchantDown(n: number): void
  /** Sends a CloudPayments notification as the provider's server does: form-encoded and signed. */
  cp(kind: 'check' | 'pay' | 'fail', fields: Record<string, unknown>, signing?: CpSigning): Promise<Reply>
  /** Sends a Payselection webhook as its server does: JSON with X-SITE-ID and X-WEBHOOK-SIGNATURE. */
  ps(fields: Record<string, unknown>, signing?: { secret?: string; siteId?: string; url?: string }): Promise<Reply>
  call<T = any>(method: string, path: string, init?: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> }): Promise<Reply<T>>
  email(prefix?: string): string
  requestCode(email: string, locale?: string): Promise<{ code: string; link: string }>
  signIn(email?: string, locale?: string): Promise<{ token: string; email: string }>
  me(token: string, locale?: string): Promise<any>
  counts(): Promise<Record<string, number>>
}

let seq = 0

/** Form-encodes fields as CloudPayments does (values as strings, missing ones left out). */
export function formBody(fields: Record<string, unknown>): string {
  return new URLSearchParams(
    Object.entries(fields)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, String(v)]),
  ).toString()
}

const hmacBase64 = (secret: string, body: string) => createHmac('sha256', secret).update(body, 'utf8').digest('base64')

/**
 * Starts a backend on db for tests. The sandbox provider delivers its notifications to this backend
 * in-process (no port); `sandbox` overrides its delays. It logs nothing unless given a log (or a logLevel).
 */
export async function startApi(
  db: Db,
  env: Partial<BackendEnv> = {},
  sandbox: SandboxProviderOptions = {},
  options: Pick<BackendOptions, 'log' | 'providerFetch'> = {},
): Promise<TestApi> {
  const clock = testClock()
  const deliveries: TestApi['deliveries'] = []
  let app: Backend['app'] | null = null
  let down = 0
  const inProcess: Deliverer = async (request) => {
    if (down > 0) {
      down--
      deliveries.push({ request, status: 503, body: '' })
      return { status: 503, body: '' }
    }
    const url = new URL(request.url)
    const res = await app!.request(url.pathname + url.search, { method: 'POST', headers: request.headers, body: request.body })
    const body = await res.text()
    deliveries.push({ request, status: res.status, body })
    return { status: res.status, body }
  }
  const backend = await createBackend({
    db,
    now: clock.now,
    env: { mode: 'development', logLevel: 'silent', siteUrl: SITE_URL, siteOrigins: [SITE_URL, MIRROR_URL], ...env },
    sandbox: { deliver: inProcess, ...sandbox },
    // The providers' APIs (voids and refunds) are the sandbox's, answered in process as well.
    providerFetch: async (url, init) => {
      const target = new URL(url)
      return app!.request(target.pathname + target.search, init)
    },
    ...options,
  })
  app = backend.app
  const api: TestApi = {
    backend,
    clock,
    deliveries,
    merchantDown(n) {
      down = n
    },
    cp(kind, fields, signing = {}) {
      const secret = signing.secret ?? backend.env.cloudpaymentsApiSecret
      const raw = signing.json ? JSON.stringify(fields) : formBody(fields)
      const headers: Record<string, string> = {
        'content-type': signing.json ? 'application/json' : 'application/x-www-form-urlencoded',
      }
      for (const header of signing.headers ?? ['Content-HMAC', 'X-Content-HMAC'])
        headers[header] = hmacBase64(secret, header === 'Content-HMAC' ? raw : decodeURIComponent(raw.replace(/\+/g, ' ')))
      return api.call('POST', `/notifications/cloudpayments/${kind}`, { raw, headers })
    },
    ps(fields, signing = {}) {
      const raw = JSON.stringify(fields)
      const siteId = signing.siteId ?? backend.env.payselectionSiteId
      const url = signing.url ?? backend.env.payselectionNotificationUrl
      const signature = createHmac('sha256', signing.secret ?? backend.env.payselectionSecretKey)
        .update(`POST\n${url}\n${siteId}\n${raw}`)
        .digest('hex')
      return api.call('POST', '/notifications/payselection', {
        raw,
        headers: { 'content-type': 'application/json', 'x-site-id': siteId, 'x-webhook-signature': signature },
      })
    },
    async call(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers }
      let body: string | undefined
      if (init.raw !== undefined) body = init.raw
      else if (init.body !== undefined) {
        body = JSON.stringify(init.body)
        headers['content-type'] ??= 'application/json'
      }
      if (init.token) headers.authorization = `Bearer ${init.token}`
      const res = await backend.app.request(path, { method, headers, body })
      const text = await res.text()
      let parsed: unknown = text
      if ((res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text)
      return { status: res.status, body: parsed as any, headers: res.headers }
    },
    email(prefix = 'user') {
      return `${prefix}-${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`
    },
    async requestCode(email, locale = 'en') {
      const res = await api.call('GET', `/${locale}/users/auth?email=${encodeURIComponent(email)}`)
      expect(res.status).toBe(200)
      const mail = await api.call('GET', `/__dev/mail?to=${encodeURIComponent(email)}`)
      expect(mail.status).toBe(200)
      return { code: mail.body[0].code, link: mail.body[0].link }
    },
    async signIn(email = api.email(), locale = 'en') {
      const { code } = await api.requestCode(email, locale)
      const res = await api.call('PATCH', `/${locale}/users/verify`, { body: { email, code } })
      expect(res.status).toBe(200)
      return { token: res.body.token as string, email }
    },
    async me(token, locale = 'en') {
      const res = await api.call('GET', `/${locale}/users/me`, { token })
      expect(res.status).toBe(200)
      return res.body
    },
    async counts() {
      const tables = [
        'users',
        'auth_codes',
        'tokens',
        'refresh_tokens',
        'openid_nonces',
        'payments',
        'analytics_events',
        'referral_visits',
        'launcher_downloads',
        'mail_outbox',
      ]
      const out: Record<string, number> = {}
      for (const table of tables) {
        const [row] = await backend.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)
        out[table] = row!.n
      }
      const [users] = await backend.db.query<{ h: string }>(
        `SELECT md5(string_agg(concat_ws('|', id, email, email_confirmed, password_hash, referrer_code, device_id, sub_plan_id, sub_expires_at, sub_cancelled), ',' ORDER BY id)) AS h FROM users`,
      )
      out.usersHash = users!.h as unknown as number
      const [payments] = await backend.db.query<{ h: string }>(`SELECT md5(string_agg(concat_ws('|', id, status), ',' ORDER BY id)) AS h FROM payments`)
      out.paymentsHash = (payments!.h ?? '') as unknown as number
      return out
    },
  }
  return api
}

/** What POST /payments answers, as far as the notifications repeat it. */
export interface PaymentFields {
  payment_id: number
  amount: number
  currency: string
  email: string
}

/** The fields of a CloudPayments Check / Pay / Fail notification (the ones the backend reads, and a few more). */
export function cpNotice(payment: PaymentFields, status = 'Completed', extra: Record<string, unknown> = {}) {
  return {
    // One operation per payment unless a test says otherwise: a repeated notice is the same operation.
    TransactionId: String(100_000 + payment.payment_id),
    Amount: payment.amount.toFixed(2),
    Currency: payment.currency,
    DateTime: '2026-05-01 10:05:00',
    CardFirstSix: '424242',
    CardLastFour: '4242',
    CardType: 'Visa',
    TestMode: '1',
    Status: status,
    OperationType: 'Payment',
    InvoiceId: String(payment.payment_id),
    Email: payment.email,
    ...extra,
  }
}

/** A Payselection webhook body. */
export function psNotice(payment: PaymentFields, event = 'Payment') {
  return {
    Event: event,
    TransactionId: `PS${String(payment.payment_id).padStart(14, '0')}`,
    OrderId: String(payment.payment_id),
    Amount: payment.amount.toFixed(2),
    Currency: payment.currency,
    DateTime: '01.05.2026 10:05:00',
    IsTest: 1,
    Email: payment.email,
    CardMasked: '424242******4242',
  }
}
