import { createHash, randomInt } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { cardBrand } from './cards.ts'
import type { Db } from './db.ts'
import type { BackendEnv } from './env.ts'
import { cloudpaymentsHmac, payselectionSignature, urlDecodedBody } from './signatures.ts'

/**
 * The sandbox payment provider: what the providers' servers do behind their widgets. The widget posts the
 * card and the payment fields here; the provider decides at once (by the card number) and answers the
 * widget, and later sends the signed notification to the merchant's endpoint server to server, retrying
 * with back-off until the merchant accepts it. So the widget's success comes before the payment is paid,
 * as with the real providers. CloudPayments also asks the merchant first with a Check notification.
 * Notifications waiting to be sent are kept in the database (sandbox_notifications) before the widget
 * hears of the card, so a restart or a crash does not lose them: the next backend sends them.
 */

/** Test cards (any other valid number is approved). */
export const TEST_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  /** Approved; the notification arrives late (lateDelayMs, 30 s by default). */
  late: '4000000000000077',
  /** Approved; the notification is never sent. */
  lost: '4000000000000069',
} as const

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

export interface SandboxProviderOptions {
  /** How notifications reach the merchant; a real HTTP POST by default. Tests pass one that needs no port. */
  deliver?: Deliverer
  /** The delay of the late test card. */
  lateDelayMs?: number
  /** Waits between attempts after a notification was not accepted; the number of retries is its length. */
  retryDelaysMs?: readonly number[]
}

/** How long a notification being sent is claimed for: another backend on the database leaves it alone meanwhile. */
const LEASE_MS = 60_000

type NotifyingProvider = 'cloudpayments' | 'payselection'

/** A stored notification: its row and the attempts made so far. */
interface Job {
  id: number
  provider: NotifyingProvider
  n: OutgoingNotification
  attempts: number
}

export const DEFAULT_LATE_DELAY_MS = 30_000
export const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000] as const

export interface Card {
  number: string
  expiry: string
}

export interface CloudPaymentsCharge {
  scheme: 'charge' | 'auth'
  invoiceId: string
  accountId?: string | undefined
  amount: number
  currency: string
  email?: string | undefined
  description?: string | undefined
  card: Card
}

export interface PayselectionCharge {
  paymentType: 'Pay' | 'Block'
  orderId: string
  amount: string
  currency: string
  email?: string | undefined
  description?: string | undefined
  card: Card
}

export type ChargeResult =
  | { success: true; transactionId: string }
  | { success: false; code: string | number | null; message: string; transactionId: string | null }

export const DECLINE_MESSAGE = 'Card declined by the issuer'

/**
 * R9.22: the reusable token a provider gives a card it took, as its notification sends it: the same
 * card on the same account gives the same token (the providers keep one per card and payer).
 */
