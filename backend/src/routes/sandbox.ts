import { type } from 'arktype'
import { Hono } from 'hono'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ApiError, readJson, validate, type AppEnv } from '../http'
import { confirmPayment, type Confirmation } from '../payments'
import { CleanText, Email } from '../schemas'

const SANDBOX_DIR = fileURLToPath(new URL('../../sandbox/', import.meta.url))

/** Each served script is the shared card dialog plus one provider's global, in one closure. */
function buildScript(provider: 'cloudpayments.js' | 'pay-widget.js'): string {
  const shared = readFileSync(`${SANDBOX_DIR}card-dialog.js`, 'utf8')
  const own = readFileSync(`${SANDBOX_DIR}${provider}`, 'utf8')
  return `/* Sandbox payment widget: no real card is charged. */\n;(function () {\n'use strict';\n${shared}\n${own}\n})();\n`
}

const scripts = new Map<string, string>()
function script(name: 'cloudpayments.js' | 'pay-widget.js'): string {
  let body = scripts.get(name)
  if (body === undefined) {
    body = buildScript(name)
    scripts.set(name, body)
  }
  return body
}

/** The widget scripts: public, static and loadable from any page, like the providers' own. */
export const sandboxScripts = new Hono<AppEnv>()
for (const name of ['cloudpayments.js', 'pay-widget.js'] as const) {
  sandboxScripts.get(`/${name}`, (c) =>
    c.body(script(name), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    }),
  )
}

const PaymentId = type(/^\d{1,9}$/).or('1 <= number.integer <= 999999999')
const Currency = type(/^[A-Za-z]{3}$/)

/**
 * CloudPayments-style Pay / Fail notification (the fields the backend checks). Status `Completed` is a
 * charge (scheme `charge`), `Authorized` a hold (scheme `auth`).
 */
const CloudPaymentsNotice = type({
  InvoiceId: PaymentId,
  Amount: '0 < number <= 100000000',
  Currency,
  Email,
  Status: "'Completed' | 'Authorized' | 'Declined'",
  'TransactionId?': CleanText.and('string <= 64').or('number'),
  'CardLastFour?': type(/^\d{4}$/),
  'AccountId?': type('string <= 64').or('number'),
  'Reason?': 'string <= 256',
})

/** Payselection-style webhook. Event `Payment` is a charge (`PaymentType: 'Pay'`), `Block` a hold (`'Block'`). */
const PayselectionNotice = type({
  Event: "'Payment' | 'Block' | 'Fail'",
  OrderId: type(/^\d{1,9}$/),
  Amount: type(/^\d{1,9}\.\d{2}$/),
  Currency,
  Email,
  'TransactionId?': CleanText.and('string <= 64'),
  'CardMasked?': type(/^\d{6}\*{2,9}\d{4}$/),
  'ErrorMessage?': 'string <= 256',
})

function minorUnits(amount: number): number {
  const minor = Math.round(amount * 100)
  if (Math.abs(amount * 100 - minor) > 1e-6) throw new ApiError(422, 'payment_mismatch')
  return minor
}

export const sandboxNotify = new Hono<AppEnv>()

sandboxNotify.post('/notify/:provider', async (c) => {
  const { db, now } = c.var.deps
  const provider = c.req.param('provider')
  let notice: Confirmation
  if (provider === 'cloudpayments') {
    const body = validate(CloudPaymentsNotice, await readJson(c))
    notice = {
      provider,
      paymentId: Number(body.InvoiceId),
      amountMinor: minorUnits(body.Amount),
      currency: body.Currency,
      email: body.Email,
      outcome: body.Status === 'Completed' ? 'charge' : body.Status === 'Authorized' ? 'auth' : 'declined',
      cardLast4: body.CardLastFour ?? null,
      transactionId: body.TransactionId === undefined ? null : String(body.TransactionId),
    }
  } else if (provider === 'payselection') {
    const body = validate(PayselectionNotice, await readJson(c))
    notice = {
      provider,
      paymentId: Number(body.OrderId),
      amountMinor: Number(body.Amount.replace('.', '')),
      currency: body.Currency,
      email: body.Email,
      outcome: body.Event === 'Payment' ? 'charge' : body.Event === 'Block' ? 'auth' : 'declined',
      cardLast4: body.CardMasked ? body.CardMasked.slice(-4) : null,
      transactionId: body.TransactionId ?? null,
    }
  } else {
    throw new ApiError(404, 'not_found')
  }
  const result = await confirmPayment(db, notice, now())
  return c.json({ code: 0, ...result })
})
