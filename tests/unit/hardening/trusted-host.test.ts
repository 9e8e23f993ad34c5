import { describe, expect, it } from 'vitest'
import { clientAddress, type HostPolicy, parseProxies, siteAddress } from '#app/core/trusted-host.server.ts'
import { ConfigError, parseConfig } from '#config'

const policy: HostPolicy = {
  original: { host: 'skinvault.gg', protocol: 'https' },
  known: new Set(['skinvault.gg', 'svchanger.app', 'skinvault.de']),
  proxies: new Set(['10.0.0.5', '127.0.0.1']),
}
const request = (over: Partial<Parameters<typeof siteAddress>[0]>) => ({
  hostHeader: 'skinvault.gg',
  forwardedHost: null,
  forwardedProto: null,
  protocol: 'http' as const,
  ip: '203.0.113.9',
  ...over,
})

describe('issue 18: only trusted addresses (decision 082)', () => {
  it('a known host is answered as itself, in the scheme of the connection', () => {
    expect(siteAddress(request({ hostHeader: 'svchanger.app' }), policy)).toEqual({ host: 'svchanger.app', protocol: 'http' })
    expect(siteAddress(request({ hostHeader: 'WWW.SkinVault.DE:8443' }), policy)).toEqual({ host: 'www.skinvault.de:8443', protocol: 'http' })
  })

  it('an unknown Host gets the original’s configured address, never its own', () => {
    expect(siteAddress(request({ hostHeader: 'evil.example' }), policy)).toEqual({ host: 'skinvault.gg', protocol: 'https' })
    expect(siteAddress(request({ hostHeader: null }), policy)).toEqual({ host: 'skinvault.gg', protocol: 'https' })
    expect(siteAddress(request({ hostHeader: 'skinvault.gg.evil.example' }), policy)).toEqual({ host: 'skinvault.gg', protocol: 'https' })
  })

  it('forwarding headers from anyone but a configured proxy are ignored', () => {
    expect(siteAddress(request({ forwardedHost: 'evil.example', forwardedProto: 'https' }), policy)).toEqual({ host: 'skinvault.gg', protocol: 'http' })
    expect(siteAddress(request({ forwardedHost: 'svchanger.app' }), policy)).toEqual({ host: 'skinvault.gg', protocol: 'http' })
  })

  it('from a configured proxy they count, the first value of a list, and an unknown forwarded host still gets the original', () => {
    expect(siteAddress(request({ ip: '10.0.0.5', forwardedHost: 'svchanger.app, internal', forwardedProto: 'https' }), policy)).toEqual({
      host: 'svchanger.app',
      protocol: 'https',
    })
    expect(siteAddress(request({ ip: '::ffff:127.0.0.1', forwardedProto: 'https' }), policy)).toEqual({ host: 'skinvault.gg', protocol: 'https' })
    expect(siteAddress(request({ ip: '10.0.0.5', forwardedHost: 'evil.example' }), policy)).toEqual({ host: 'skinvault.gg', protocol: 'https' })
    expect(siteAddress(request({ ip: '10.0.0.5', forwardedProto: 'gopher' }), policy)).toEqual({ host: 'skinvault.gg', protocol: 'http' })
  })

  it('TRUST_PROXY lists IP addresses or loopback; anything else is a configuration error naming it', () => {
    expect(parseProxies('loopback, 10.0.0.5,2001:db8::1')).toEqual(new Set(['127.0.0.1', '::1', '10.0.0.5', '2001:db8::1']))
    expect(parseProxies(undefined)).toEqual(new Set())
    expect(parseProxies('10.0.0.256')).toBe('"10.0.0.256" is neither an IP address nor loopback')
    expect(() => parseConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(ConfigError)
    expect(() => parseConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/)
    expect(parseConfig({ TRUST_PROXY: 'loopback' }).trustedProxies).toEqual(['127.0.0.1', '::1'])
  })

  it('SITE_BASE_URL is the original’s address; without it, this machine at PORT', () => {
    expect(parseConfig({ SITE_BASE_URL: 'https://Skinvault.gg' }).siteBase).toEqual({ host: 'skinvault.gg', protocol: 'https' })
    expect(parseConfig({ PORT: '4100' }).siteBase).toEqual({ host: 'localhost:4100', protocol: 'http' })
  })
})

describe('R10.4: the visitor’s address, believed as the host is', () => {
  const proxies = new Set(['10.0.0.5', '127.0.0.1'])
  it('the connection’s peer, whatever X-Forwarded-For says, when the peer is no proxy', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', proxies)).toBe('203.0.113.9')
    expect(clientAddress('::ffff:203.0.113.9', null, proxies)).toBe('203.0.113.9')
  })
  it('from a proxy, the right-most address that is not a proxy; the ones left of it are what the client wrote', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.1, 203.0.113.9', proxies)).toBe('203.0.113.9')
    expect(clientAddress('127.0.0.1', '198.51.100.1, 203.0.113.9, 10.0.0.5', proxies)).toBe('203.0.113.9')
    expect(clientAddress('10.0.0.5', 'not-an-address, 203.0.113.9', proxies)).toBe('203.0.113.9')
    expect(clientAddress('10.0.0.5', '10.0.0.5', proxies)).toBe('10.0.0.5')
    expect(clientAddress('127.0.0.1', null, proxies)).toBe('127.0.0.1')
  })
  it('no peer, no address', () => {
    expect(clientAddress(null, '203.0.113.9', proxies)).toBeNull()
  })
})
