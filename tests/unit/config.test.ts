import { describe, expect, it } from 'vitest'
import { brandForHost, ConfigError, cloudpaymentsPublicIdForHost, parseConfig, toPublicConfig } from '#config'

describe('R1, R7, R9: runtime configuration', () => {
  it('has working defaults: the stand-in backend and the sandbox widgets', () => {
    const c = parseConfig({})
    expect(c.port).toBe(3000)
    expect(c.backendPort).toBe(3001)
    expect(c.apiBase).toBe('http://127.0.0.1:3001')
    expect(c.apiBrowserBase).toBe('http://localhost:3001')
    expect(c.payment.service).toBe('cloudpayments')
    expect(c.payment.cloudpaymentsScriptUrl).toBe('http://localhost:3001/sandbox/cloudpayments.js')
    expect(c.payment.payselection.scriptUrl).toBe('http://localhost:3001/sandbox/pay-widget.js')
    expect(c.mirrorHost).toBeNull()
    expect(c.debugPrices).toBe(false)
    expect(Object.isFrozen(c) && Object.isFrozen(c.brands.original)).toBe(true)
  })

  it('prefers API_BROWSER_BASE_URL in the browser, then API_BASE_URL', () => {
    expect(parseConfig({ API_BASE_URL: 'https://api.example.com/' }).apiBrowserBase).toBe('https://api.example.com')
    const both = parseConfig({ API_BASE_URL: 'http://10.0.0.2:8080', API_BROWSER_BASE_URL: 'https://api.example.com' })
    expect(both.apiBase).toBe('http://10.0.0.2:8080')
    expect(both.apiBrowserBase).toBe('https://api.example.com')
  })

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ PORT: '', MIRROR_BASE_URL: '' }).port).toBe(3000)
  })

  it.each([
    ['PORT', 'eighty', /PORT must be/],
    ['PORT', '70000', /PORT must be/],
    ['API_BASE_URL', 'localhost:3001', /API_BASE_URL must be an http\(s\) URL/],
    ['MIRROR_BASE_URL', 'ftp://mirror', /MIRROR_BASE_URL must be/],
    ['DEBUG_PRICES', 'maybe', /DEBUG_PRICES must be/],
    ['SUPPORT_EMAIL', 'not-an-address', /SUPPORT_EMAIL must be/],
    ['LOCALE_HOSTS', 'ru.example.com=fr', /LOCALE_HOSTS must be/],
    ['CLOUDPAYMENTS_PUBLIC_IDS', 'no-equals-sign', /CLOUDPAYMENTS_PUBLIC_IDS must be/],
  ])('rejects %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => parseConfig({ [name]: value })).toThrowError(message)
    expect(() => parseConfig({ [name]: value })).toThrowError(ConfigError)
  })

  it('reports every bad variable at once', () => {
    try {
      parseConfig({ PORT: 'x', BACKEND_PORT: 'y' })
      expect.unreachable()
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2)
    }
  })

  it('an unknown payment service stops start with the list of available services', () => {
    expect(() => parseConfig({ PAYMENT_SERVICE: 'paypal' })).toThrowError(
      'PAYMENT_SERVICE must be one of the available services: payselection, cloudpayments (was "paypal")',
    )
    expect(parseConfig({ PAYMENT_SERVICE: 'payselection' }).payment.service).toBe('payselection')
  })

  it('the mirror domain is the mirror base address without its scheme', () => {
    const c = parseConfig({ MIRROR_BASE_URL: 'https://mirror.example.net' })
    expect(c.mirrorHost).toBe('mirror.example.net')
    expect(brandForHost(c, 'mirror.example.net')).toBe('mirror')
    expect(brandForHost(c, 'www.mirror.example.net')).toBe('mirror')
    expect(brandForHost(c, 'original.example.com')).toBe('original')
    expect(brandForHost(c, null)).toBe('original')
    expect(brandForHost(parseConfig({}), 'mirror.example.net')).toBe('original')
  })

  it('R9: the card provider public id by host without www and port, else the fallback', () => {
    const c = parseConfig({ CLOUDPAYMENTS_PUBLIC_IDS: 'skinvault.gg=pk_a, svchanger.app=pk_b', CLOUDPAYMENTS_PUBLIC_ID: 'pk_fallback' })
    expect(cloudpaymentsPublicIdForHost(c, 'www.skinvault.gg:443')).toBe('pk_a')
    expect(cloudpaymentsPublicIdForHost(c, 'svchanger.app')).toBe('pk_b')
    expect(cloudpaymentsPublicIdForHost(c, 'unknown.host')).toBe('pk_fallback')
  })

  it('the public configuration carries no server-only field', () => {
    const pub = toPublicConfig(parseConfig({ API_BASE_URL: 'http://internal:9000', API_BROWSER_BASE_URL: 'https://api.example.com' }))
    expect(JSON.stringify(pub)).not.toContain('internal:9000')
    expect(pub).not.toHaveProperty('port')
  })
})

