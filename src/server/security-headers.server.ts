/**
 * Security headers of every response the site renders (decision 021): a Content-Security-Policy
 * with a per-response nonce, HSTS over https only, and the usual hardening headers. Pure.
 */
import type { PublicConfig } from '#constants'

/** A fresh nonce: 16 random bytes, base64 (works in Node and browsers). */
export function createNonce(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return btoa(s)
}

function origin(url: string | null | undefined): string | null {
  if (!url) return null
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null
  } catch {
    return null
  }
}

function unique(values: (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => !!v))]
}

export type CspConfig = Pick<PublicConfig, 'apiBrowserBase' | 'chatScriptUrl' | 'analyticsScriptUrl'> &
  Partial<Pick<PublicConfig, 'gtmId' | 'gtmScriptUrl' | 'steamOpenIdUrl'>> & {
    payment: Pick<PublicConfig['payment'], 'cloudpaymentsScriptUrl'> & { payselection: Pick<PublicConfig['payment']['payselection'], 'scriptUrl'> }
  }

/**
 * Scripts: the site itself, the nonce or the hashes of a page's inline scripts (the router's
 * hydration scripts and the starter; hashes for guest pages, decision 084) and the hosts of
 * the configured payment widgets, chat, analytics and tag manager (its host only when GTM_ID is
 * set). Styles allow inline because the payment
 * widgets and the toasts set `style` attributes and inject `<style>` at run time.
 */
export function contentSecurityPolicy(input: { nonce?: string; scriptSources?: readonly string[]; config: CspConfig; https: boolean }): string {
  const { config } = input
  const payment = unique([origin(config.payment.cloudpaymentsScriptUrl), origin(config.payment.payselection.scriptUrl)])
  const gtm = config.gtmId ? origin(config.gtmScriptUrl) : null
  const providers = unique([origin(config.chatScriptUrl), origin(config.analyticsScriptUrl), gtm])
  const api = origin(config.apiBrowserBase)
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    [
      'script-src',
      ["'self'", ...(input.nonce !== undefined ? [`'nonce-${input.nonce}'`] : []), ...(input.scriptSources ?? []), ...unique([...payment, ...providers])],
    ],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', unique(["'self'", 'data:', 'blob:', api, ...providers])],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', unique(["'self'", api, ...payment, ...providers])],
    ['frame-src', payment.length || providers.length ? unique([...payment, ...providers]) : ["'none'"]],
    ['media-src', ["'self'"]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    // The Steam sign-in starts with a post to the site that redirects to the provider (R10.6): a form's redirect is checked too.
    ['form-action', unique(["'self'", ...payment, origin(config.steamOpenIdUrl)])],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
  ]
  const parts = directives.map(([name, values]) => `${name} ${values.join(' ')}`)
  if (input.https) parts.push('upgrade-insecure-requests')
  return parts.join('; ')
}

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self)',
  'usb=()',
].join(', ')

/** Headers for every response of the site (pages, redirects, assets). */
export function baseSecurityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
  }
  if (https) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains'
  return headers
}

/** Whether the visitor reached the site over https (directly or through a proxy that says so). */
export function isHttps(request: { url: string; headers: Headers }): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')
  if (forwarded) return forwarded.split(',')[0]!.trim().toLowerCase() === 'https'
  return request.url.startsWith('https:')
}
