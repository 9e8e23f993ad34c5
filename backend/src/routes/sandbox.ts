import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type } from 'arktype'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { sameHash, sha256 } from '../crypto.ts'
import { ApiError, type AppEnv, type Ctx, MAX_BODY_BYTES, readJson, validate } from '../http.ts'
import { localeFromAcceptLanguage, t } from '../i18n.ts'
import { isOpenForCard, type Provider } from '../payments.ts'
import { CleanText, Email } from '../schemas.ts'

const SANDBOX_DIR = fileURLToPath(new URL('../../sandbox/', import.meta.url))

type ScriptName = 'cloudpayments.js' | 'pay-widget.js' | 'widget.js'

/**
 * Each widget script is the iframe opener plus one provider's global, in one closure; widget.js is the
 * card dialog of the widget's own page: its words, its payment's way in and out, and the dialog, which
 * opens once the others are defined.
 */
function buildScript(name: ScriptName): string {
  const parts = name === 'widget.js' ? ['card-dialog-texts.js', 'card-dialog-payment.js', 'card-dialog.js'] : ['widget-frame.js', name]
  const body = parts.map((file) => readFileSync(`${SANDBOX_DIR}${file}`, 'utf8')).join('\n')
  return `/* Sandbox payment widget: no real card is charged. */\n;(function () {\n'use strict';\n${body}\n})();\n`
}

const files = new Map<string, string>()
function cached(name: string, build: () => string): string {
  let body = files.get(name)
  if (body === undefined) {
    body = build()
    files.set(name, body)
  }
  return body
}

/**
 * The sandbox payment providers (development mode only): the widget scripts any page may load, like the
 * providers' own; the widget's own page, which those scripts open in an iframe; and the provider
 * endpoint that page posts the card to.
 */
export const sandboxPublic = new Hono<AppEnv>()
for (const name of ['cloudpayments.js', 'pay-widget.js'] as const) {
  sandboxPublic.get(`/${name}`, (c) =>
    c.body(
      cached(name, () => buildScript(name)),
      200,
      {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Access-Control-Allow-Origin': '*',
        'Cross-Origin-Resource-Policy': 'cross-origin',
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      },
    ),
  )
}

const WIDGET_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Card payment</title>
<link rel="stylesheet" href="/sandbox/widget.css">
<script src="/sandbox/widget.js" defer></script>
</head>
<body></body>
</html>
`

/**
 * The widget's own page: no inline script or style, talks to its own origin only, and may be framed by
 * the site's origins only.
 */
function widgetPagePolicy(siteOrigins: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors 'self' ${siteOrigins.join(' ')}`,
  ].join('; ')
}

sandboxPublic.get('/widget', (c) =>
  c.body(WIDGET_PAGE, 200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': widgetPagePolicy(c.var.deps.env.siteOrigins),
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  }),
)
sandboxPublic.get('/widget.js', (c) =>
  c.body(
    cached('widget.js', () => buildScript('widget.js')),
    200,
    { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' },
  ),
)
/**
 * The sandboxes of the scripts the site loads once a visitor allows them (R9.23): analytics, the tag
 * manager's container and the chat widget, of the same shape as the providers' (the cookies they
 * set), sending nothing anywhere.
 */
for (const [path, file] of [
  ['/analytics.js', 'analytics.js'],
  ['/gtm.js', 'tag-manager.js'],
  ['/chat.js', 'chat.js'],
] as const) {
  sandboxPublic.get(path, (c) =>
    c.body(
      cached(file, () => readFileSync(`${SANDBOX_DIR}${file}`, 'utf8')),
      200,
      { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' },
    ),
  )
}
sandboxPublic.get('/widget.css', (c) =>
  c.body(
    cached('widget.css', () => readFileSync(`${SANDBOX_DIR}widget.css`, 'utf8')),
    200,
    { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' },
  ),
)

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
  'widgetToken?': 'string <= 256 | undefined',
  card: Card,
}).or({
  provider: "'payselection'",
  paymentType: "'Pay' | 'Block'",
  orderId: type(/^[\w-]{1,64}$/),
  amount: /^\d{1,9}\.\d{2}$/,
  currency: /^[A-Z]{3}$/,
  'email?': Email.or('undefined'),
  'description?': Optional(512),
  'widgetToken?': 'string <= 256 | undefined',
  card: Card,
})

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Whether the request comes from the widget's own page: its `Origin` is the backend's public origin, or
 * the request's own origin when both are loopback names of this machine (the page served from
 * 127.0.0.1 while BACKEND_PUBLIC_URL says localhost); and a browser that sends `Sec-Fetch-Site` says
 * same-origin.
 */
