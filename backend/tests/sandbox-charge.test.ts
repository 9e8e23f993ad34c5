import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackend } from '../src/app.ts'
import { openPglite } from '../src/db.ts'
import { listMail } from '../src/mail.ts'
import { cpNotice, startApi, type TestApi } from './helpers.ts'

/**
 * The sandbox provider takes a charge only from its widget's own page (the backend's origin) with the
 * token its payment was issued with, for that payment's amount and currency, once; and its notifications
 * are kept in the database until the merchant accepts them.
 */

/** The backend's public origin in startApi (BACKEND_PUBLIC_URL's default). */
const OWN_ORIGIN = 'http://localhost:3001'
const card = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' }
const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex')

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

let api: TestApi
beforeAll(async () => {
  api = await startApi(await openPglite('memory://'), { sandboxNotifyDelayMs: 20 })
})
afterAll(async () => {
  await api?.backend.close()
})

async function newPayment(service: 'cloudpayments' | 'payselection' = 'cloudpayments', subscriptionId = 3) {
  const { token } = await api.signIn()
  const res = await api.call('POST', '/en/payments', { token, body: { subscription_id: subscriptionId, service } })
  expect(res.status).toBe(201)
  return res.body
}

function cpBody(pay: any, extra: Record<string, unknown> = {}) {
  return {
    provider: 'cloudpayments',
    scheme: 'charge',
    invoiceId: String(pay.payment_id),
    accountId: String(pay.user_id),
    amount: pay.amount,
    currency: pay.currency,
    email: pay.email,
    widgetToken: pay.widget_token,
    card,
    ...extra,
  }
}

function psBody(pay: any, extra: Record<string, unknown> = {}) {
  return {
    provider: 'payselection',
    paymentType: 'Pay',
    orderId: String(pay.payment_id),
    amount: pay.amount.toFixed(2),
    currency: pay.currency,
    email: pay.email,
    widgetToken: pay.widget_token,
    card,
    ...extra,
  }
}

function charge(body: unknown, headers: Record<string, string> = { origin: OWN_ORIGIN, 'sec-fetch-site': 'same-origin' }, url = '/sandbox/provider/charge') {
  return api.call('POST', url, { body, headers })
}

const sentFor = (id: number) => api.deliveries.filter((d) => d.request.body.includes(`InvoiceId=${id}&`) || d.request.body.includes(`"OrderId":"${id}"`))

async function status(id: number) {
  const [row] = await api.backend.db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [id])
  return row!.status
}