export function sandboxCardToken(card: Card, payer: string | undefined): string {
  return `tk_${createHash('sha256')
    .update(`${card.number}:${payer ?? ''}`)
    .digest('hex')
    .slice(0, 24)}`
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

const pad = (n: number) => String(n).padStart(2, '0')

/** Whether the merchant accepted a notification: 200, and for CloudPayments `{"code":0}`. */
function accepted(provider: 'cloudpayments' | 'payselection', answer: DeliveryAnswer): boolean {
  if (answer.status !== 200) return false
  if (provider === 'payselection') return true
  try {
    return (JSON.parse(answer.body) as { code?: unknown }).code === 0
  } catch {
    return false
  }
}

export class SandboxProvider {
  private readonly deliver: Deliverer
  private readonly lateDelayMs: number
  private readonly retryDelaysMs: readonly number[]
  private readonly timers = new Set<NodeJS.Timeout>()
  private readonly inFlight = new Set<Promise<unknown>>()
  private waiters: (() => void)[] = []
  private pending = 0
  private closed = false
  /** The latest delivery attempts, newest last (at most 500). */
  readonly attempts: DeliveryAttempt[] = []

  constructor(
    private readonly env: BackendEnv,
    private readonly db: Db,
    private readonly now: () => Date,
    options: SandboxProviderOptions = {},
  ) {
    this.deliver = options.deliver ?? httpDeliverer
    this.lateDelayMs = options.lateDelayMs ?? DEFAULT_LATE_DELAY_MS
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
  }

  /** When the notification of a payment with this card is sent, or null when it never is. */
  private delayFor(card: Card): number | null {
    if (card.number === TEST_CARDS.lost) return null
    if (card.number === TEST_CARDS.late) return this.lateDelayMs
    return this.env.sandboxNotifyDelayMs
  }

  private cloudpaymentsRequest(kind: 'check' | 'pay' | 'fail', fields: Record<string, string | undefined>): OutgoingNotification {
    const body = new URLSearchParams(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined)).toString()
    const secret = this.env.cloudpaymentsApiSecret
    return {
      url: `${this.env.backendPublicUrl}/notifications/cloudpayments/${kind}`,
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8',
        'Content-HMAC': cloudpaymentsHmac(Buffer.from(body, 'utf8'), secret),
        'X-Content-HMAC': cloudpaymentsHmac(Buffer.from(urlDecodedBody(body)!, 'utf8'), secret),
      },
      body,
    }
  }

  private payselectionRequest(fields: Record<string, unknown>): OutgoingNotification {
    const body = JSON.stringify(fields)
    const { payselectionNotificationUrl: url, payselectionSiteId: siteId, payselectionSecretKey: secret } = this.env
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

  /** A CloudPayments payment: Check, then the card; the Pay or Fail notification follows later. */
  async chargeCloudPayments(p: CloudPaymentsCharge): Promise<ChargeResult> {
    const now = this.now()
    const transactionId = String(randomInt(100_000_000, 2_000_000_000))
    const declined = p.card.number === TEST_CARDS.declined
    const fields: Record<string, string | undefined> = {
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
    // The Check comes first, while the payer waits: the merchant may refuse the payment.
    const check = this.cloudpaymentsRequest('check', fields)
    let code: unknown = null
    try {
      const answer = await this.track(this.deliver(check))
      this.record(check, 1, answer.status, accepted('cloudpayments', answer))
      code = answer.status === 200 ? (JSON.parse(answer.body) as { code?: unknown }).code : null
    } catch {
      this.record(check, 1, null, false)
    }
    if (code !== 0) return { success: false, code: typeof code === 'number' ? code : null, message: 'The payment was refused by the shop', transactionId: null }
    const delay = this.delayFor(p.card)
    if (declined) {
      const fail = { ...fields, Status: 'Declined', Reason: 'Do Not Honor', ReasonCode: '5005' }
      if (delay !== null) await this.schedule('cloudpayments', this.cloudpaymentsRequest('fail', fail), delay)
      return { success: false, code: 5005, message: DECLINE_MESSAGE, transactionId }
    }
    if (delay !== null)
      await this.schedule('cloudpayments', this.cloudpaymentsRequest('pay', { ...fields, Token: sandboxCardToken(p.card, p.accountId ?? p.email) }), delay)
    return { success: true, transactionId }
  }

  /** A Payselection payment: the card, then the Payment, Block or Fail webhook later. */
  async chargePayselection(p: PayselectionCharge): Promise<ChargeResult> {
    const now = this.now()
    const transactionId = `PS${String(randomInt(100_000_000, 2_000_000_000)).padStart(14, '0')}`
    const declined = p.card.number === TEST_CARDS.declined
    const fields: Record<string, unknown> = {
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
    const delay = this.delayFor(p.card)
    if (delay !== null) await this.schedule('payselection', this.payselectionRequest(fields), delay)
    return declined ? { success: false, code: 'PaymentDeclined', message: DECLINE_MESSAGE, transactionId } : { success: true, transactionId }
  }

  private record(n: OutgoingNotification, attempt: number, status: number | null, ok: boolean) {
    this.attempts.push({ url: n.url, body: n.body, attempt, status, accepted: ok, at: this.now().toISOString() })
    if (this.attempts.length > 500) this.attempts.splice(0, this.attempts.length - 500)
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p)
    void p.then(
      () => this.inFlight.delete(p),
      () => this.inFlight.delete(p),
    )
    return p
  }

  private later(fn: () => void, ms: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      fn()
    }, ms)
    timer.unref()
    this.timers.add(timer)
  }

  /**
   * Stores a notification, then sends it after a delay and retries with back-off until the merchant
   * accepts it. Resolves once it is stored.
   */
  private async schedule(provider: NotifyingProvider, n: OutgoingNotification, delay: number): Promise<void> {
    if (this.closed) return
    this.pending++
    try {
      const now = this.now()
      const [row] = await this.track(
        this.db.query<{ id: number }>(
          `INSERT INTO sandbox_notifications (provider, url, headers, body, attempts, next_attempt_at, created_at)
           VALUES ($1, $2, $3, $4, 0, $5, $6) RETURNING id`,
          [provider, n.url, JSON.stringify(n.headers), n.body, new Date(now.getTime() + delay).toISOString(), now.toISOString()],
        ),
      )
      this.arm({ id: row!.id, provider, n, attempts: 0 }, delay)
    } catch (err) {
      this.settle()
      throw err
    }
  }

  /** Picks up the notifications a previous backend on this database left unsent (at start). */
  async resume(): Promise<void> {
    const rows = await this.db.query<{
      id: number
      provider: NotifyingProvider
      url: string
      headers: string
      body: string
      attempts: number
      next_attempt_at: unknown
    }>('SELECT id, provider, url, headers, body, attempts, next_attempt_at FROM sandbox_notifications ORDER BY next_attempt_at, id')
    const now = this.now().getTime()
    for (const row of rows) {
      if (this.closed) return
      this.pending++
      const due = new Date(row.next_attempt_at as string | Date).getTime()
      const n = { url: row.url, headers: JSON.parse(row.headers) as Record<string, string>, body: row.body }
      this.arm({ id: row.id, provider: row.provider, n, attempts: row.attempts }, Math.max(0, due - now))
    }
  }

  private arm(job: Job, delay: number) {
    this.later(() => void this.track(this.run(job)), delay)
  }

  /** One attempt: claims the stored notification, sends it, then forgets it or stores the next attempt. */
  private async run(job: Job): Promise<void> {
    if (this.closed) return
    try {
      // Claimed for a while: another backend on this database that loaded it too leaves it alone, and
      // after a crash during the attempt the next backend tries again once the claim is over.
      const claimed = await this.db.query(
        'UPDATE sandbox_notifications SET attempts = attempts + 1, next_attempt_at = $3 WHERE id = $1 AND attempts = $2 RETURNING id',
        [job.id, job.attempts, new Date(this.now().getTime() + LEASE_MS).toISOString()],
      )
      if (claimed.length === 0) return this.settle()
      const attempt = job.attempts + 1
      let ok = false
      let status: number | null = null
      try {
        const answer = await this.deliver(job.n)
        status = answer.status
        ok = accepted(job.provider, answer)
      } catch {
        ok = false
      }
      this.record(job.n, attempt, status, ok)
      const wait = this.retryDelaysMs[attempt - 1]
      if (ok || wait === undefined) {
        await this.db.query('DELETE FROM sandbox_notifications WHERE id = $1', [job.id])
        if (!ok) console.warn(`[sandbox] gave up delivering a notification to ${job.n.url} after ${attempt} attempts`)
        return this.settle()
      }
      await this.db.query('UPDATE sandbox_notifications SET next_attempt_at = $2 WHERE id = $1', [job.id, new Date(this.now().getTime() + wait).toISOString()])
      // Closed: the stored attempt is left to the next backend on this database.
      if (this.closed) return this.settle()
      this.arm({ ...job, attempts: attempt }, wait)
    } catch (err) {
      if (!this.closed) console.error('[sandbox] could not keep track of a notification', err)
      this.settle()
    }
  }

  private settle() {
    if (this.closed) return
    this.pending--
    if (this.pending === 0) this.wake()
  }

  private wake() {
    const waiting = this.waiters
    this.waiters = []
    for (const resolve of waiting) resolve()
  }

  /** Resolves once no notification is waiting or being sent (tests). */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve()
    return new Promise((resolve) => this.waiters.push(resolve))
  }

  /**
   * Stops sending and waits for the attempts in flight; the notifications not sent yet stay in the
   * database, for the next backend on it.
   */
  async close(): Promise<void> {
    this.closed = true
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    this.pending = 0
    this.wake()
    await Promise.allSettled([...this.inFlight])
  }
}
