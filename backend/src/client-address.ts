import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { BlockList, isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { BackendEnv } from './env.ts'
import type { Ctx } from './http.ts'

/**
 * The address of the client a request comes from, for the limits that count per client (wrong codes).
 * The socket's peer, unless the peer is a trusted proxy (`BACKEND_TRUST_PROXY`): then the right-most
 * `X-Forwarded-For` address that is not itself a trusted proxy. Without a trusted proxy, the header
 * is ignored: anyone can write it.
 */

const LOOPBACK = 'loopback'

/** `::ffff:127.0.0.1` is 127.0.0.1; IPv6 in lower case. Null for anything that is not an IP address. */
function plainIp(value: string): string | null {
  const ip = value.trim()
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)?.[1]
  if (mapped && isIP(mapped) === 4) return mapped
  const kind = isIP(ip)
  if (kind === 4) return ip
  if (kind === 6) return ip.toLowerCase()
  return null
}

/** An `X-Forwarded-For` entry: an address, perhaps with a port (`1.2.3.4:5678`, `[2001:db8::1]:5678`). */
function forwardedIp(entry: string): string | null {
  const value = entry.trim()
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value)?.[1]
  if (bracketed) return plainIp(bracketed)
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(value)?.[1]
  return plainIp(withPort ?? value)
}

/** `BACKEND_TRUST_PROXY`: IP addresses or `loopback`, separated by commas. The list, or what is wrong with it. */
export function parseTrustProxy(raw: string): string[] | string {
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (items.length === 0) return 'must list at least one proxy address or loopback'
  const out: string[] = []
  for (const item of items) {
    const ip = item === LOOPBACK ? LOOPBACK : plainIp(item)
    if (ip === null) return `"${item}" is neither an IP address nor loopback`
    out.push(ip)
  }
  return out
}

const blockLists = new WeakMap<readonly string[], BlockList>()

/** The trusted proxies as a BlockList (made once per list): `loopback` is 127.0.0.0/8 and ::1. */
function trustedList(trusted: readonly string[]): BlockList {
  let list = blockLists.get(trusted)
  if (list) return list
  list = new BlockList()
  for (const item of trusted) {
    if (item === LOOPBACK) {
      list.addSubnet('127.0.0.0', 8, 'ipv4')
      list.addAddress('::1', 'ipv6')
      continue
    }
    const ip = plainIp(item)
    if (ip) list.addAddress(ip, isIP(ip) === 4 ? 'ipv4' : 'ipv6')
  }
  blockLists.set(trusted, list)
  return list
}

/**
 * The client's address from the socket's peer, the `X-Forwarded-For` header and the trusted proxies.
 * Null when there is no peer (a request handed to the app in-process, without a socket).
 */
export function clientAddress(peer: string | null | undefined, forwardedFor: string | undefined, trusted: readonly string[]): string | null {
  let client = peer ? plainIp(peer) : null
  if (client === null || trusted.length === 0) return client
  const list = trustedList(trusted)
  const isTrusted = (ip: string) => list.check(ip, isIP(ip) === 4 ? 'ipv4' : 'ipv6')
  const hops = (forwardedFor ?? '').split(',').filter((s) => s.trim() !== '')
  // Walk from the right while the address at hand is a trusted proxy: the hop before it is whom it saw.
  while (isTrusted(client) && hops.length > 0) {
    const hop = forwardedIp(hops.pop()!)
    if (hop === null) break
    client = hop
  }
  return client
}

/**
 * Whether the socket's peer is one of the trusted proxies: the rule for believing `X-Forwarded-For`,
 * and for taking a request id from `X-Request-Id`.
 */
export function isTrustedPeer(peer: string | null | undefined, trusted: readonly string[]): boolean {
  const ip = peer ? plainIp(peer) : null
  if (ip === null || trusted.length === 0) return false
  return trustedList(trusted).check(ip, isIP(ip) === 4 ? 'ipv4' : 'ipv6')
}

/** Expands an IPv6 address to its eight 16-bit groups. */
function ipv6Groups(ip: string): number[] {
  let text = ip
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text)?.[1]
  if (dotted) {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number]
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split('::') as [string, string | undefined]
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : [])
  const left = parse(head)
  const right = parse(tail)
  return tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right]
}

/**
 * What a client is counted under: an IPv4 address as it is; an IPv6 address by its /64 network, since
 * one subscriber usually holds a whole /64 and could otherwise take a new address for every guess.
 */
export function clientKey(address: string): string {
  if (isIP(address) !== 6) return address
  return `${ipv6Groups(address.toLowerCase())
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`
}

/**
 * The socket's peer: from @hono/node-server's connection info when the app runs on a Node server;
 * from a `remoteAddress` binding when a caller hands the app a request itself (tests, other runtimes).
 */
export function peerAddress(c: Ctx): string | null {
  const bindings = c.env as { incoming?: IncomingMessage; remoteAddress?: unknown } | undefined
  if (bindings?.incoming) return getConnInfo(c).remote.address ?? null
  return typeof bindings?.remoteAddress === 'string' ? bindings.remoteAddress : null
}

/**
 * R10.20: the proxies this request may speak for. The configured ones (BACKEND_TRUST_PROXY); with
 * SITE_PROXY_TOKEN set, only when the request shows it: another client at a proxy's address (a
 * browser on the site's own machine) is not believed.
 */
export function proxiesFor(c: Ctx, env: Pick<BackendEnv, 'trustProxy' | 'siteProxyToken'>): readonly string[] {
  if (env.trustProxy.length === 0 || env.siteProxyToken === null) return env.trustProxy
  const shown = c.req.header('x-site-proxy-token')
  if (shown === undefined) return NO_PROXIES
  const a = Buffer.from(shown, 'utf8')
  const b = Buffer.from(env.siteProxyToken, 'utf8')
  return a.length === b.length && timingSafeEqual(a, b) ? env.trustProxy : NO_PROXIES
}

const NO_PROXIES: readonly string[] = []

/** The key the request's client is counted under, or null when its address is unknown. */
export function requestClientKey(c: Ctx): string | null {
  const address = clientAddress(peerAddress(c), c.req.header('x-forwarded-for'), proxiesFor(c, c.var.deps.env))
  return address === null ? null : clientKey(address)
}
