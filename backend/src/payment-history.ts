/**
 * A payment as the account's history and its receipt show it (extensions of R7): the row read, and
 * the entry answered.
 */
import { planName, toMajor } from './catalog.ts'

/**
 * Decision 117: what became of the money of a payment's operations that gave nothing: null when none
 * took any, `done` once the provider gave all of it back, `pending` until then (a return the provider
 * refused is made by hand, and stays `pending` for the payer meanwhile).
 */
export const REFUND_STATE = `(SELECT CASE WHEN count(*) = 0 THEN NULL WHEN bool_and(r.state = 'done') THEN 'done' ELSE 'pending' END
   FROM payment_returns r WHERE r.payment_id = p.id)`

export interface HistoryRow {
  id: number
  subscription_id: number
  days: number
  is_trial: boolean
  name_en: string
  name_ru: string
  name_de: string
  special_offer: boolean
  amount_minor: number
  currency: string
  status: 'paid' | 'failed'
  refund: 'pending' | 'done' | null
  operation: 'charge' | 'auth' | null
  failure: string | null
  card_brand: string | null
  card_last4: string | null
  service: string
  transaction_id: string | null
  payer_email: string
  /** The origin the payment was made on (R1.7). */
  site_origin: string | null
  created_at: Date | string
  paid_at: Date | string | null
}

export const HISTORY_SELECT = `SELECT p.id, p.subscription_id, s.days, s.is_trial, s.name_en, s.name_ru, s.name_de, p.special_offer, p.amount_minor,
    p.currency, p.status, p.operation, p.failure, p.card_brand, p.card_last4, p.service, p.transaction_id, p.payer_email, p.created_at, p.paid_at,
    p.site_origin, ${REFUND_STATE} AS refund
  FROM payments p JOIN subscriptions s ON s.id = p.subscription_id`

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/**
 * A payment as the account's history and its receipt show it. `held`: the trial's card check, an
 * authorisation of its amount; `paid`: a charge; `refunded`: refused, and its money given back
 * (decision 117; `refund` says `pending` while it is on its way).
 */
export function historyEntry(row: HistoryRow, locale: Parameters<typeof planName>[1]) {
  return {
    payment_id: row.id,
    created_at: iso(row.created_at),
    paid_at: iso(row.paid_at),
    subscription_id: row.subscription_id,
    plan_name: planName(row, locale),
    days: row.days,
    trial: row.is_trial,
    special_offer: row.special_offer,
    amount: toMajor(row.amount_minor),
    currency: row.currency,
    status: row.status === 'paid' && row.operation === 'auth' ? 'held' : row.status === 'failed' && row.refund === 'done' ? 'refunded' : row.status,
    failure: row.failure,
    refund: row.status === 'failed' ? row.refund : null,
    card: row.card_last4 === null ? null : { brand: row.card_brand, last4: row.card_last4 },
    service: row.service,
  }
}
