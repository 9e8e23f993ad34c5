/**
 * Money given back (decision 117): every operation a provider made for a payment that gives nothing
 * (a refused payment, a card check's hold, a second operation on a settled invoice) is recorded in
 * `payment_returns` inside the transaction that refuses it, then voided or refunded through the
 * provider's API once that transaction is committed. A return that cannot reach the provider is
 * tried again with back-off, also after a restart; one the provider refuses is logged for support.
 */

import { formatMoney, planLabel } from './catalog.ts'
import type { Db, Queryable } from './db.ts'
import type { BackendEnv } from './env.ts'
import { formatDate, isLocale, type Locale, t } from './i18n.ts'
import type { Logger } from './log.ts'
import { sendMail, signed } from './mail.ts'
import type { Provider } from './payments.ts'
import { type FetchLike, requestReturn } from './provider-api.ts'
import { asDate } from './users.ts'

export interface DueReturn {
  paymentId: number
  service: Provider
  transactionId: string
  kind: 'void' | 'refund'
  amountMinor: number
  currency: string
}

/** Waits after a failed attempt; past the last, every hour until the provider answers. */
export const RETURN_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000] as const
const HOURLY_MS = 3_600_000
/** How long an attempt is claimed for: another backend on the database leaves it alone meanwhile. */
const LEASE_MS = 60_000

/**
 * Records that an operation's money must go back, inside the caller's transaction. The same
 * operation is recorded once, however often its notification comes.
 */
