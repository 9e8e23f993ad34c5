import { type } from 'arktype'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cardBrand } from '../cards.ts'
import { ApiError, type AppEnv, type Ctx, MAX_BODY_BYTES, validate } from '../http.ts'
import { t } from '../i18n.ts'
import { CHECK_CODES, checkPayment } from '../payment-check.ts'
import { type Confirmation, confirmPayment } from '../payments.ts'
import { CleanText, Email } from '../schemas.ts'
import { cloudpaymentsHmac, payselectionSignature, sameSignature, urlDecodedBody } from '../signatures.ts'

/**
 * The merchant's notification endpoints, called by the payment providers' servers (server to server:
 * no locale prefix, no CORS). A notification counts only when its signature holds; everything a
 * browser can send without the providers' secrets answers 401 and changes nothing.
 */
export const notificationRoutes = new Hono<AppEnv>()

/**
 * Counts each notification by provider and result: accepted when answered as the provider takes it (200,
 * and for CloudPayments `{"code":0}`), refused otherwise (a bad signature, bad fields, an unknown payment).
 */
notificationRoutes.use('*', async (c, next) => {
  await next()
  const provider = c.req.method !== 'POST' ? null : /^\/notifications\/(cloudpayments|payselection)(?:\/|$)/.exec(c.req.path)?.[1]
  if (provider !== 'cloudpayments' && provider !== 'payselection') return
  let accepted = c.res.status === 200
  if (accepted && provider === 'cloudpayments')
    accepted = await c.res
      .clone()
      .json()
      .then(
        (body: { code?: unknown }) => body.code === 0,
        () => false,
      )
  c.var.deps.metrics.notification(provider, accepted)
})

notificationRoutes.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ message: t(c.var.locale, 'body_too_large') }, 413) }))

// Not for browsers: a preflight finds nothing here.
notificationRoutes.options('*', (c) => c.json({ message: t(c.var.locale, 'not_found') }, 404))

const unsigned = () => new ApiError(401, 'notification_unsigned')

const PaymentId = type(/^\d{1,9}$/)
const Currency = type(/^[A-Za-z]{3}$/)
const Text = (max: number) => CleanText.and(`string <= ${max}`)

/**
 * A CloudPayments Check, Pay or Fail notification, the fields the backend reads. Status `Completed` is a
 * charge (scheme `charge`), `Authorized` a hold (scheme `auth`).
 */
const CloudPaymentsNotice = type({
  TransactionId: type(/^\d{1,20}$/),
  Amount: type(/^\d{1,9}(\.\d{1,2})?$/),
  Currency,
  InvoiceId: PaymentId,
  Email,
  'Status?': "'Completed' | 'Authorized' | 'Declined'",
  'OperationType?': "'Payment'",
  'AccountId?': Text(64),
  'CardFirstSix?': type(/^\d{6}$/),
  'CardLastFour?': type(/^\d{4}$/),
  'CardType?': Text(32),
  /** R9.22: the card's reusable token, for renewals. */
  'Token?': type(/^[\w.:-]{1,128}$/),
  'Reason?': Text(256),
  'ReasonCode?': type(/^\d{1,6}$/),
  'DateTime?': Text(64),
  'TestMode?': Text(8),
  '+': 'ignore',
})

/** A Payselection webhook. Event `Payment` is a charge (`PaymentType: 'Pay'`), `Block` a hold (`'Block'`). */
const PayselectionNotice = type({
  Event: "'Payment' | 'Block' | 'Fail'",
  OrderId: PaymentId,
  Amount: type(/^\d{1,9}\.\d{2}$/),
  Currency,
  Email,
  'TransactionId?': Text(64),
  'CardMasked?': type(/^\d{6}\*{2,9}\d{4}$/),
  /** R9.22: the card's reusable token, for renewals. */
  'RebillId?': type(/^[\w.:-]{1,128}$/),
  'ErrorMessage?': Text(256),
  '+': 'ignore',
})

/** Amounts in notifications are decimal strings in major units: "490", "490.00", "6.99". */
function minorUnits(amount: string): number {
  const [whole, fraction = ''] = amount.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** The raw body, with the media type it was sent as: only the listed ones are read (415 otherwise). */
async function rawBody(c: Ctx, accepted: RegExp): Promise<string> {
  const contentType = c.req.header('content-type') ?? ''
  if (!accepted.test(contentType)) throw new ApiError(415, 'unsupported_media')
  return new TextDecoder().decode(await c.req.arrayBuffer())
}

/**
 * CloudPayments signs the raw body (`Content-HMAC`) and the URL-decoded body (`X-Content-HMAC`) with
 * the API secret; one of them must be sent, and each one sent must hold.
 */
function checkCloudPaymentsSignature(c: Ctx, raw: string) {
  const secret = c.var.deps.env.cloudpaymentsApiSecret
  const plain = c.req.header('content-hmac')
  const decoded = c.req.header('x-content-hmac')
  if (plain === undefined && decoded === undefined) throw unsigned()
  if (plain !== undefined && !sameSignature(plain, cloudpaymentsHmac(Buffer.from(raw, 'utf8'), secret), 'base64')) throw unsigned()
  if (decoded !== undefined) {
    const body = urlDecodedBody(raw)
    if (body === null || !sameSignature(decoded, cloudpaymentsHmac(Buffer.from(body, 'utf8'), secret), 'base64')) throw unsigned()
  }
}

/** CloudPayments sends a form (the default) or JSON (a setting of the site in its account). */
function parseCloudPayments(c: Ctx, raw: string): unknown {
  if (/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) return Object.fromEntries(new URLSearchParams(raw))
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    throw new ApiError(400, 'malformed_json')
  }
  // JSON numbers are read as the form's strings would be.
  if (data && typeof data === 'object' && !Array.isArray(data))
    return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]))
  return data
}

