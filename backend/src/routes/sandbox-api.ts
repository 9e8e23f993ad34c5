/**
 * The sandbox providers' server APIs (development mode only), of the shape of the real ones
 * (provider-api.ts, decision 117): CloudPayments `POST /payments/void` and `/payments/refund` behind
 * HTTP Basic of the public id and API secret; Payselection `POST /payments/cancellation` and
 * `/payments/refund` signed with `X-REQUEST-SIGNATURE`. They change the sandbox's own books
 * (`sandbox_transactions`): a hold voided, a charge refunded, in full. A repeat of a return already
 * made answers as it did (the providers tell a repeat by its request id); anything else is refused.
 */
import { type } from 'arktype'
import { Hono } from 'hono'
import type { Db } from '../db.ts'
import type { AppEnv, Ctx } from '../http.ts'
import { payselectionRequestSignature } from '../provider-api.ts'
import { sameSignature } from '../signatures.ts'

export const sandboxApis = new Hono<AppEnv>()

interface Booked {
  transaction_id: string
  operation: 'charge' | 'auth'
  amount_minor: number
  currency: string
  state: 'taken' | 'voided' | 'refunded'
}

type Outcome = { ok: true; booked: Booked } | { ok: false; message: string }

/** Voids a hold or refunds a charge in full, in the books; the same return again answers as before. */
async function giveBack(
  db: Db,
  provider: 'cloudpayments' | 'payselection',
  ask: { id: string; kind: 'void' | 'refund'; amountMinor: number | null; currency: string | null },
  now: Date,
): Promise<Outcome> {
  const { id, kind, amountMinor, currency } = ask
  return db.transaction(async (tx): Promise<Outcome> => {
    const [booked] = await tx.query<Booked>(
      'SELECT transaction_id, operation, amount_minor, currency, state FROM sandbox_transactions WHERE provider = $1 AND transaction_id = $2 FOR UPDATE',
      [provider, id],
    )
    if (!booked) return { ok: false, message: 'Transaction not found' }
    const wanted = kind === 'void' ? 'auth' : 'charge'
    if (booked.operation !== wanted)
      return { ok: false, message: kind === 'void' ? 'Only an authorised payment can be voided' : 'Only a completed payment can be refunded' }
    if (amountMinor !== null && amountMinor !== booked.amount_minor) return { ok: false, message: 'The sandbox returns the whole amount only' }
    if (currency !== null && currency !== booked.currency) return { ok: false, message: 'Wrong currency' }
    const done = kind === 'void' ? 'voided' : 'refunded'
    if (booked.state === done) return { ok: true, booked }
    if (booked.state !== 'taken') return { ok: false, message: 'The payment was already returned' }
    await tx.query('UPDATE sandbox_transactions SET state = $3, updated_at = $4 WHERE provider = $1 AND transaction_id = $2', [
      provider,
      id,
      done,
      now.toISOString(),
    ])
    return { ok: true, booked: { ...booked, state: done } }
  })
}

const CloudPaymentsReturn = type({ TransactionId: type('number.integer >= 0').or(/^\d{1,20}$/), 'Amount?': 'number > 0', '+': 'ignore' })

function cloudPaymentsAuthorised(c: Ctx): boolean {
  const header = c.req.header('authorization') ?? ''
  const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/.exec(header)
  if (!match) return false
  const { cloudpaymentsPublicId, cloudpaymentsApiSecret } = c.var.deps.env
  const expected = Buffer.from(`${cloudpaymentsPublicId}:${cloudpaymentsApiSecret}`, 'utf8').toString('base64')
  return sameSignature(match[1], expected, 'base64')
}

async function jsonBody(c: Ctx): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text())
  } catch {
    return undefined
  }
}

sandboxApis.post('/cloudpayments-api/payments/:op', async (c) => {
  const op = c.req.param('op')
  if (op !== 'void' && op !== 'refund') return c.json({ Success: false, Message: 'Not found' }, 404)
  if (!cloudPaymentsAuthorised(c)) return c.json({ Success: false, Message: 'Authentication failed' }, 401)
  const body = CloudPaymentsReturn(await jsonBody(c))
  if (body instanceof type.errors) return c.json({ Success: false, Message: `Invalid request: ${body.summary}` })
  if (op === 'refund' && body.Amount === undefined) return c.json({ Success: false, Message: 'Invalid request: Amount is required' })
  const amount = body.Amount === undefined ? null : Math.round(body.Amount * 100)
  const outcome = await giveBack(
    c.var.deps.db,
    'cloudpayments',
    { id: String(body.TransactionId), kind: op, amountMinor: amount, currency: null },
    c.var.deps.now(),
  )
  return c.json(outcome.ok ? { Success: true, Message: null } : { Success: false, Message: outcome.message })
})

const PayselectionReturn = type({ TransactionId: /^[\w-]{1,64}$/, Amount: /^\d{1,9}\.\d{2}$/, Currency: /^[A-Z]{3}$/, '+': 'ignore' })

sandboxApis.post('/payselection-api/payments/:op', async (c) => {
  const op = c.req.param('op')
  if (op !== 'cancellation' && op !== 'refund') return c.json({ Code: 'NotFound', Description: 'Not found' }, 404)
  const { env } = c.var.deps
  const raw = await c.req.text()
  const requestId = c.req.header('x-request-id') ?? ''
  const siteId = c.req.header('x-site-id')
  const expected = payselectionRequestSignature({
    path: `/payments/${op}`,
    siteId: env.payselectionSiteId,
    requestId,
    body: raw,
    secret: env.payselectionSecretKey,
  })
  if (siteId !== env.payselectionSiteId || requestId === '' || !sameSignature(c.req.header('x-request-signature'), expected, 'hex'))
    return c.json({ Code: 'Unauthorized', Description: 'Wrong signature' }, 401)
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    data = undefined
  }
  const body = PayselectionReturn(data)
  if (body instanceof type.errors) return c.json({ Code: 'WrongParams', Description: body.summary }, 400)
  const [whole, cents] = body.Amount.split('.') as [string, string]
  const outcome = await giveBack(
    c.var.deps.db,
    'payselection',
    { id: body.TransactionId, kind: op === 'cancellation' ? 'void' : 'refund', amountMinor: Number(whole) * 100 + Number(cents), currency: body.Currency },
    c.var.deps.now(),
  )
  if (!outcome.ok) return c.json({ Code: 'WrongParams', Description: outcome.message }, 400)
  return c.json({ TransactionId: body.TransactionId, TransactionState: 'success', Amount: body.Amount, Currency: body.Currency })
})
