import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type } from 'arktype'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { type AppEnv, MAX_BODY_BYTES, readJson, validate } from '../http.ts'
import { t } from '../i18n.ts'
import { CleanText, Email } from '../schemas.ts'

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

/**
 * The public part of the sandbox payment providers, loadable and callable from any page like the
 * providers' own: the widget scripts and the provider endpoint their card dialog posts to.
 */
export const sandboxPublic = new Hono<AppEnv>()
for (const name of ['cloudpayments.js', 'pay-widget.js'] as const) {
  sandboxPublic.get(`/${name}`, (c) =>
    c.body(script(name), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    }),
  )
}

const PUBLIC_CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST,OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '600',
}

/** Luhn check of a card number. */
function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

const CardNumber = type('string')
  .pipe((s) => s.replace(/[\s-]/g, ''))
  .narrow((s, ctx) => (/^\d{13,19}$/.test(s) && luhn(s)) || ctx.mustBe('a valid card number'))
const Expiry = type(/^(0[1-9]|1[0-2])\/\d{2}$/).narrow((s, ctx) => {
  const [month, year] = s.split('/').map(Number) as [number, number]
  const now = new Date()
  const ok = 2000 + year > now.getUTCFullYear() || (2000 + year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1)
  return ok || ctx.mustBe('a month that has not passed')
})
const Card = type({ number: CardNumber, expiry: Expiry, cvc: /^\d{3,4}$/ })
const Optional = (max: number) => CleanText.and(`string <= ${max}`).or('undefined')

const Charge = type({
  provider: "'cloudpayments'",
  scheme: "'charge' | 'auth'",
  invoiceId: type(/^[\w-]{1,64}$/),
  'accountId?': Optional(64),
  amount: '0 < number <= 100000000',
  currency: /^[A-Z]{3}$/,
  'email?': Email.or('undefined'),
  'description?': Optional(512),
  card: Card,
}).or({
  provider: "'payselection'",
  paymentType: "'Pay' | 'Block'",
  orderId: type(/^[\w-]{1,64}$/),
  amount: /^\d{1,9}\.\d{2}$/,
  currency: /^[A-Z]{3}$/,
  'email?': Email.or('undefined'),
  'description?': Optional(512),
  card: Card,
})

sandboxPublic.options('/provider/charge', (c) => c.body(null, 204, PUBLIC_CORS))
sandboxPublic.post(
  '/provider/charge',
  bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ message: t(c.var.locale, 'body_too_large') }, 413, PUBLIC_CORS) }),
  async (c) => {
    const provider = c.var.deps.sandbox
    for (const [k, v] of Object.entries(PUBLIC_CORS)) c.header(k, v)
    const body = validate(Charge, await readJson(c))
    const result =
      body.provider === 'cloudpayments'
        ? await provider.chargeCloudPayments({ ...body, card: { number: body.card.number, expiry: body.card.expiry } })
        : await provider.chargePayselection({ ...body, card: { number: body.card.number, expiry: body.card.expiry } })
    return c.json(result)
  },
)
