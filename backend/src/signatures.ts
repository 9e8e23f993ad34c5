import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The providers' notification signatures, shared by the merchant endpoints (which check them) and the
 * sandbox provider (which signs what it sends).
 */

/** CloudPayments `Content-HMAC`: base64 HMAC-SHA256 of the raw body bytes with the API secret. */
export function cloudpaymentsHmac(body: string | Uint8Array, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64')
}

/**
 * The body as `X-Content-HMAC` signs it: URL-decoded (`+` is a space, as in a form). Null when it is
 * not valid percent-encoding.
 */
export function urlDecodedBody(body: string): string | null {
  try {
    return decodeURIComponent(body.replace(/\+/g, ' '))
  } catch {
    return null
  }
}

/** Payselection `X-WEBHOOK-SIGNATURE`: hex HMAC-SHA256 of `POST\n{url}\n{site id}\n{raw body}` with the secret key. */
export function payselectionSignature(opts: { url: string; siteId: string; body: string; secret: string }): string {
  return createHmac('sha256', opts.secret).update(`POST\n${opts.url}\n${opts.siteId}\n${opts.body}`, 'utf8').digest('hex')
}

/** Compares two signatures in constant time (as bytes of the given encoding). */
export function sameSignature(given: string | undefined, expected: string, encoding: 'base64' | 'hex'): boolean {
  if (!given) return false
  const pattern = encoding === 'hex' ? /^[0-9a-fA-F]+$/ : /^[A-Za-z0-9+/]+={0,2}$/
  if (!pattern.test(given.trim())) return false
  const a = Buffer.from(given.trim(), encoding)
  const b = Buffer.from(expected, encoding)
  return a.length === b.length && timingSafeEqual(a, b)
}
