/**
 * The request as the site believes it (decision 082), and what every later step reads from it:
 * the host it was addressed to and the language its page is in (R2.9). Its address is a known
 * host, or the original's; forwarding headers count only from a configured proxy
 * (`trusted-host.server.ts` holds the rules).
 */

import { pageLocale } from '#app/core/locale.ts'
import { isBypassedPath } from '#app/core/paths.ts'
import { requestIdFor } from '#app/core/request-facts.server.ts'
import { clientAddress, type HostPolicy, isTrustedProxy, namesKnownHost, type SiteAddress, siteAddress } from '#app/core/trusted-host.server.ts'
import { loadConfig } from '#config'
import { normalizeHost } from '#constants'
import type { Locale } from '#machines/rules/locale.ts'

const config = loadConfig()

/** The hosts the site answers as themselves and the proxies it believes (decision 082). */
const hostPolicy: HostPolicy = {
  original: config.siteBase,
  known: new Set([config.siteBase.host, ...(config.mirrorHost ? [config.mirrorHost] : []), ...Object.keys(config.localeHosts ?? {})].map(normalizeHost)),
  proxies: new Set(config.trustedProxies),
}

/**
 * The request as the site may believe it: its address is a known host, or the original's; the
 * forwarding headers are a configured proxy's, or none. Everything after reads the address from
 * the URL and `X-Forwarded-Host`/`-Proto`, which this sets.
 */
export function trustedRequest(incoming: Request): Request {
  const url = new URL(incoming.url)
  const address = trustedAddress(incoming, url)
  const forwardedHost = incoming.headers.get('x-forwarded-host')
  const forwardedProto = incoming.headers.get('x-forwarded-proto')
  const forwardedFor = incoming.headers.get('x-forwarded-for')
  const peer = (incoming as { ip?: string }).ip ?? null
  // R10.4: the visitor's address, believed as the host is: `X-Forwarded-For` only from a configured proxy.
  const client = clientAddress(peer, forwardedFor, hostPolicy.proxies)
  const protocol = url.protocol === 'https:' ? 'https' : 'http'
  if (forwardedHost === null && forwardedProto === null && forwardedFor === null && address.host === url.host && address.protocol === protocol) return incoming
  const headers = new Headers(incoming.headers)
  headers.set('x-forwarded-host', address.host)
  headers.set('x-forwarded-proto', address.protocol)
  // The new request has no socket of its own: it says whose it is.
  if (client === null) headers.delete('x-forwarded-for')
  else headers.set('x-forwarded-for', client)
  const trusted = new URL(`${url.pathname}${url.search}`, `${address.protocol}://${address.host}`)
  return new Request(trusted, {
    method: incoming.method,
    headers,
    body: incoming.body,
    signal: incoming.signal,
    ...(incoming.body ? { duplex: 'half' } : {}),
  } as RequestInit)
}

function addressed(incoming: Request, url: URL) {
  return {
    hostHeader: incoming.headers.get('host') ?? url.host,
    forwardedHost: incoming.headers.get('x-forwarded-host'),
    forwardedProto: incoming.headers.get('x-forwarded-proto'),
    protocol: url.protocol === 'https:' ? ('https' as const) : ('http' as const),
    ip: (incoming as { ip?: string }).ip ?? null,
  }
}

/**
 * The host and scheme the site believes a request came to (decision 082), without building a new
 * request: for the answers given before one is built (src/server/admission.server.ts).
 */
export function trustedAddress(incoming: Request, url: URL = new URL(incoming.url)): SiteAddress {
  return siteAddress(addressed(incoming, url), hostPolicy)
}

/**
 * Decision 121: a request for a host the site does not serve as itself (an IP address, a `www.` or
 * other name nobody configured) is sent to the original's address, path and query kept, before
 * anything renders: 308, which keeps the method, so a form posted there arrives too.
 */
export function unknownHostRedirect(incoming: Request): Response | null {
  const url = new URL(incoming.url)
  if (namesKnownHost(addressed(incoming, url), hostPolicy)) return null
  const { protocol, host } = hostPolicy.original
  return new Response(null, {
    status: 308,
    headers: { location: `${protocol}://${host}${url.pathname}${url.search}`, 'cache-control': 'no-store', 'content-length': '0' },
  })
}

/**
 * R10.4: the visitor's address on a trusted request: the one `trustedRequest` believed, or the
 * socket's peer when nothing was forwarded. The site passes it to the backend in `X-Forwarded-For`
 * when it calls on a visitor's behalf, so the backend's limits per address count visitors, not the site.
 */
export function visitorAddress(request: Request): string | null {
  return request.headers.get('x-forwarded-for') ?? clientAddress((request as { ip?: string }).ip ?? null, null, hostPolicy.proxies)
}

/** Issue 40: the request's id, the one a configured proxy sent in `X-Request-Id` (when well formed) or a new one. */
export function incomingRequestId(incoming: Request): string {
  const forwarded = incoming.headers.get('x-request-id')
  // Most requests bring none: their peer is not looked up.
  return requestIdFor(forwarded, forwarded !== null && isTrustedProxy((incoming as { ip?: string }).ip ?? null, hostPolicy.proxies))
}

/** The host a (trusted) request is addressed to. */
export function requestHost(request: Request, url: URL = new URL(request.url)): string {
  return request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? url.host
}

/** The language a request's page is rendered in (R2.9). */
export function requestLocale(request: Request, url: URL = new URL(request.url)): Locale {
  if (isBypassedPath(url.pathname)) return 'en'
  return pageLocale({ pathname: url.pathname, host: requestHost(request, url), localeHosts: config.localeHosts })
}