describe('the seller details (OPERATOR_*)', () => {
  it('none by default: support gives them on request', () => {
    expect(parseConfig({}).operator).toBeNull()
  })
  it('name, taxpayer number and address when set', () => {
    expect(parseConfig({ OPERATOR_NAME: 'ООО «Скинволт»', OPERATOR_TAX_ID: '7701234567', OPERATOR_ADDRESS: 'Москва, ул. Тверская, 1' }).operator).toEqual({
      name: 'ООО «Скинволт»',
      taxId: '7701234567',
      address: 'Москва, ул. Тверская, 1',
      registration: null,
    })
  })
  it('the register entry for the Impressum when set; an empty variable is not set', () => {
    expect(parseConfig({ OPERATOR_NAME: 'Demo GmbH', OPERATOR_REGISTRATION: 'HRB 12345, Amtsgericht Berlin' }).operator).toEqual({
      name: 'Demo GmbH',
      taxId: null,
      address: null,
      registration: 'HRB 12345, Amtsgericht Berlin',
    })
    expect(parseConfig({ OPERATOR_NAME: '', OPERATOR_REGISTRATION: 'HRB 12345' }).operator).toBeNull()
  })
  it('a taxpayer number of other than 10 or 12 digits stops start, naming the variable', () => {
    for (const value of ['12345', '77012345678', 'INN7701234567']) {
      try {
        parseConfig({ OPERATOR_NAME: 'ООО «Скинволт»', OPERATOR_TAX_ID: value })
        expect.unreachable()
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError)
        expect((error as ConfigError).problems.join('\n')).toContain('OPERATOR_TAX_ID')
      }
    }
  })
})

describe('security review 2026-11: the request body limit (REQUEST_BODY_LIMIT_BYTES)', () => {
  it('is 16384 bytes by default; an empty variable is not set', () => {
    expect(parseConfig({}).requestBodyLimitBytes).toBe(16384)
    expect(parseConfig({ REQUEST_BODY_LIMIT_BYTES: '' }).requestBodyLimitBytes).toBe(16384)
  })
  it('takes a whole number of bytes from 1024 to 16777216', () => {
    expect(parseConfig({ REQUEST_BODY_LIMIT_BYTES: '1024' }).requestBodyLimitBytes).toBe(1024)
    expect(parseConfig({ REQUEST_BODY_LIMIT_BYTES: '65536' }).requestBodyLimitBytes).toBe(65536)
    expect(parseConfig({ REQUEST_BODY_LIMIT_BYTES: '16777216' }).requestBodyLimitBytes).toBe(16777216)
  })
  it.each(['1023', '0', '-1', '16777217', '16kb', '1.5', 'lots'])('stops start on %s, naming the variable', (value) => {
    expect(() => parseConfig({ REQUEST_BODY_LIMIT_BYTES: value })).toThrowError(/REQUEST_BODY_LIMIT_BYTES must be/)
    expect(() => parseConfig({ REQUEST_BODY_LIMIT_BYTES: value })).toThrowError(ConfigError)
  })
  it('stays on the server: the browser configuration has no body limit', () => {
    expect(toPublicConfig(parseConfig({ REQUEST_BODY_LIMIT_BYTES: '20000' }))).not.toHaveProperty('requestBodyLimitBytes')
  })
})
