import { describe, expect, it } from 'vitest'
import { isSafeRedirect, loginReason, safeRedirect, signInReturn } from '#machines/rules/redirect.ts'

describe('R5: safe redirect targets', () => {
  it.each(['/', '/ru/premium', '/en/account?tab=sub&x=1#plans', '/de/wiki/some-page_1~%20', '/@user', '/ru/premium#plans', '/вики/страница'])(
    'accepts %s',
    (target) => {
      expect(isSafeRedirect(target)).toBe(true)
    },
  )
  it.each([
    '//evil.example',
    '//evil.example/path',
    '/\\evil',
    '\\\\evil',
    'javascript:alert(1)',
    '/javascript:alert(1)',
    'javascript%3Aalert(1)',
    '%6A%61vascript:alert(1)',
    '/javascript%3Aalert(1)',
    '/%6A%61vascript%253Aalert(1)',
    '/%0d%0aLocation:%20evil',
    '/%00evil',
    'https://evil.example',
    'evil.example',
    '/%2F%2Fevil',
    '/%2f%2fevil.example',
    '/%5Cevil',
    '/%255Cevil',
    '/%252F%252Fevil',
    '/ru/../evil',
    '/page.html',
    '/a b',
    '',
    '/ru/premium?x=1\\y',
  ])('rejects %s', (target) => {
    expect(isSafeRedirect(target)).toBe(false)
  })
  it.each([
    // Encoded dot segments climb as well as plain ones.
    '/%2e%2e/evil',
    '/ru/%2E/premium',
    // A scheme hidden by encoding.
    '/javascript%3Aalert',
    '/data%3Atext',
    // An encoded separator inside a segment.
    '/a%2Fb',
    '/a%5Cb',
    // Malformed percent-encoding cannot be read.
    '/%E0%A4%A',
    // Encoded five times over ("A" as %2525252541): refused, whatever it decodes to.
    '/a%2525252541',
    // Longer than 2048 characters.
    `/${'a'.repeat(2048)}`,
  ])('rejects %s', (target) => {
    expect(isSafeRedirect(target)).toBe(false)
  })
  it.each([
    // A colon further along is not a scheme.
    '/ru/x%3Ay',
    // A dot inside a segment does not climb.
    '/wiki/v1%2E2',
    // Encoded four times over ("A" as %25252541) is still read.
    '/a%25252541',
    // Exactly 2048 characters.
    `/${'a'.repeat(2047)}`,
  ])('accepts %s', (target) => {
    expect(isSafeRedirect(target)).toBe(true)
  })
  it.each([undefined, null, 42, {}, ['/ru'], ''])('rejects %j, not a path', (target) => {
    expect(isSafeRedirect(target)).toBe(false)
  })
  it('rejects non-strings and falls back to the root path', () => {
    expect(isSafeRedirect(undefined)).toBe(false)
    expect(isSafeRedirect(42)).toBe(false)
    expect(safeRedirect('//evil.example')).toBe('/')
    expect(safeRedirect('/ru/premium')).toBe('/ru/premium')
    expect(safeRedirect(null, '/en')).toBe('/en')
  })
})

describe('R2.17: the page a visitor opening sign-in from it comes back to', () => {
  it.each([
    ['/ru/premium', '/ru/premium'],
    ['/premium?plan=3#plans', '/premium?plan=3#plans'],
    ['/de', '/de'],
    ['/en/wiki/skins', '/en/wiki/skins'],
    ['/ru/join/ABC123', '/ru/join/ABC123'],
  ])('remembers %s', (page, back) => {
    expect(signInReturn(page)).toBe(back)
  })
  it.each(['/', '/login', '/ru/login', '/de/login?redirect=%2Fde%2Fpremium', '/en/login/abcdef', '//evil.example', '/%2F%2Fevil'])(
    'remembers nothing from %s',
    (page) => {
      expect(signInReturn(page)).toBeNull()
    },
  )
})

describe('R2.17: why the login page has a way back', () => {
  it.each([
    ['/en/account', 'refused'],
    ['/ru/account/receipts/5', 'refused'],
    ['/account', 'refused'],
    ['/de/premium', 'checkout'],
    ['/en/premium?offer=1#premium-payment', 'checkout'],
    ['/premium', 'checkout'],
    ['/en/faq', null],
    ['/en/accounts', null],
    ['/en/premium/x', null],
    ['/ru', null],
    ['//evil.example/account', null],
    [null, null],
    [undefined, null],
  ] as const)('%s: %s', (redirect, expected) => {
    expect(loginReason(redirect)).toBe(expected)
  })
})