describe('R7: the widget token of a payment (development mode)', () => {
  it('answers a 43-character token with a new payment and keeps only its sha-256', async () => {
    const pay = await newPayment()
    expect(pay.widget_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const [row] = await api.backend.db.query<Record<string, unknown>>('SELECT * FROM payments WHERE id = $1', [pay.payment_id])
    expect(row!.widget_token_hash).toBe(sha256hex(pay.widget_token))
    expect(Object.values(row!).map(String)).not.toContain(pay.widget_token)
    const other = await newPayment()
    expect(other.widget_token).not.toBe(pay.widget_token)
  })

  it('answers no token in production mode', async () => {
    const db = await openPglite('memory://')
    const prod = await startApi(db, {
      mode: 'production',
      cloudpaymentsApiSecret: 'cp-live-secret-1',
      payselectionSiteId: '21044',
      payselectionSecretKey: 'ps-live-secret-1',
      cloudpaymentsPublicId: 'pk_8c1b2e4f0a6d3e5f7a9b1c3d5e7f9a1b',
    })
    try {
      const email = prod.email('prod')
      expect((await prod.call('GET', `/en/users/auth?email=${email}`)).status).toBe(200)
      const [mail] = await listMail(db, email)
      const login = await prod.call('PATCH', '/en/users/verify', { body: { email, code: mail!.code } })
      const res = await prod.call('POST', '/en/payments', { token: login.body.token, body: { subscription_id: 3, service: 'cloudpayments' } })
      expect(res.status).toBe(201)
      expect(res.body).not.toHaveProperty('widget_token')
      expect(Object.keys(res.body).sort()).toEqual(
        ['amount', 'currency', 'description', 'email', 'payment_id', 'service', 'status', 'subscription_id', 'tax_system_id', 'user_id'].sort(),
      )
      const [row] = await db.query<{ widget_token_hash: string | null }>('SELECT widget_token_hash FROM payments WHERE id = $1', [res.body.payment_id])
      expect(row!.widget_token_hash).toBeNull()
    } finally {
      await prod.backend.close()
    }
  })
})

describe('R7: POST /sandbox/provider/charge takes a charge only from the widget page, with its payment token', () => {
  it('charges with the token from the backend origin, once; no CORS header', async () => {
    const pay = await newPayment()
    const res = await charge(cpBody(pay))
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, transactionId: expect.stringMatching(/^\d+$/) })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    await api.backend.sandbox.idle()
    expect(await status(pay.payment_id)).toBe('paid')
    expect(sentFor(pay.payment_id).map((d) => new URL(d.request.url).pathname)).toEqual([
      '/notifications/cloudpayments/check',
      '/notifications/cloudpayments/pay',
    ])
    // Used: the same token cannot charge again (here the payment is paid too).
    const again = await charge(cpBody(pay))
    expect(again.status).toBe(403)
    expect(sentFor(pay.payment_id)).toHaveLength(2)
  })

  it('does not let a used token charge again while the payment is still pending', async () => {
    const pay = await newPayment('payselection')
    expect((await charge(psBody(pay, { card: { ...card, number: '4000000000000069' } }))).body.success).toBe(true) // approved, never notified
    const again = await charge(psBody(pay))
    expect(again.status).toBe(403)
    expect(again.body).toEqual({
      message: 'This payment form is not valid for this payment or has already been used. Please close it and start the payment again.',
    })
    await api.backend.sandbox.idle()
    expect(await status(pay.payment_id)).toBe('pending')
    expect(sentFor(pay.payment_id)).toEqual([])
  })

  it.each(['cloudpayments', 'payselection'] as const)(
    'R9.19 (%s): a declined card leaves the form open for another card on the same payment, which is then paid once',
    async (service) => {
      const pay = await newPayment(service)
      const body = service === 'cloudpayments' ? cpBody : psBody
      const declined = await charge(body(pay, { card: { ...card, number: '4000000000000002' } }))
      expect(declined.status).toBe(200)
      expect(declined.body).toMatchObject({ success: false })
      await api.backend.sandbox.idle()
      const [failed] = await api.backend.db.query<{ status: string; failure: string }>('SELECT status, failure FROM payments WHERE id = $1', [pay.payment_id])
      expect(failed).toEqual({ status: 'failed', failure: 'declined' })
      // Another card, same token, same payment.
      const approved = await charge(body(pay))
      expect(approved.status).toBe(200)
      expect(approved.body.success).toBe(true)
      await api.backend.sandbox.idle()
      const [paid] = await api.backend.db.query<{ status: string; failure: string | null }>('SELECT status, failure FROM payments WHERE id = $1', [
        pay.payment_id,
      ])
      expect(paid).toEqual({ status: 'paid', failure: null })
      // Paid: the token is used up.
      expect((await charge(body(pay))).status).toBe(403)
    },
  )

  it('also takes the request of a page on its own loopback origin (127.0.0.1 for localhost)', async () => {
    const pay = await newPayment()
    const res = await charge(cpBody(pay), { origin: 'http://127.0.0.1:3001', 'sec-fetch-site': 'same-origin' }, 'http://127.0.0.1:3001/sandbox/provider/charge')
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    // Another origin than the request's own is not the widget page.
    const other = await newPayment()
    const cross = await charge(cpBody(other), { origin: 'http://127.0.0.1:3001' }, 'http://localhost:3001/sandbox/provider/charge')
    expect(cross.status).toBe(403)
    await api.backend.sandbox.idle()
  })

  it.each([
    ['no Origin', {}, 'Payments are taken only from the payment form of the provider.'],
    ['another origin', { origin: 'http://evil.test' }, 'Payments are taken only from the payment form of the provider.'],
    ['the site origin', { origin: 'http://site.test:3000' }, 'Payments are taken only from the payment form of the provider.'],
    ['a cross-site fetch', { origin: OWN_ORIGIN, 'sec-fetch-site': 'cross-site' }, 'Payments are taken only from the payment form of the provider.'],
    ['a same-site fetch', { origin: OWN_ORIGIN, 'sec-fetch-site': 'same-site' }, 'Payments are taken only from the payment form of the provider.'],
  ])('refuses %s with 403 and sends nothing', async (_name, headers, message) => {
    const pay = await newPayment()
    const res = await charge(cpBody(pay), headers as Record<string, string>)
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    await api.backend.sandbox.idle()
    expect(sentFor(pay.payment_id)).toEqual([])
    expect(await status(pay.payment_id)).toBe('pending')
    // The token was not used up: the widget page can still pay.
    expect((await charge(cpBody(pay))).status).toBe(200)
    await api.backend.sandbox.idle()
  })

  it('refuses a missing, wrong or other payment token, and another amount or currency, with 403 and sends nothing', async () => {
    const pay = await newPayment()
    const other = await newPayment()
    const cases: [Record<string, unknown>, string][] = [
      [{ widgetToken: undefined }, 'This payment form was opened without the payment’s token, so it cannot take the payment. Please start the payment again.'],
      [
        { widgetToken: 'A'.repeat(43) },
        'This payment form is not valid for this payment or has already been used. Please close it and start the payment again.',
      ],
      [
        { widgetToken: other.widget_token },
        'This payment form is not valid for this payment or has already been used. Please close it and start the payment again.',
      ],
      [
        { invoiceId: String(other.payment_id) },
        'This payment form is not valid for this payment or has already been used. Please close it and start the payment again.',
      ],
      [
        { invoiceId: 'not-a-payment' },
        'This payment form is not valid for this payment or has already been used. Please close it and start the payment again.',
      ],
      [{ amount: 1 }, 'The amount or currency is not the payment’s, or the payment is no longer open. Please start the payment again.'],
      [{ currency: 'XTS' }, 'The amount or currency is not the payment’s, or the payment is no longer open. Please start the payment again.'],
    ]
    for (const [extra, message] of cases) {
      const res = await charge(cpBody(pay, extra))
      expect([extra, res.status, res.body]).toEqual([extra, 403, { message }])
    }
    const ps = await newPayment('payselection')
    const wrongAmount = await charge(psBody(ps, { amount: '1.00' }))
    expect(wrongAmount.status).toBe(403)
    const cpTokenForPs = await charge(psBody(ps, { widgetToken: pay.widget_token }))
    expect(cpTokenForPs.status).toBe(403)
    await api.backend.sandbox.idle()
    for (const id of [pay.payment_id, other.payment_id, ps.payment_id]) {
      expect(sentFor(id)).toEqual([])
      expect(await status(id)).toBe('pending')
    }
  })

  it('refuses a payment that is no longer pending', async () => {
    const pay = await newPayment()
    expect((await api.cp('pay', cpNotice(pay))).status).toBe(200)
    const res = await charge(cpBody(pay))
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ message: 'The amount or currency is not the payment’s, or the payment is no longer open. Please start the payment again.' })
  })

  it('speaks the language of the form (Accept-Language)', async () => {
    const pay = await newPayment()
    const ru = await charge(cpBody(pay, { widgetToken: undefined }), { origin: OWN_ORIGIN, 'accept-language': 'ru' })
    expect(ru.body).toEqual({ message: 'Эта платёжная форма открыта без ключа платежа и не может его провести. Начните оплату заново.' })
    const de = await charge(cpBody(pay), { origin: 'http://evil.test', 'accept-language': 'de' })
    expect(de.body).toEqual({ message: 'Zahlungen werden nur über das Zahlungsformular des Anbieters angenommen.' })
  })

  it('answers a preflight with no CORS header', async () => {
    const res = await api.call('OPTIONS', '/sandbox/provider/charge', {
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('R7: the sandbox provider keeps its notifications in the database', () => {
  it('delivers, after a restart, a notification the first backend did not send before it closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-notify-'))
    dirs.push(dir)
    const sentByFirst: string[] = []
    const first = await startApi(await openPglite(dir), { sandboxNotifyDelayMs: 60_000 }, {})
    const { token } = await first.signIn()
    const pay = (await first.call('POST', '/en/payments', { token, body: { subscription_id: 3, service: 'payselection' } })).body
    const res = await first.call('POST', '/sandbox/provider/charge', { body: psBody(pay), headers: { origin: OWN_ORIGIN } })
    expect(res.body.success).toBe(true)
    for (const d of first.deliveries) sentByFirst.push(d.request.url)
    await first.backend.close()
    expect(sentByFirst).toEqual([]) // closed (a crash) before its notification was due

    // The next backend on the same database sends it when it is due: here its clock is past that time.
    const db = await openPglite(dir)
    const delivered: { url: string; status: number }[] = []
    let app: Awaited<ReturnType<typeof createBackend>>['app'] | null = null
    const second = await createBackend({
      db,
      env: { mode: 'development', logLevel: 'silent' },
      now: () => new Date(Date.now() + 61_000),
      sandbox: {
        deliver: async (n) => {
          const url = new URL(n.url)
          const reply = await app!.request(url.pathname, { method: 'POST', headers: n.headers, body: n.body })
          delivered.push({ url: n.url, status: reply.status })
          return { status: reply.status, body: await reply.text() }
        },
      },
    })
    app = second.app
    try {
      await second.sandbox.idle()
      expect(delivered).toEqual([{ url: 'http://localhost:3001/notifications/payselection', status: 200 }])
      const [row] = await db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [pay.payment_id])
      expect(row!.status).toBe('paid')
      expect(await db.query('SELECT id FROM sandbox_notifications')).toEqual([])
    } finally {
      await second.close()
    }
  })
})
