import { describe, expect, it, vi } from 'vitest'
import { formatPrice, intlLocale } from '#app/core/format.ts'

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

describe('the service currencies are written without the browser number data', () => {
  const LOCALES = ['en', 'ru', 'de'] as const
  const CURRENCIES = ['USD', 'EUR', 'RUB'] as const
  // Prices come in minor units (whole cents and kopecks): at most two decimals.
  const AMOUNTS = [0, 1, 2.99, 9.9, 49, 100, 999.99, 1000, 1190, 12345.6, 100000, 1234567.89]

  it('writes every price as the locale data does', () => {
    for (const locale of LOCALES) {
      const tag = { en: 'en-US', ru: 'ru-RU', de: 'de-DE' }[locale]
      for (const currency of CURRENCIES) {
        for (const amount of AMOUNTS) {
          const digits = Number.isInteger(amount) ? 0 : 2
          const intl = new Intl.NumberFormat(tag, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits })
          expect(formatPrice(amount, currency, locale), `${amount} ${currency} ${locale}`).toBe(intl.format(amount))
        }
      }
    }
  })

  it('the exact characters: no-break spaces around the Russian groups and before a trailing sign', () => {
    expect(formatPrice(1190, 'RUB', 'ru')).toBe('1\u00a0190\u00a0₽')
    expect(formatPrice(1234.5, 'EUR', 'de')).toBe('1.234,50\u00a0€')
    expect(formatPrice(1190, 'RUB', 'en')).toBe('RUB\u00a01,190')
    expect(formatPrice(1234567.89, 'USD', 'en')).toBe('$1,234,567.89')
  })

  it('builds no number format for them, and one for another currency', () => {
    const built = vi.spyOn(Intl, 'NumberFormat')
    try {
      for (const locale of LOCALES) for (const currency of CURRENCIES) formatPrice(2.99, currency, locale)
      expect(built).not.toHaveBeenCalled()
      expect(plain(formatPrice(5.5, 'GBP', 'de'))).toBe('5,50 £')
      expect(built).toHaveBeenCalled()
    } finally {
      built.mockRestore()
    }
  })
})
