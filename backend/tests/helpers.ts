import { expect } from 'vitest'
import { createBackend, type Backend } from '../src/app'
import type { Db } from '../src/db'
import type { BackendEnv } from '../src/env'

export const SITE_URL = 'http://site.test:3000'
/** The site's second domain (spec 1: an original and a mirror domain). */
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

export interface TestApi {
  backend: Backend
  clock: ReturnType<typeof testClock>
  call<T = any>(method: string, path: string, init?: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> }): Promise<Reply<T>>
  email(prefix?: string): string
  requestCode(email: string, locale?: string): Promise<{ code: string; link: string }>
  signIn(email?: string, locale?: string): Promise<{ token: string; email: string }>
  me(token: string, locale?: string): Promise<any>
  counts(): Promise<Record<string, number>>
}

let seq = 0

export async function startApi(db: Db, env: Partial<BackendEnv> = {}): Promise<TestApi> {
  const clock = testClock()
  const backend = await createBackend({
    db,
    now: clock.now,
    env: { mode: 'development', siteUrl: SITE_URL, siteOrigins: [SITE_URL, MIRROR_URL], ...env },
  })
  const api: TestApi = {
    backend,
    clock,
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
      const tables = ['users', 'auth_codes', 'tokens', 'payments', 'analytics_events', 'referral_visits', 'launcher_downloads', 'mail_outbox']
      const out: Record<string, number> = {}
      for (const table of tables) {
        const [row] = await backend.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)
        out[table] = row!.n
      }
      const [users] = await backend.db.query<{ h: string }>(
        `SELECT md5(string_agg(concat_ws('|', id, email, email_confirmed, password_hash, referrer_code, device_id, sub_plan_id, sub_expires_at, sub_cancelled), ',' ORDER BY id)) AS h FROM users`,
      )
      out.usersHash = users!.h as unknown as number
      const [payments] = await backend.db.query<{ h: string }>(
        `SELECT md5(string_agg(concat_ws('|', id, status), ',' ORDER BY id)) AS h FROM payments`,
      )
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

/** A payment notification as the cloudpayments sandbox widget sends it. */
export function cpNotice(payment: PaymentFields, status = 'Completed', extra: Record<string, unknown> = {}) {
  return {
    InvoiceId: String(payment.payment_id),
    Amount: payment.amount,
    Currency: payment.currency,
    Email: payment.email,
    Status: status,
    CardLastFour: '4242',
    TransactionId: '1001',
    ...extra,
  }
}

export function psNotice(payment: PaymentFields, event = 'Payment') {
  return {
    Event: event,
    OrderId: String(payment.payment_id),
    Amount: payment.amount.toFixed(2),
    Currency: payment.currency,
    Email: payment.email,
    TransactionId: 'PS1',
    CardMasked: '424242******4242',
  }
}
