import { describe, expect, it } from 'vitest'
import { clientAddress, clientKey, parseTrustProxy } from '../src/client-address.ts'

describe('the client address of a request (BACKEND_TRUST_PROXY)', () => {
  it('is the socket’s peer when the peer is no trusted proxy, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.5', '198.51.100.1', [])).toBe('203.0.113.5')
    expect(clientAddress('203.0.113.5', '198.51.100.1', ['loopback', '10.0.0.2'])).toBe('203.0.113.5')
    expect(clientAddress('::ffff:203.0.113.5', undefined, [])).toBe('203.0.113.5')
    expect(clientAddress('127.0.0.1', '198.51.100.1', [])).toBe('127.0.0.1')
  })

  it('is unknown without a peer (a request handed to the app in-process)', () => {
    expect(clientAddress(null, '198.51.100.1', ['loopback'])).toBeNull()
    expect(clientAddress(undefined, undefined, [])).toBeNull()
    expect(clientAddress('not an address', undefined, [])).toBeNull()
  })

  it('is the right-most X-Forwarded-For address that is not itself a trusted proxy', () => {
    const trusted = ['loopback', '10.0.0.2']
    expect(clientAddress('127.0.0.1', undefined, trusted)).toBe('127.0.0.1')
    expect(clientAddress('127.0.0.1', '198.51.100.1', trusted)).toBe('198.51.100.1')
    expect(clientAddress('::ffff:127.0.0.1', '198.51.100.1', trusted)).toBe('198.51.100.1')
    expect(clientAddress('::1', '198.51.100.1', trusted)).toBe('198.51.100.1')
    // The visitor wrote the first entries; each trusted proxy appended the address it saw.
    expect(clientAddress('127.0.0.1', '1.2.3.4, 198.51.100.1, 10.0.0.2', trusted)).toBe('198.51.100.1')
    expect(clientAddress('10.0.0.2', '1.2.3.4,198.51.100.1', trusted)).toBe('198.51.100.1')
    expect(clientAddress('127.0.0.9', ' 2001:DB8::7 ', trusted)).toBe('2001:db8::7')
    // Every hop trusted: the left-most one is the client.
    expect(clientAddress('127.0.0.1', '10.0.0.2, 127.0.0.1', trusted)).toBe('10.0.0.2')
    // A hop that is no address stops the walk at the last trusted proxy that handed it on.
    expect(clientAddress('127.0.0.1', '198.51.100.1, unknown', trusted)).toBe('127.0.0.1')
    expect(clientAddress('127.0.0.1', '198.51.100.1, unknown, 10.0.0.2', trusted)).toBe('10.0.0.2')
    expect(clientAddress('127.0.0.1', '', trusted)).toBe('127.0.0.1')
    // Ports some proxies add are dropped.
    expect(clientAddress('127.0.0.1', '198.51.100.1:5123', trusted)).toBe('198.51.100.1')
    expect(clientAddress('127.0.0.1', '[2001:db8::7]:5123', trusted)).toBe('2001:db8::7')
  })

  it('trusts exactly the listed addresses; loopback is 127.0.0.0/8 and ::1', () => {
    expect(clientAddress('10.0.0.3', '198.51.100.1', ['10.0.0.2'])).toBe('10.0.0.3')
    expect(clientAddress('127.1.2.3', '198.51.100.1', ['loopback'])).toBe('198.51.100.1')
    expect(clientAddress('::1', '198.51.100.1', ['10.0.0.2'])).toBe('::1')
    expect(clientAddress('2001:db8::2', '198.51.100.1', ['2001:DB8::2'])).toBe('198.51.100.1')
  })
})

describe('the key a client address is counted under', () => {
  it('is the IPv4 address, and the /64 network of an IPv6 address', () => {
    expect(clientKey('203.0.113.5')).toBe('203.0.113.5')
    expect(clientKey('2001:db8:7:1::1e')).toBe('2001:db8:7:1::/64')
    expect(clientKey('2001:0DB8:0007:0001:ffff:0:0:1')).toBe('2001:db8:7:1::/64')
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientKey('::1')).toBe('0:0:0:0::/64')
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64')
  })
})

describe('BACKEND_TRUST_PROXY', () => {
  it('lists IP addresses or loopback, separated by commas', () => {
    expect(parseTrustProxy('loopback')).toEqual(['loopback'])
    expect(parseTrustProxy(' 10.0.0.2 , loopback,::1 ')).toEqual(['10.0.0.2', 'loopback', '::1'])
    expect(parseTrustProxy('::ffff:10.0.0.3')).toEqual(['10.0.0.3'])
  })

  it.each([
    ['proxy.internal', '"proxy.internal" is neither an IP address nor loopback'],
    ['10.0.0.0/8', '"10.0.0.0/8" is neither an IP address nor loopback'],
    [' , ', 'must list at least one proxy address or loopback'],
  ])('refuses %j', (raw, message) => {
    expect(parseTrustProxy(raw)).toBe(message)
  })
})
