import { describe, expect, it } from 'vitest'
import { normalizeDigits } from '#machines/rules/digits.ts'
import { validate } from '#machines/rules/validation.ts'

describe('R5: a code in Arabic-Indic digits is sent in Latin digits', () => {
  it.each([
    ['٠١٢٣٤٥٦٧٨٩', '0123456789'],
    ['۰۱۲۳۴۵۶۷۸۹', '0123456789'],
    ['١٢٣٤٥٦', '123456'],
    ['۴۹۳۰۲۱', '493021'],
    ['12٣4۵6', '123456'],
    ['493021', '493021'],
  ])('%s → %s', (typed, sent) => {
    // The form takes it (numeric, six characters) and the backend gets Latin digits.
    expect(validate(typed.slice(0, 6), [{ rule: 'numeric' }, { rule: 'length', length: 6 }])).toBeNull()
    expect(normalizeDigits(typed)).toBe(sent)
  })
  it('leaves everything that is not an Arabic-Indic digit as it is', () => {
    expect(normalizeDigits('')).toBe('')
    expect(normalizeDigits('Code: ١٢ab-۳ ')).toBe('Code: 12ab-3 ')
    // Other digit systems are not the numeric rule's: they stay (and fail the form).
    expect(normalizeDigits('１２३')).toBe('１２३')
    expect(normalizeDigits('abcDEF_-x9fQ')).toBe('abcDEF_-x9fQ')
  })
  it('every Arabic-Indic digit maps to the Latin digit of the same value', () => {
    for (let d = 0; d <= 9; d++) {
      expect(normalizeDigits(String.fromCharCode(0x0660 + d))).toBe(String(d))
      expect(normalizeDigits(String.fromCharCode(0x06f0 + d))).toBe(String(d))
    }
  })
})
