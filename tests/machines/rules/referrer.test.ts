import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isRefusedCode } from '#machines/join.ts'
import { invitationCountsFor, sanitizeReferrerCode } from '#machines/rules/referrer.ts'

// R7: a referral code as the backend issues it: 1 to 64 letters (Latin), digits, `_` and `-`.
const CODE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'.split('')
const codeChar = fc.constantFrom(...CODE_CHARS)
const code = (minLength: number, maxLength: number) => fc.array(codeChar, { minLength, maxLength }).map((chars) => chars.join(''))

describe('R7: referral codes', () => {
  it('takes a code of the backend form as it is', () => {
    expect(sanitizeReferrerCode('FRIEND')).toBe('FRIEND')
    expect(sanitizeReferrerCode('friend_2024-x')).toBe('friend_2024-x')
    expect(sanitizeReferrerCode('a')).toBe('a')
    expect(sanitizeReferrerCode('-')).toBe('-')
    expect(sanitizeReferrerCode('_')).toBe('_')
    expect(sanitizeReferrerCode('0123456789')).toBe('0123456789')
    expect(sanitizeReferrerCode('x'.repeat(64))).toBe('x'.repeat(64))
  })

  it('takes no missing or empty code', () => {
    expect(sanitizeReferrerCode(null)).toBeNull()
    expect(sanitizeReferrerCode(undefined)).toBeNull()
    expect(sanitizeReferrerCode('')).toBeNull()
  })

  it('takes nothing longer than 64 characters', () => {
    expect(sanitizeReferrerCode('x'.repeat(65))).toBeNull()
    expect(sanitizeReferrerCode('A1'.repeat(100))).toBeNull()
  })

  it('takes nothing with another character anywhere: spaces, slashes, dots, non-Latin letters', () => {
    for (const value of [' FRIEND', 'FRIEND ', 'FRI END', 'a/b', '../x', 'a.b', 'код', 'FRIEND\n', '\nFRIEND', 'ü', 'a+b', 'a%20b', 'a\\b', 'a]b', 'a^b']) {
      expect(sanitizeReferrerCode(value), JSON.stringify(value)).toBeNull()
    }
  })

  it('any 1 to 64 characters of the backend form: the code itself', () => {
    fc.assert(fc.property(code(1, 64), (value) => sanitizeReferrerCode(value) === value))
  })

  it('any 65 or more such characters: none', () => {
    fc.assert(fc.property(code(65, 200), (value) => sanitizeReferrerCode(value) === null))
  })

  it('one character of another kind, anywhere in a code: none', () => {
    const other = fc
      .integer({ min: 0, max: 0x10ffff })
      .filter((n) => n < 0xd800 || n > 0xdfff)
      .map((n) => String.fromCodePoint(n))
      .filter((c) => !CODE_CHARS.includes(c))
    fc.assert(fc.property(code(0, 30), other, code(0, 30), (head, bad, tail) => sanitizeReferrerCode(`${head}${bad}${tail}`) === null))
  })
})

describe('R2: a join link whose code the backend does not know is refused, with its own page', () => {
  it('a known code or no answer at all is no refusal; an unknown code (valid false, or 404) is', () => {
    expect(isRefusedCode({ result: { code: 'FRIEND2024', valid: true } })).toBe(false)
    expect(isRefusedCode({ result: { code: 'NOPE', valid: false } })).toBe(true)
    expect(isRefusedCode({ error: 'This invitation link is not valid.', status: 404 })).toBe(true)
    expect(isRefusedCode({ error: 'Service unavailable', status: 503 })).toBe(false)
    expect(isRefusedCode({ error: 'fetch failed', status: null })).toBe(false)
    expect(isRefusedCode({ error: 'fetch failed' })).toBe(false)
    expect(isRefusedCode(null)).toBe(false)
    expect(isRefusedCode(undefined)).toBe(false)
  })
})

describe('R9.17: an invitation counts for a new account only', () => {
  it('a visitor who is not signed in may take it; a signed-in one is told it changes nothing', () => {
    expect(invitationCountsFor({ signedIn: false })).toBe(true)
    expect(invitationCountsFor({ signedIn: true })).toBe(false)
  })
})
