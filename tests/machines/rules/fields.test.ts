/**
 * R5: the product's field rules (the requirements leave them to the product; these are the
 * product's choices, written out here): the e-mail a code is sent to, the e-mailed code, the
 * launcher password and its confirmation, a referral code. Each is stated literally, then checked
 * through the rule engine at its bounds.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CODE_RULES, EMAIL_RULES, PASSWORD_CONFIRM_RULES, PASSWORD_RULES, REFERRAL_CODE_PATTERN, REFERRAL_CODE_RULES } from '#machines/rules/fields.ts'
import { validate } from '#machines/rules/validation.ts'

describe('R5: the product field rules, as written', () => {
  it('the e-mail: required, an address, at most 254 characters', () => {
    expect(EMAIL_RULES).toEqual([{ rule: 'required' }, { rule: 'email' }, { rule: 'max', length: 254 }])
  })
  it('the e-mailed code: required, digits (Latin or Arabic-Indic), exactly 6', () => {
    expect(CODE_RULES).toEqual([{ rule: 'required' }, { rule: 'numeric' }, { rule: 'length', length: 6 }])
  })
  it('the launcher password (decision 078): required, 8 to 128 characters', () => {
    expect(PASSWORD_RULES).toEqual([{ rule: 'required' }, { rule: 'min', length: 8 }, { rule: 'max', length: 128 }])
  })
  it('the password typed again: required, equal to the field named password', () => {
    expect(PASSWORD_CONFIRM_RULES).toEqual([{ rule: 'required' }, { rule: 'confirmed', other: 'password' }])
  })
  it('a referral code: required, letters, digits, _ and -, at most 64', () => {
    expect(REFERRAL_CODE_PATTERN).toBe('[A-Za-z0-9_\\-]+')
    expect(REFERRAL_CODE_RULES).toEqual([{ rule: 'required' }, { rule: 'regex', pattern: '[A-Za-z0-9_\\-]+' }, { rule: 'max', length: 64 }])
  })
})

/** An address of exactly `n` characters (n >= 17). */
const addressOf = (n: number) => `${'a'.repeat(n - 16)}@example-mail.io`

describe('R5: the e-mail rules at their bounds', () => {
  it('empty or blank: required', () => {
    expect(validate('', EMAIL_RULES)).toEqual({ rule: 'required', params: {} })
    expect(validate('   ', EMAIL_RULES)).toEqual({ rule: 'required', params: {} })
  })
  it('not an address: email', () => {
    expect(validate('ann@example', EMAIL_RULES)).toEqual({ rule: 'email', params: {} })
  })
  it('254 characters pass; 255 fail with max 254', () => {
    expect(addressOf(254)).toHaveLength(254)
    expect(validate(addressOf(254), EMAIL_RULES)).toBeNull()
    expect(validate(addressOf(255), EMAIL_RULES)).toEqual({ rule: 'max', params: { length: 254 } })
  })
})

const LATIN = '0123456789'
const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩'
const EASTERN_ARABIC_INDIC = '۰۱۲۳۴۵۶۷۸۹'
const digit = fc.constantFrom(...LATIN, ...ARABIC_INDIC, ...EASTERN_ARABIC_INDIC)
const digits = (min: number, max: number) => fc.array(digit, { minLength: min, maxLength: max }).map((d) => d.join(''))

describe('R5: the code rules', () => {
  it('any six digits, Latin or Arabic-Indic, mixed, pass', () => {
    fc.assert(fc.property(digits(6, 6), (code) => validate(code, CODE_RULES) === null))
  })
  it('fewer or more digits fail with length 6', () => {
    fc.assert(
      fc.property(fc.oneof(digits(1, 5), digits(7, 12)), (code) => {
        expect(validate(code, CODE_RULES)).toEqual({ rule: 'length', params: { length: 6 } })
      }),
    )
  })
  it('anything but a digit fails with numeric, before the length', () => {
    expect(validate('49302a', CODE_RULES)).toEqual({ rule: 'numeric', params: {} })
    expect(validate('4930 1', CODE_RULES)).toEqual({ rule: 'numeric', params: {} })
    expect(validate('１２３４５６', CODE_RULES)).toEqual({ rule: 'numeric', params: {} })
  })
  it('an empty code: required', () => {
    expect(validate('', CODE_RULES)).toEqual({ rule: 'required', params: {} })
  })
})

describe('R5: the launcher password rules', () => {
  it('8 to 128 characters pass', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 8, maxLength: 128 }).filter((p) => p.trim() !== ''),
        (p) => validate(p, PASSWORD_RULES) === null,
      ),
    )
  })
  it('7 characters fail with min 8; 129 with max 128', () => {
    expect(validate('abcdefg', PASSWORD_RULES)).toEqual({ rule: 'min', params: { length: 8 } })
    expect(validate('abcdefgh', PASSWORD_RULES)).toBeNull()
    expect(validate('x'.repeat(128), PASSWORD_RULES)).toBeNull()
    expect(validate('x'.repeat(129), PASSWORD_RULES)).toEqual({ rule: 'max', params: { length: 128 } })
  })
  it('the confirmation must equal the password field, exactly', () => {
    expect(validate('correct horse', PASSWORD_CONFIRM_RULES, { password: 'correct horse' })).toBeNull()
    expect(validate('correct horse', PASSWORD_CONFIRM_RULES, { password: 'correct horsE' })).toEqual({ rule: 'confirmed', params: {} })
    expect(validate('', PASSWORD_CONFIRM_RULES, { password: '' })).toEqual({ rule: 'required', params: {} })
  })
})

describe('R5: the referral code rules', () => {
  it('letters, digits, _ and - up to 64 pass', () => {
    const char = fc.constantFrom(...'abcXYZ019_-')
    fc.assert(fc.property(fc.array(char, { minLength: 1, maxLength: 64 }), (c) => validate(c.join(''), REFERRAL_CODE_RULES) === null))
  })
  it('anything else fails with regex; 65 characters with max 64', () => {
    expect(validate('FRIEND 2024', REFERRAL_CODE_RULES)).toEqual({ rule: 'regex', params: {} })
    expect(validate('друг', REFERRAL_CODE_RULES)).toEqual({ rule: 'regex', params: {} })
    expect(validate('a'.repeat(65), REFERRAL_CODE_RULES)).toEqual({ rule: 'max', params: { length: 64 } })
  })
})
