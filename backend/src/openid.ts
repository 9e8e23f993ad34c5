import { createHmac, timingSafeEqual } from 'node:crypto'
import { randomToken } from './crypto.ts'

/**
 * OpenID 2.0 as Steam speaks it (https://steamcommunity.com/openid/login): identifier-select requests,
 * positive assertions signed with HMAC-SHA256 over the key-value form of the signed fields, and
 * `check_authentication` to verify them.
 */
export const OPENID_NS = 'http://specs.openid.net/auth/2.0'
export const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select'
export const STEAM_ID_URL = 'https://steamcommunity.com/openid/id/'
/** Steam answers every assertion with this association handle. */
export const ASSOC_HANDLE = '1234567890'
/** The fields Steam signs, in its order. */
export const SIGNED_FIELDS = ['signed', 'op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'] as const
/** A claimed id is Steam's URL with a 17-digit steamid64. */
export const CLAIMED_ID = /^https:\/\/steamcommunity\.com\/openid\/id\/(\d{17})$/

/** An accepted assertion is at most this old, and at most this far in the future (clock skew). */
export const NONCE_MAX_AGE_MS = 5 * 60_000
export const NONCE_MAX_SKEW_MS = 60_000

export type OpenIdFields = Record<string, string>

/** The key-value form (OpenID 2.0 section 4.1.1) of the fields named in openid.signed. */
export function keyValueForm(fields: OpenIdFields, signed: readonly string[]): string {
  return signed.map((key) => `${key}:${fields[`openid.${key}`] ?? ''}\n`).join('')
}

export function sign(fields: OpenIdFields, signed: readonly string[], secret: string): string {
  return createHmac('sha256', secret).update(keyValueForm(fields, signed), 'utf8').digest('base64')
}

/**
 * Checks openid.sig against the fields openid.signed names (constant-time). The sandbox provider's
 * check_authentication answers with it, and the backend verifies Steam sign-ins with it.
 */
export function signatureValid(fields: OpenIdFields, secret: string): boolean {
  const signedList = fields['openid.signed']
  const sig = fields['openid.sig']
  if (!signedList || !sig || !/^[A-Za-z0-9+/]+={0,2}$/.test(sig)) return false
  const signed = signedList.split(',')
  if (signed.some((key) => !/^[a-z_.]{1,64}$/.test(key) || fields[`openid.${key}`] === undefined)) return false
  const expected = Buffer.from(sign(fields, signed, secret), 'base64')
  const actual = Buffer.from(sig, 'base64')
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** `2026-05-01T10:05:00Z` followed by a unique suffix, as openid.response_nonce is. */
export function responseNonce(now: Date): string {
  return `${now.toISOString().slice(0, 19)}Z${randomToken(12)}`
}

/** The time of a response nonce, or null when it is not of the form `YYYY-MM-DDThh:mm:ssZ…`. */
export function nonceTime(nonce: string): Date | null {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)[\x21-\x7e]{0,200}$/.exec(nonce)
  if (!m) return null
  const time = new Date(m[1]!)
  return Number.isNaN(time.getTime()) || time.toISOString().slice(0, 19) !== m[1]!.slice(0, 19) ? null : time
}

/** Whether an http(s) URL has the origin of one of the origins. */
export function originIn(url: string, origins: readonly string[]): boolean {
  try {
    return origins.includes(new URL(url).origin)
  } catch {
    return false
  }
}

/**
 * Whether a realm covers a return_to URL (OpenID 2.0 section 9.2): same scheme and port, the same host
 * (or a subdomain for a `*.` realm), and a path equal to or under the realm's path. A realm has no
 * fragment.
 */
export function realmCovers(realm: string, returnTo: string): boolean {
  let r: URL
  let u: URL
  const wildcard = /^(https?:\/\/)\*\./i.exec(realm)
  try {
    r = new URL(wildcard ? realm.replace(/^(https?:\/\/)\*\./i, '$1') : realm)
    u = new URL(returnTo)
  } catch {
    return false
  }
  if (realm.includes('#') || !/^https?:$/.test(r.protocol) || r.protocol !== u.protocol || r.port !== u.port) return false
  const hostOk = wildcard ? u.hostname === r.hostname || u.hostname.endsWith(`.${r.hostname}`) : u.hostname === r.hostname
  if (!hostOk) return false
  const base = r.pathname
  return u.pathname === base || u.pathname.startsWith(base.endsWith('/') ? base : `${base}/`)
}

/** Appends parameters to a URL, keeping its own query exactly as it was. */
export function withParams(url: string, params: OpenIdFields): string {
  const query = new URLSearchParams(params).toString()
  return `${url}${url.includes('?') ? (url.endsWith('?') || url.endsWith('&') ? '' : '&') : '?'}${query}`
}

/** A positive assertion for a Steam id, signed as Steam signs it. */
export function positiveAssertion(opts: { endpoint: string; steamId: string; returnTo: string; now: Date; secret: string }): OpenIdFields {
  const claimed = `${STEAM_ID_URL}${opts.steamId}`
  const fields: OpenIdFields = {
    'openid.ns': OPENID_NS,
    'openid.mode': 'id_res',
    'openid.op_endpoint': opts.endpoint,
    'openid.claimed_id': claimed,
    'openid.identity': claimed,
    'openid.return_to': opts.returnTo,
    'openid.response_nonce': responseNonce(opts.now),
    'openid.assoc_handle': ASSOC_HANDLE,
    'openid.signed': SIGNED_FIELDS.join(','),
  }
  fields['openid.sig'] = sign(fields, SIGNED_FIELDS, opts.secret)
  return fields
}
