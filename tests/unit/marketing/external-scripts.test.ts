import { describe, expect, it } from 'vitest'
import { configuredScripts, gtmScriptSrc, startTagManager } from '#app/features/marketing/load-external-scripts.ts'
import { contentSecurityPolicy } from '#app/server/security-headers.server.ts'
import { ConfigError, DEFAULT_GTM_SCRIPT_URL, parseConfig, toPublicConfig } from '#config'

const scriptSrc = (config: ReturnType<typeof parseConfig>) =>
  contentSecurityPolicy({ nonce: 'n', config, https: true })
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')!
    .slice(1)

describe('R4: GTM_ID and GTM_SCRIPT_URL', () => {
  it('is off by default, with the standard container address ready', () => {
    const c = parseConfig({})
    expect(c.gtmId).toBeNull()
    expect(c.gtmScriptUrl).toBe('https://www.googletagmanager.com/gtm.js')
    expect(DEFAULT_GTM_SCRIPT_URL).toBe(c.gtmScriptUrl)
  })

  it('takes a container id like GTM-XXXXXXX and another script address', () => {
    const c = parseConfig({ GTM_ID: 'GTM-AB12CD3', GTM_SCRIPT_URL: 'https://tags.example.net/gtm.js' })
    expect(c.gtmId).toBe('GTM-AB12CD3')
    expect(c.gtmScriptUrl).toBe('https://tags.example.net/gtm.js')
    expect(toPublicConfig(c)).toMatchObject({ gtmId: 'GTM-AB12CD3', gtmScriptUrl: 'https://tags.example.net/gtm.js' })
  })

  it.each([
    ['GTM_ID', 'UA-12345-1'],
    ['GTM_ID', 'gtm-ab12cd3'],
    ['GTM_ID', 'GTM-'],
    ['GTM_ID', 'GTM-AB12CD3; alert(1)'],
    ['GTM_SCRIPT_URL', 'www.googletagmanager.com/gtm.js'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrowError(ConfigError)
    expect(() => parseConfig({ [name]: value })).toThrowError(new RegExp(`${name} must be`))
  })
})

const ALL = { analytics: true, marketing: true, chat: true }

describe('R1, R4: the external scripts', () => {
  it('are off when nothing is configured', () => {
    expect(configuredScripts(parseConfig({}), ALL)).toEqual([])
    // A script address without an id loads no tag manager.
    expect(configuredScripts(parseConfig({ GTM_SCRIPT_URL: 'https://tags.example.net/gtm.js' }), ALL)).toEqual([])
  })

  const c = parseConfig({ GTM_ID: 'GTM-AB12CD3', ANALYTICS_SCRIPT_URL: 'https://stats.example.org/a.js', CHAT_SCRIPT_URL: 'https://chat.example.net/w.js' })
  it('load the tag manager first, from its address with ?id=, then analytics and chat', () => {
    expect(configuredScripts(c, ALL).map(({ id, src }) => ({ id, src }))).toEqual([
      { id: 'ext-gtm', src: 'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3' },
      { id: 'ext-analytics', src: 'https://stats.example.org/a.js' },
      { id: 'ext-chat', src: 'https://chat.example.net/w.js' },
    ])
  })

  it.each([
    [{ analytics: false, marketing: false, chat: false }, []],
    [{ analytics: true, marketing: false, chat: false }, ['ext-analytics']],
    [{ analytics: false, marketing: true, chat: false }, ['ext-gtm']],
    [{ analytics: false, marketing: false, chat: true }, ['ext-chat']],
    [{ analytics: true, marketing: false, chat: true }, ['ext-analytics', 'ext-chat']],
  ])('R9.23: load only what the visitor allows (%o → %o)', (choice, ids) => {
    expect(configuredScripts(c, choice).map((s) => s.id)).toEqual(ids)
  })

  it('keep the container address query and replace an id in it', () => {
    expect(gtmScriptSrc('https://tags.example.net/gtm.js?l=dl', 'GTM-AB12CD3')).toBe('https://tags.example.net/gtm.js?l=dl&id=GTM-AB12CD3')
    expect(gtmScriptSrc('https://tags.example.net/gtm.js?id=old', 'GTM-AB12CD3')).toBe('https://tags.example.net/gtm.js?id=GTM-AB12CD3')
  })

  it('start the dataLayer with the tag manager entry, keeping what is already there', () => {
    const w: { dataLayer?: Record<string, unknown>[] } = {}
    startTagManager(w, 1234)
    expect(w.dataLayer).toEqual([{ 'gtm.start': 1234, event: 'gtm.js' }])
    const busy = { dataLayer: [{ event: 'ecommerce.detail' }] as Record<string, unknown>[] }
    startTagManager(busy, 5)
    expect(busy.dataLayer).toEqual([{ event: 'ecommerce.detail' }, { 'gtm.start': 5, event: 'gtm.js' }])
  })

  it('CSP allows the tag manager host only when GTM_ID is set', () => {
    expect(scriptSrc(parseConfig({}))).not.toContain('https://www.googletagmanager.com')
    expect(scriptSrc(parseConfig({ GTM_SCRIPT_URL: 'https://tags.example.net/gtm.js' }))).not.toContain('https://tags.example.net')
    expect(scriptSrc(parseConfig({ GTM_ID: 'GTM-AB12CD3' }))).toContain('https://www.googletagmanager.com')
    expect(scriptSrc(parseConfig({ GTM_ID: 'GTM-AB12CD3', GTM_SCRIPT_URL: 'https://tags.example.net/gtm.js' }))).toContain('https://tags.example.net')
  })
})

describe('R1: the browser gets its own brand only', () => {
  const config = parseConfig({
    MIRROR_BASE_URL: 'https://svchanger.app',
    CLOUDPAYMENTS_PUBLIC_IDS: 'skinvault.gg=pk_original, svchanger.app=pk_mirror',
    LOCALE_HOSTS: 'skinvault.ru=ru',
  })

  it('no brand names, e-mails or mirror host in the public configuration', () => {
    for (const host of ['skinvault.gg', 'svchanger.app', null]) {
      const text = JSON.stringify(toPublicConfig(config, host))
      for (const word of ['Skinvault', 'SV Changer', 'Скинволт', 'СВ Чейнджер', 'support@skinvault.gg', 'help@svchanger.app']) expect(text).not.toContain(word)
      expect(toPublicConfig(config, host)).not.toHaveProperty('brands')
      expect(toPublicConfig(config, host)).not.toHaveProperty('mirrorHost')
    }
  })

  it('of the per-host card provider ids, only the page host one', () => {
    expect(toPublicConfig(config, 'www.skinvault.gg:443').payment.cloudpaymentsPublicIds).toEqual({ 'skinvault.gg': 'pk_original' })
    expect(toPublicConfig(config, 'svchanger.app').payment.cloudpaymentsPublicIds).toEqual({ 'svchanger.app': 'pk_mirror' })
    expect(toPublicConfig(config, 'other.host').payment.cloudpaymentsPublicIds).toEqual({})
    expect(JSON.stringify(toPublicConfig(config, 'skinvault.gg'))).not.toContain('svchanger.app')
  })
})
