import { describe, expect, it } from 'vitest'
import { isSafeRedirect, safeRedirect } from '#machines/rules/redirect'

describe('spec 5: safe redirect targets', () => {
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
  it('rejects non-strings and falls back to the root path', () => {
    expect(isSafeRedirect(undefined)).toBe(false)
    expect(isSafeRedirect(42)).toBe(false)
    expect(safeRedirect('//evil.example')).toBe('/')
    expect(safeRedirect('/ru/premium')).toBe('/ru/premium')
    expect(safeRedirect(null, '/en')).toBe('/en')
  })
})
