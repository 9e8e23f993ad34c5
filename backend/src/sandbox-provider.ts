import { randomInt } from 'node:crypto'
import type { Db } from './db.ts'
import type { BackendEnv } from './env.ts'
import type { Logger } from './log.ts'
import {
  type Card,
  type ChargeResult,
  type CloudPaymentsCharge,
  DECLINE_MESSAGE,
  type PayselectionCharge,
  sandboxCardToken,
  TEST_CARDS,
} from './sandbox-cards.ts'
import {
  accepted,
  cloudpaymentsFields,
  cloudpaymentsNotification,
  type Deliverer,
  type DeliveryAttempt,
  httpDeliverer,
  type OutgoingNotification,
  payselectionFields,
  payselectionNotification,
} from './sandbox-notifications.ts'

/**
 * The sandbox payment provider: what the providers' servers do behind their widgets. The widget posts the
 * card and the payment fields here; the provider decides at once (by the card number) and answers the
 * widget, and later sends the signed notification to the merchant's endpoint server to server, retrying
 * with back-off until the merchant accepts it. So the widget's success comes before the payment is paid,
 * as with the real providers. CloudPayments also asks the merchant first with a Check notification.
 * Notifications waiting to be sent are kept in the database (sandbox_notifications) before the widget
 * hears of the card, so a restart or a crash does not lose them: the next backend sends them.
 */

export interface SandboxProviderOptions {
  /** How notifications reach the merchant; a real HTTP POST by default. Tests pass one that needs no port. */
  deliver?: Deliverer
  /** The delay of the late test card. */
  lateDelayMs?: number
  /** Waits between attempts after a notification was not accepted; the number of retries is its length. */
  retryDelaysMs?: readonly number[]
  /** Where it logs a notification it gives up on, or fails to keep track of. */
  log?: Logger
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

export class SandboxProvider {
  private readonly deliver: Deliverer
  private readonly lateDelayMs: number
  private readonly retryDelaysMs: readonly number[]
  private readonly log: Logger | undefined
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
    this.log = options.log
  }

  /** When the notification of a payment with this card is sent, or null when it never is. */
  private delayFor(card: Card): number | null {
    if (card.number === TEST_CARDS.lost) return null
    if (card.number === TEST_CARDS.late) return this.lateDelayMs
    return this.env.sandboxNotifyDelayMs
  }

  /** A CloudPayments payment: Check, then the card; the Pay or Fail notification follows later. */
  async chargeCloudPayments(p: CloudPaymentsCharge): Promise<ChargeResult> {
    const now = this.now()
    const transactionId = String(randomInt(100_000_000, 2_000_000_000))
    const declined = p.card.number === TEST_CARDS.declined
    const fields = cloudpaymentsFields(p, transactionId, now)
    // The Check comes first, while the payer waits: the merchant may refuse the payment.
    const check = cloudpaymentsNotification(this.env, 'check', fields)
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
      if (delay !== null) await this.schedule('cloudpayments', cloudpaymentsNotification(this.env, 'fail', fail), delay)
      return { success: false, code: 5005, message: DECLINE_MESSAGE, transactionId }
    }
    await this.book('cloudpayments', transactionId, p.invoiceId, p.scheme, Math.round(p.amount * 100), p.currency, now)
    const pay = { ...fields, Token: sandboxCardToken(p.card, p.accountId ?? p.email) }
    if (delay !== null) await this.schedule('cloudpayments', cloudpaymentsNotification(this.env, 'pay', pay), delay)
    return { success: true, transactionId }
  }

  /** A Payselection payment: the card, then the Payment, Block or Fail webhook later. */
  async chargePayselection(p: PayselectionCharge): Promise<ChargeResult> {
    const now = this.now()
    const transactionId = `PS${String(randomInt(100_000_000, 2_000_000_000)).padStart(14, '0')}`
    const declined = p.card.number === TEST_CARDS.declined
    const fields = payselectionFields(p, transactionId, declined, now)
    const delay = this.delayFor(p.card)
    if (!declined)
      await this.book(
        'payselection',
        transactionId,
        p.orderId,
        p.paymentType === 'Block' ? 'auth' : 'charge',
        Math.round(Number(p.amount) * 100),
        p.currency,
        now,
      )
    if (delay !== null) await this.schedule('payselection', payselectionNotification(this.env, fields), delay)
    return declined ? { success: false, code: 'PaymentDeclined', message: DECLINE_MESSAGE, transactionId } : { success: true, transactionId }
  }

  /** The provider's books: the money an operation took, until it is voided or refunded (routes/sandbox-api.ts). */
  private book(provider: NotifyingProvider, id: string, invoice: string, operation: 'charge' | 'auth', minor: number, currency: string, at: Date) {
    const sql = `INSERT INTO sandbox_transactions (transaction_id, provider, invoice_id, operation, amount_minor, currency, state, created_at, updated_at)
      VALUES ($1, $2, $3, $4, $5, $6, 'taken', $7, $7)`
    return this.track(this.db.query(sql, [id, provider, invoice, operation, minor, currency, at.toISOString()]))
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
        if (!ok) this.log?.warn({ url: job.n.url, attempts: attempt }, 'the sandbox provider gave up delivering a notification')
        return this.settle()
      }
      await this.db.query('UPDATE sandbox_notifications SET next_attempt_at = $2 WHERE id = $1', [job.id, new Date(this.now().getTime() + wait).toISOString()])
      // Closed: the stored attempt is left to the next backend on this database.
      if (this.closed) return this.settle()
      this.arm({ ...job, attempts: attempt }, wait)
    } catch (err) {
      if (!this.closed) this.log?.error({ err }, 'the sandbox provider could not keep track of a notification')
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
