import { describe, expect, it } from 'vitest'
import { pickUtm, utmCookieForSearch, utmCookieString } from '#app/core/utm.ts'
import { analyticsPayload, domainOf } from '#app/features/marketing/analytics-payload.ts'
import { clientIdCookieToStore, clientIdNotFoundMessage, readClientId, stripGaPrefix } from '#app/features/marketing/client-id.ts'

describe('R5: the client id', () => {
  it('strips the _ga version prefix', () => {
    expect(stripGaPrefix('GA1.1.123.456')).toBe('123.456')
    expect(stripGaPrefix('GA1.2.987654321.1700000000')).toBe('987654321.1700000000')
    expect(stripGaPrefix('123.456')).toBe('123.456')
  })
  it('reads _ga when no cookie is configured; missing is #2', () => {
    expect(readClientId('a=1; _ga=GA1.1.123.456; b=2', null)).toEqual({ ok: true, clientId: '123.456', source: '_ga' })
    expect(readClientId('a=1', null)).toEqual({ ok: false, reason: '#2' })
    expect(readClientId('_ga=', null)).toEqual({ ok: false, reason: '#2' })
    expect(readClientId('_ga=GA1.1.', null)).toEqual({ ok: false, reason: '#2' })
    expect(readClientId(null, null)).toEqual({ ok: false, reason: '#2' })
  })
  it('reads only the configured cookie when one is configured; missing is #1', () => {
    expect(readClientId('cid=777.888; _ga=GA1.1.1.2', 'cid')).toEqual({ ok: true, clientId: '777.888', source: 'cid' })
    expect(readClientId('_ga=GA1.1.1.2', 'cid')).toEqual({ ok: false, reason: '#1' })
  })
  it('says which one in the console message', () => {
    expect(clientIdNotFoundMessage('#1')).toBe('google client id not found (#1)')
    expect(clientIdNotFoundMessage('#2')).toBe('google client id not found (#2)')
  })
})

describe('R3, R5, R9: utm', () => {
  const cookie = `utm=${encodeURIComponent(JSON.stringify({ source: 'tg', medium: 'post', campaign: 'winter' }))}`
  it('takes a full set from the address first', () => {
    expect(pickUtm('?utm_source=g&utm_medium=cpc&utm_campaign=spring&utm_term=skins', cookie)).toEqual({
      source: 'g',
      medium: 'cpc',
      campaign: 'spring',
      term: 'skins',
    })
  })
  it('falls back to the cookie when the address has no full set', () => {
    expect(pickUtm('?utm_source=g&utm_medium=cpc', cookie)).toEqual({ source: 'tg', medium: 'post', campaign: 'winter' })
    expect(pickUtm('', cookie)).toEqual({ source: 'tg', medium: 'post', campaign: 'winter' })
  })
  it('is null without source, medium and campaign', () => {
    expect(pickUtm('?utm_source=g&utm_campaign=x', null)).toBeNull()
    expect(pickUtm('', 'utm=%7B%22source%22%3A%22a%22%7D')).toBeNull()
    expect(pickUtm('', 'utm=not-json')).toBeNull()
  })
  it('stores a full set for 31536000 s on path /', () => {
    expect(utmCookieForSearch('?utm_source=a')).toBeNull()
    const c = utmCookieForSearch('?utm_source=a&utm_medium=b&utm_campaign=c&utm_content=d')
    expect(c).toBe(
      `utm=${encodeURIComponent(JSON.stringify({ source: 'a', medium: 'b', campaign: 'c', content: 'd' }))}; Max-Age=31536000; Path=/; SameSite=Lax`,
    )
    expect(utmCookieString({ source: 'a', medium: 'b', campaign: 'c' }, true)).toMatch(/; Path=\/; SameSite=None; Secure$/)
  })
})

describe('R3, R5, R7: the analytics payload', () => {
  const base = { host: 'skinvault.gg:443', token: null, cookieHeader: '_ga=GA1.1.123.456', search: '', configuredCookie: null }
  it('has domain without port, token, client id and utm', () => {
    expect(analyticsPayload({ ...base, token: 'abc', search: '?utm_source=a&utm_medium=b&utm_campaign=c' })).toEqual({
      ok: true,
      payload: { domain: 'skinvault.gg', token: 'abc', client_id: '123.456', utm: { source: 'a', medium: 'b', campaign: 'c' } },
    })
  })
  it('sends token null when logged out and utm null without a full set', () => {
    expect(analyticsPayload(base)).toEqual({ ok: true, payload: { domain: 'skinvault.gg', token: null, client_id: '123.456', utm: null } })
  })
  it('never carries the Bearer prefix', () => {
    const r = analyticsPayload({ ...base, token: 'Bearer xyz' })
    expect(r.ok && r.payload.token).toBe('xyz')
  })
  it('is not built without a client id', () => {
    expect(analyticsPayload({ ...base, cookieHeader: '' })).toEqual({ ok: false, reason: '#2', message: 'google client id not found (#2)' })
    expect(analyticsPayload({ ...base, configuredCookie: 'cid' })).toEqual({ ok: false, reason: '#1', message: 'google client id not found (#1)' })
  })
  it('drops only the port from the host', () => {
    expect(domainOf('localhost:3000')).toBe('localhost')
    expect(domainOf('www.Skinvault.gg')).toBe('www.skinvault.gg')
    expect(domainOf('[::1]:8080')).toBe('[::1]')
  })
})

describe('R5, R9: the configured client-id cookie', () => {
  it('takes the _ga client id when it is configured and absent, for 31536000 s on path /', () => {
    expect(clientIdCookieToStore('_ga=GA1.1.555.666', 'sv_cid')).toBe('sv_cid=555.666; Max-Age=31536000; Path=/; SameSite=Lax')
    expect(clientIdCookieToStore('a=1; _ga=GA1.2.555.666; sv_cid=', 'sv_cid', true)).toBe('sv_cid=555.666; Max-Age=31536000; Path=/; SameSite=None; Secure')
  })
  it('writes the same attributes as the utm cookie', () => {
    const attributes = (cookie: string | null) => cookie!.split('; ').slice(1)
    for (const crossOrigin of [false, true]) {
      expect(attributes(clientIdCookieToStore('_ga=GA1.1.1.2', 'cid', crossOrigin))).toEqual(
        attributes(utmCookieString({ source: 'a', medium: 'b', campaign: 'c' }, crossOrigin)),
      )
    }
  })
  it('writes nothing when the cookie is there, _ga has no id, or no cookie is configured', () => {
    expect(clientIdCookieToStore('_ga=GA1.1.555.666; sv_cid=111.222', 'sv_cid')).toBeNull()
    expect(clientIdCookieToStore('_ga=GA1.1.', 'sv_cid')).toBeNull()
    expect(clientIdCookieToStore('', 'sv_cid')).toBeNull()
    expect(clientIdCookieToStore(null, 'sv_cid')).toBeNull()
    expect(clientIdCookieToStore('_ga=GA1.1.555.666', null)).toBeNull()
    expect(clientIdCookieToStore('_ga=GA1.1.555.666', '_ga')).toBeNull()
  })
  it('then the configured cookie yields the id', () => {
    const written = clientIdCookieToStore('_ga=GA1.1.555.666', 'sv_cid')!.split(';')[0]!
    expect(readClientId(`_ga=GA1.1.555.666; ${written}`, 'sv_cid')).toEqual({ ok: true, clientId: '555.666', source: 'sv_cid' })
  })
})
