import { describe, expect, it } from 'vitest'
import { formatPrice, intlLocale } from '#app/features/premium/format.ts'

/** Intl separates with (narrow) no-break spaces; compare with plain ones. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('R3: prices in the response currency, formatted for the locale', () => {
  it('English', () => {
    expect(formatPrice(1, 'USD', 'en')).toBe('$1')
    expect(formatPrice(2.99, 'USD', 'en')).toBe('$2.99')
    expect(formatPrice(49.9, 'USD', 'en')).toBe('$49.90')
    expect(plain(formatPrice(1190, 'RUB', 'en'))).toBe('RUB 1,190')
    expect(formatPrice(6.49, 'EUR', 'en')).toBe('€6.49')
  })
  it('Russian: digit groups and the rouble sign after the amount', () => {
    expect(plain(formatPrice(490, 'RUB', 'ru'))).toBe('490 ₽')
    expect(plain(formatPrice(1190, 'RUB', 'ru'))).toBe('1 190 ₽')
    expect(plain(formatPrice(3490, 'RUB', 'ru'))).toBe('3 490 ₽')
    expect(plain(formatPrice(2.99, 'USD', 'ru'))).toBe('2,99 $')
  })
  it('German: decimal comma, euro sign after the amount', () => {
    expect(plain(formatPrice(2.99, 'EUR', 'de'))).toBe('2,99 €')
    expect(plain(formatPrice(1, 'EUR', 'de'))).toBe('1 €')
    expect(plain(formatPrice(1234.5, 'EUR', 'de'))).toBe('1.234,50 €')
  })
  it('an unknown currency code still shows the amount and the code', () => {
    expect(plain(formatPrice(12.5, 'not-a-code', 'en'))).toBe('12.50 not-a-code')
  })
  it('maps site locales to Intl locales', () => {
    expect([intlLocale('en'), intlLocale('ru'), intlLocale('de')]).toEqual(['en-US', 'ru-RU', 'de-DE'])
  })
})
