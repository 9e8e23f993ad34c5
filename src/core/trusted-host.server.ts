/**
 * Only trusted addresses (issue 18, decision 082). The site's canonical, hreflang and Open Graph
 * addresses, its brand and its cached pages follow the host a request names; a request may name
 * any host. Forwarding headers (`X-Forwarded-Host`, `X-Forwarded-Proto`) count only when the
 * request comes from a configured proxy (`TRUST_PROXY`), and a host that is neither the
 * original's, the mirror's nor a configured locale host is answered as the original's
 * configured address (`SITE_BASE_URL`), never as itself.
 */
import { normalizeHost } from '#constants'

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/
const IPV6 = /^(?=.*:.*:)[0-9a-f:]+(:(\d{1,3}\.){3}\d{1,3})?$/i
/** 4 or 6 for an IP address, 0 otherwise (as node:net's isIP, without Node: the configuration is also read where Node is not). */
function isIP(value: string): 0 | 4 | 6 {
  if (IPV4.test(value)) return 4
  return IPV6.test(value) ? 6 : 0
}

export interface HostPolicy {
  /** The original's host (with its port, if any) and scheme, from SITE_BASE_URL. */
  original: { host: string; protocol: 'http' | 'https' }
  /** Hosts the site answers as themselves, compared without `www.` and port. */
  known: ReadonlySet<string>
  /** Proxy addresses whose forwarding headers are believed; 'loopback' stands for this machine. */
  proxies: ReadonlySet<string>
}

export interface SiteAddress {
  host: string
  protocol: 'http' | 'https'
}

const LOOPBACK = ['127.0.0.1', '::1']

/** `::ffff:127.0.0.1` is 127.0.0.1. */
function plainIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip
}

/** `TRUST_PROXY`: proxy addresses separated by commas; `loopback` for 127.0.0.1 and ::1. */
export function parseProxies(raw: string | undefined): Set<string> | string {
  const proxies = new Set<string>()
  for (const item of (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (item === 'loopback') for (const ip of LOOPBACK) proxies.add(ip)
    else if (isIP(item)) proxies.add(plainIp(item))
    else return `"${item}" is neither an IP address nor loopback`
  }
  return proxies
}

function first(value: string | null): string | null {
  const head = value?.split(',')[0]?.trim()
  return head ? head : null
}

type AddressedRequest = {
  hostHeader: string | null
  forwardedHost: string | null
  forwardedProto: string | null
  protocol: 'http' | 'https'
  ip: string | null
}

/** The host a request names: a configured proxy's `X-Forwarded-Host`, else its `Host`; lower case, '' for none. */
function namedHost(request: AddressedRequest, policy: HostPolicy): string {
  const fromProxy = request.ip !== null && policy.proxies.has(plainIp(request.ip))
  return ((fromProxy ? first(request.forwardedHost) : null) ?? request.hostHeader ?? '').trim().toLowerCase()
}

/** Whether a request names one of the site's hosts: the original's, the mirror's or a locale host (`www.` and port aside). */
export function namesKnownHost(request: AddressedRequest, policy: HostPolicy): boolean {
  const host = namedHost(request, policy)
  return host !== '' && policy.known.has(normalizeHost(host))
}

export function siteAddress(request: AddressedRequest, policy: HostPolicy): SiteAddress {
  const fromProxy = request.ip !== null && policy.proxies.has(plainIp(request.ip))
  const host = namedHost(request, policy)
  const proto = fromProxy ? first(request.forwardedProto)?.toLowerCase() : null
  if (!namesKnownHost(request, policy)) return { ...policy.original }
  return { host, protocol: proto === 'https' || proto === 'http' ? proto : request.protocol }
}

/** Whether a socket's peer is a configured proxy, whose forwarding headers count. */
export function isTrustedProxy(peer: string | null, proxies: ReadonlySet<string>): boolean {
  return peer !== null && proxies.has(plainIp(peer))
}

/**
 * R10.4: the visitor's address. The socket's peer; from a configured proxy, the right-most
 * `X-Forwarded-For` address that is not itself a proxy (the ones left of it are whatever the
 * client wrote). Null when the server does not know its peer.
 */
export function clientAddress(peer: string | null, forwardedFor: string | null, proxies: ReadonlySet<string>): string | null {
  if (peer === null) return null
  const direct = plainIp(peer)
  if (!proxies.has(direct) || !forwardedFor) return direct
  const hops = forwardedFor
    .split(',')
    .map((hop) => plainIp(hop.trim()))
    .filter((hop) => isIP(hop) !== 0)
  for (let i = hops.length - 1; i >= 0; i--) if (!proxies.has(hops[i]!)) return hops[i]!
  return hops[0] ?? direct
}