export async function recordReturn(tx: Queryable, r: DueReturn, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO payment_returns (payment_id, service, transaction_id, kind, amount_minor, currency, next_attempt_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (service, transaction_id) DO NOTHING`,
    [r.paymentId, r.service, r.transactionId, r.kind, r.amountMinor, r.currency, now.toISOString()],
  )
}

interface ReturnRow {
  id: number
  payment_id: number
  service: Provider
  transaction_id: string
  kind: 'void' | 'refund'
  amount_minor: number
  currency: string
  attempts: number
}

export interface MoneyReturnsOptions {
  fetch?: FetchLike
  log?: Logger
  retryDelaysMs?: readonly number[]
}

export class MoneyReturns {
  private readonly fetch: FetchLike
  private readonly log: Logger | undefined
  private readonly retryDelaysMs: readonly number[]
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private again = false
  private closed = false

  constructor(
    private readonly env: BackendEnv,
    private readonly db: Db,
    private readonly now: () => Date,
    options: MoneyReturnsOptions = {},
  ) {
    this.fetch = options.fetch ?? ((url, init) => fetch(url, init))
    this.log = options.log
    this.retryDelaysMs = options.retryDelaysMs ?? RETURN_RETRY_DELAYS_MS
  }

  /** Runs the returns that are due now (after a commit that recorded one, and at start). */
  kick(): Promise<void> {
    if (this.closed) return Promise.resolve()
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = this.sweep().finally(() => {
      this.running = null
      if (this.again && !this.closed) {
        this.again = false
        void this.kick()
      }
    })
    return this.running
  }

  /** Resolves once no return is being tried and none is due now (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    await this.running
  }

  private async sweep(): Promise<void> {
    try {
      const now = this.now()
      const due = await this.db.query<ReturnRow>(
        `SELECT id, payment_id, service, transaction_id, kind, amount_minor, currency, attempts FROM payment_returns
         WHERE state = 'due' AND next_attempt_at <= $1 ORDER BY next_attempt_at, id LIMIT 100`,
        [now.toISOString()],
      )
      for (const row of due) {
        if (this.closed) return
        await this.attempt(row)
      }
      await this.armNext()
    } catch (err) {
      if (!this.closed) this.log?.error({ err }, 'could not run the payment returns')
    }
  }

  /** Sets one timer for the earliest return still due later. */
  private async armNext(): Promise<void> {
    if (this.closed) return
    const [next] = await this.db.query<{ at: Date | string }>("SELECT min(next_attempt_at) AS at FROM payment_returns WHERE state = 'due'")
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (!next?.at) return
    const wait = Math.max(0, asDate(next.at as Date)!.getTime() - this.now().getTime())
    this.timer = setTimeout(
      () => {
        this.timer = null
        void this.kick()
      },
      Math.min(wait, HOURLY_MS),
    )
    this.timer.unref()
  }

  private async attempt(row: ReturnRow): Promise<void> {
    const claimedAt = this.now()
    const claimed = await this.db.query(
      "UPDATE payment_returns SET attempts = attempts + 1, next_attempt_at = $3 WHERE id = $1 AND attempts = $2 AND state = 'due' RETURNING id",
      [row.id, row.attempts, new Date(claimedAt.getTime() + LEASE_MS).toISOString()],
    )
    if (claimed.length === 0) return
    const answer = await requestReturn(this.env, this.fetch, {
      service: row.service,
      transactionId: row.transaction_id,
      kind: row.kind,
      amountMinor: row.amount_minor,
      currency: row.currency,
      requestId: `return-${row.id}`,
    })
    const now = this.now()
    const fields = { paymentId: row.payment_id, kind: row.kind, service: row.service }
    if (answer.ok) {
      await this.db.transaction(async (tx) => {
        await tx.query("UPDATE payment_returns SET state = 'done', done_at = $2, last_error = NULL WHERE id = $1", [row.id, now.toISOString()])
        await sendReturnMail(tx, row, now, this.env.supportEmail)
      })
      this.log?.info(fields, 'money returned to the payer')
      return
    }
    if (answer.final) {
      await this.db.query("UPDATE payment_returns SET state = 'refused', last_error = $2 WHERE id = $1", [row.id, answer.message.slice(0, 500)])
      // Support returns it by hand: the provider keeps the money until then.
      this.log?.error({ ...fields, reason: answer.message }, 'the provider refused to return money: return it by hand')
      return
    }
    const wait = this.retryDelaysMs[row.attempts] ?? HOURLY_MS
    await this.db.query('UPDATE payment_returns SET next_attempt_at = $2, last_error = $3 WHERE id = $1', [
      row.id,
      new Date(now.getTime() + wait).toISOString(),
      answer.message.slice(0, 500),
    ])
    this.log?.warn({ ...fields, attempts: row.attempts + 1, reason: answer.message }, 'could not reach the provider to return money; trying again')
  }
}

interface ReturnMailRow {
  id: number
  payer_email: string
  locale: string
  failure: string | null
  purpose: 'subscription' | 'card_check'
  special_offer: boolean
  name_en: string
  name_ru: string
  name_de: string
  days: number
  is_trial: boolean
  site_name: string | null
  site_support_email: string | null
}

/**
 * The payer is told, in the payment's language and for the brand of its domain, that a refused
 * payment's money went back, and why. A card check's released hold is no news: it was announced.
 */
async function sendReturnMail(tx: Queryable, r: ReturnRow, now: Date, supportEmail: string): Promise<void> {
  const [p] = await tx.query<ReturnMailRow>(
    `SELECT p.id, p.payer_email, p.locale, p.failure, p.purpose, p.special_offer, s.name_en, s.name_ru, s.name_de, s.days, s.is_trial,
            p.site_name, p.site_support_email
     FROM payments p JOIN subscriptions s ON s.id = p.subscription_id WHERE p.id = $1`,
    [r.payment_id],
  )
  if (!p || p.purpose === 'card_check') return
  const locale: Locale = isLocale(p.locale) ? p.locale : 'en'
  const brand = { name: p.site_name, supportEmail: p.site_support_email ?? supportEmail }
  const reason = t(locale, returnReasonKey(p.failure))
  const vars = {
    payment_id: p.id,
    plan: planLabel(p, locale, p.special_offer),
    returned: t(locale, r.kind === 'void' ? 'mail_return_voided' : 'mail_return_refunded', {
      amount: formatMoney(locale, r.amount_minor, r.currency),
      date: formatDate(locale, now),
    }),
    reason,
    support: brand.supportEmail,
  }
  await sendMail(
    tx,
    {
      to: p.payer_email,
      subject: t(locale, 'mail_return_subject', vars),
      text: signed(locale, brand, t(locale, 'mail_return_text', vars)),
      code: null,
      link: null,
    },
    now,
  )
}

function returnReasonKey(failure: string | null) {
  switch (failure) {
    case 'trial_used':
      return 'mail_return_reason_trial_used' as const
    case 'offer_used':
      return 'mail_return_reason_offer_used' as const
    case 'offer_expired':
      return 'mail_return_reason_offer_expired' as const
    case 'plan_unavailable':
      return 'mail_return_reason_plan_unavailable' as const
    default:
      // A second operation on a settled invoice, or one of the wrong kind.
      return 'mail_return_reason_duplicate' as const
  }
}
