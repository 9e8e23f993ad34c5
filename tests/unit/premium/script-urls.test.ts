/** R7 and decision 050: which widget scripts the site loads, and that the page's CSP allows them. */
import { describe, expect, it } from 'vitest'
import { widgetScriptUrl } from '#app/core/payments/index.ts'
import { contentSecurityPolicy } from '#app/server/security-headers.server.ts'
import { PROVIDER_SCRIPT_URLS, parseConfig } from '#config'

const REAL_CP = 'https://widget.cloudpayments.ru/bundles/cloudpayments.js'
const REAL_PS = 'https://widget.payselection.com/lib/pay-widget.js'

function scripts(env: Record<string, string>) {
  const { payment } = parseConfig(env)
  return { cloudpayments: widgetScriptUrl(payment, 'cloudpayments'), payselection: widgetScriptUrl(payment, 'payselection') }
}

describe('decision 050: the payment widget scripts by default', () => {
  it('the providers own scripts are these', () => {
    expect(PROVIDER_SCRIPT_URLS).toEqual({ cloudpayments: REAL_CP, payselection: REAL_PS })
  })

  it('with the built-in stand-in backend (no API_BASE_URL): its sandbox scripts, at the browser base', () => {
    expect(scripts({})).toEqual({
      cloudpayments: 'http://localhost:3001/sandbox/cloudpayments.js',
      payselection: 'http://localhost:3001/sandbox/pay-widget.js',
    })
    expect(scripts({ BACKEND_PORT: '4001', API_BROWSER_BASE_URL: 'https://stand-in.example.test/' })).toEqual({
      cloudpayments: 'https://stand-in.example.test/sandbox/cloudpayments.js',
      payselection: 'https://stand-in.example.test/sandbox/pay-widget.js',
    })
  })

  it('with a real backend (API_BASE_URL): the providers real scripts', () => {
    expect(scripts({ API_BASE_URL: 'https://api.skinvault.gg' })).toEqual({ cloudpayments: REAL_CP, payselection: REAL_PS })
    expect(scripts({ API_BASE_URL: 'http://10.0.0.2:8080', API_BROWSER_BASE_URL: 'https://api.skinvault.gg' })).toEqual({
      cloudpayments: REAL_CP,
      payselection: REAL_PS,
    })
  })

  it('an explicit script URL always wins, with either backend', () => {
    const explicit = { CLOUDPAYMENTS_SCRIPT_URL: 'https://cdn.example.test/cp.js', PAYSELECTION_SCRIPT_URL: 'https://cdn.example.test/pw.js' }
    const expected = { cloudpayments: 'https://cdn.example.test/cp.js', payselection: 'https://cdn.example.test/pw.js' }
    expect(scripts(explicit)).toEqual(expected)
    expect(scripts({ ...explicit, API_BASE_URL: 'https://api.skinvault.gg' })).toEqual(expected)
    // One set, the other defaulted.
    expect(scripts({ API_BASE_URL: 'https://api.skinvault.gg', PAYSELECTION_SCRIPT_URL: 'http://localhost:3001/sandbox/pay-widget.js' })).toEqual({
      cloudpayments: REAL_CP,
      payselection: 'http://localhost:3001/sandbox/pay-widget.js',
    })
  })

  it('the Content-Security-Policy allows the default scripts (and their frames) with a real backend', () => {
    const config = parseConfig({ API_BASE_URL: 'https://api.skinvault.gg' })
    const csp = new Map(
      contentSecurityPolicy({ nonce: 'n', config, https: true })
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name!, values]),
    )
    for (const directive of ['script-src', 'frame-src', 'connect-src']) {
      expect(csp.get(directive), directive).toEqual(expect.arrayContaining(['https://widget.cloudpayments.ru', 'https://widget.payselection.com']))
    }
  })
})