notificationRoutes.post('/cloudpayments/:kind', async (c) => {
  const { db, now, returns, log } = c.var.deps
  const kind = c.req.param('kind')
  if (kind !== 'check' && kind !== 'pay' && kind !== 'fail') throw new ApiError(404, 'not_found')
  const raw = await rawBody(c, /^application\/(x-www-form-urlencoded|json)\b/i)
  checkCloudPaymentsSignature(c, raw)
  const n = validate(CloudPaymentsNotice, parseCloudPayments(c, raw))
  const paymentId = Number(n.InvoiceId)
  const amountMinor = minorUnits(n.Amount)
  if (kind === 'check') {
    if (n.Status === 'Declined') throw new ApiError(422, 'invalid_input', {}, { errors: { Status: 'must be Completed or Authorized' } })
    const code = await checkPayment(
      db,
      {
        paymentId,
        amountMinor,
        currency: n.Currency,
        email: n.Email,
        accountId: n.AccountId ?? null,
        outcome: n.Status === 'Authorized' ? 'auth' : 'charge',
      },
      now(),
    )
    return c.json(
      code === CHECK_CODES.ok ? { code } : { code, message: t(c.var.locale, code === CHECK_CODES.refused ? 'payment_refused' : 'payment_mismatch') },
    )
  }
  if (kind === 'pay' && n.Status !== 'Completed' && n.Status !== 'Authorized')
    throw new ApiError(422, 'invalid_input', {}, { errors: { Status: 'must be Completed or Authorized' } })
  const notice: Confirmation = {
    provider: 'cloudpayments',
    paymentId,
    amountMinor,
    currency: n.Currency,
    email: n.Email,
    outcome: kind === 'fail' ? 'declined' : n.Status === 'Authorized' ? 'auth' : 'charge',
    cardLast4: n.CardLastFour ?? null,
    cardBrand: n.CardType ?? (n.CardFirstSix ? cardBrand(n.CardFirstSix) : null),
    transactionId: n.TransactionId,
    cardToken: n.Token ?? null,
  }
  try {
    return c.json({
      code: CHECK_CODES.ok,
      ...(await confirmPayment(db, notice, now(), { supportEmail: c.var.deps.env.supportEmail, metrics: c.var.deps.metrics, returns, log })),
    })
  } catch (err) {
    // CloudPayments reads the code of the answer: a payment it does not match is refused with the
    // Check's codes, and it retries (the payment stays as it was).
    if (err instanceof ApiError && err.key === 'payment_not_found')
      return c.json({ code: CHECK_CODES.wrongInvoice, message: t(c.var.locale, 'payment_not_found') })
    if (err instanceof ApiError && err.key === 'payment_mismatch')
      return c.json({ code: CHECK_CODES.wrongAmount, message: t(c.var.locale, 'payment_mismatch') })
    throw err
  }
})

notificationRoutes.post('/payselection', async (c) => {
  const { db, env, now, returns, log } = c.var.deps
  const raw = await rawBody(c, /^application\/(?:[\w.+-]+\+)?json\b/i)
  const siteId = c.req.header('x-site-id')
  if (siteId !== env.payselectionSiteId) throw unsigned()
  const expected = payselectionSignature({ url: env.payselectionNotificationUrl, siteId, body: raw, secret: env.payselectionSecretKey })
  if (!sameSignature(c.req.header('x-webhook-signature'), expected, 'hex')) throw unsigned()
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    throw new ApiError(400, 'malformed_json')
  }
  const n = validate(PayselectionNotice, data)
  const result = await confirmPayment(
    db,
    {
      provider: 'payselection',
      paymentId: Number(n.OrderId),
      amountMinor: minorUnits(n.Amount),
      currency: n.Currency,
      email: n.Email,
      outcome: n.Event === 'Payment' ? 'charge' : n.Event === 'Block' ? 'auth' : 'declined',
      cardLast4: n.CardMasked ? n.CardMasked.slice(-4) : null,
      cardBrand: n.CardMasked ? cardBrand(n.CardMasked.slice(0, 6)) : null,
      transactionId: n.TransactionId ?? null,
      cardToken: n.RebillId ?? null,
    },
    now(),
    { supportEmail: env.supportEmail, metrics: c.var.deps.metrics, returns, log },
  )
  return c.json({ code: 0, ...result })
})