function fromWidgetPage(c: Ctx): boolean {
  const origin = c.req.header('origin')
  if (!origin) return false
  const site = c.req.header('sec-fetch-site')
  if (site !== undefined && site !== 'same-origin') return false
  const own = new URL(c.var.deps.env.backendPublicUrl)
  if (origin === own.origin) return true
  const requested = new URL(c.req.url)
  return origin === requested.origin && LOOPBACK.has(requested.hostname) && LOOPBACK.has(own.hostname)
}

/**
 * Takes the payment's widget token: it must be the one the payment was issued with (compared in
 * constant time with its stored sha-256), unused, for a pending payment of this provider with this
 * amount and currency. Used up at once, so it charges once. Throws the 403 otherwise.
 */
async function takeWidgetToken(c: Ctx, p: { provider: Provider; paymentId: string; token: string | undefined; amountMinor: number; currency: string }) {
  const { db, now } = c.var.deps
  if (!p.token) throw new ApiError(403, 'sandbox_charge_no_token')
  if (!/^\d{1,9}$/.test(p.paymentId)) throw new ApiError(403, 'sandbox_charge_token')
  const [row] = await db.query<{
    service: Provider
    amount_minor: number
    currency: string
    status: string
    failure: string | null
    widget_token_hash: string | null
    widget_token_used_at: unknown
  }>('SELECT service, amount_minor, currency, status, failure, widget_token_hash, widget_token_used_at FROM payments WHERE id = $1', [Number(p.paymentId)])
  const hash = sha256(p.token)
  const tokenOk = row?.widget_token_hash ? sameHash(hash, row.widget_token_hash) : false
  if (!row || !tokenOk || row.widget_token_used_at !== null || row.service !== p.provider) throw new ApiError(403, 'sandbox_charge_token')
  if (!isOpenForCard(row) || row.amount_minor !== p.amountMinor || row.currency !== p.currency) throw new ApiError(403, 'sandbox_charge_mismatch')
  const taken = await db.query(
    `UPDATE payments SET widget_token_used_at = $2
     WHERE id = $1 AND widget_token_hash = $3 AND widget_token_used_at IS NULL AND (status = 'pending' OR failure = 'declined') RETURNING id`,
    [Number(p.paymentId), now().toISOString(), row.widget_token_hash],
  )
  if (taken.length === 0) throw new ApiError(403, 'sandbox_charge_token')
}

const toMinor = (amount: number) => Math.round(amount * 100)

/** A declined card leaves the token for another card in the same form, as the providers' widgets allow. */
async function releaseWidgetToken(c: Ctx, paymentId: string, result: { success: boolean }) {
  if (!result.success) await c.var.deps.db.query('UPDATE payments SET widget_token_used_at = NULL WHERE id = $1', [Number(paymentId)])
}

sandboxPublic.post(
  '/provider/charge',
  bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ message: t(c.var.locale, 'body_too_large') }, 413) }),
  async (c) => {
    c.set('locale', localeFromAcceptLanguage(c.req.header('accept-language')))
    if (!fromWidgetPage(c)) throw new ApiError(403, 'sandbox_charge_origin')
    const provider = c.var.deps.sandbox
    const body = validate(Charge, await readJson(c))
    const card = { number: body.card.number, expiry: body.card.expiry }
    if (body.provider === 'cloudpayments') {
      await takeWidgetToken(c, {
        provider: 'cloudpayments',
        paymentId: body.invoiceId,
        token: body.widgetToken,
        amountMinor: toMinor(body.amount),
        currency: body.currency,
      })
      const result = await provider.chargeCloudPayments({ ...body, card })
      await releaseWidgetToken(c, body.invoiceId, result)
      return c.json(result)
    }
    await takeWidgetToken(c, {
      provider: 'payselection',
      paymentId: body.orderId,
      token: body.widgetToken,
      amountMinor: toMinor(Number(body.amount)),
      currency: body.currency,
    })
    const result = await provider.chargePayselection({ ...body, card })
    await releaseWidgetToken(c, body.orderId, result)
    return c.json(result)
  },
)
