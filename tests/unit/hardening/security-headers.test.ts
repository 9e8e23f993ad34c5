import { describe, expect, it } from 'vitest'
import { baseSecurityHeaders, contentSecurityPolicy, createNonce, isHttps } from '#app/server/security-headers.server.ts'
import { parseConfig, toPublicConfig } from '#config'

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  )

describe('issue 9: Content-Security-Policy', () => {
  it('allows scripts from the site, the nonce and the payment widget hosts only', () => {
    const config = toPublicConfig(parseConfig({ BACKEND_PORT: '3001' }))
    const csp = directives(contentSecurityPolicy({ nonce: 'abc', config, https: false }))
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-abc'", 'http://localhost:3001'])
    expect(csp.get('connect-src')).toContain('http://localhost:3001')
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(csp.get('base-uri')).toEqual(["'self'"])
    expect(csp.has('upgrade-insecure-requests')).toBe(false)
    expect([...csp.values()].flat()).not.toContain("'unsafe-eval'")
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'")
  })

  it('adds configured chat, analytics and widget hosts, and the browser API base', () => {
    const config = toPublicConfig(
      parseConfig({
        API_BROWSER_BASE_URL: 'https://api.example.com/v1',
        CLOUDPAYMENTS_SCRIPT_URL: 'https://widget.cloudpayments.ru/bundles/cloudpayments.js',
        PAYSELECTION_SCRIPT_URL: 'https://widget.payselection.com/lib/pay-widget.js',
        CHAT_SCRIPT_URL: 'https://chat.example.net/w.js',
        ANALYTICS_SCRIPT_URL: 'https://stats.example.org/a.js',
      }),
    )
    const csp = directives(contentSecurityPolicy({ nonce: 'n', config, https: true }))
    expect(csp.get('script-src')).toEqual([
      "'self'",
      "'nonce-n'",
      'https://widget.cloudpayments.ru',
      'https://widget.payselection.com',
      'https://chat.example.net',
      'https://stats.example.org',
    ])
    expect(csp.get('connect-src')).toContain('https://api.example.com')
    expect(csp.has('upgrade-insecure-requests')).toBe(true)
  })

  it('R10.6: forms may post to the site, the payment widgets and the Steam sign-in the site redirects a post to', () => {
    const config = toPublicConfig(
      parseConfig({
        API_BASE_URL: 'https://api.example.com',
        CLOUDPAYMENTS_SCRIPT_URL: 'https://widget.cloudpayments.ru/bundles/cloudpayments.js',
        PAYSELECTION_SCRIPT_URL: 'https://widget.payselection.com/lib/pay-widget.js',
      }),
    )
    const csp = directives(contentSecurityPolicy({ nonce: 'n', config, https: true }))
    expect(csp.get('form-action')).toEqual(["'self'", 'https://widget.cloudpayments.ru', 'https://widget.payselection.com', 'https://steamcommunity.com'])
  })

  it('makes a different 128-bit nonce every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, () => createNonce()))
    expect(nonces.size).toBe(100)
    for (const n of nonces) expect(atob(n)).toHaveLength(16)
  })

  it('sends HSTS only over https', () => {
    expect(baseSecurityHeaders(false)['strict-transport-security']).toBeUndefined()
    expect(baseSecurityHeaders(true)['strict-transport-security']).toMatch(/max-age=\d+/)
    expect(isHttps({ url: 'http://x/', headers: new Headers({ 'x-forwarded-proto': 'https' }) })).toBe(true)
    expect(isHttps({ url: 'http://x/', headers: new Headers() })).toBe(false)
    expect(baseSecurityHeaders(false)).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' })
    expect(baseSecurityHeaders(false)['permissions-policy']).toContain('camera=()')
  })
})
