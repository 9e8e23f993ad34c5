/** Prices shown on the premium page: the response's currency, formatted for the page locale. */
import type { Locale } from '../../../app.constants'

const INTL_LOCALES: Record<Locale, string> = { en: 'en-US', ru: 'ru-RU', de: 'de-DE' }

export function intlLocale(locale: Locale): string {
  return INTL_LOCALES[locale]
}

/**
 * `formatPrice(6.99, 'USD', 'en')` → `$6.99`; whole amounts have no decimals (`490 ₽`, `1 €`).
 * An unknown currency code falls back to the number followed by the code.
 */
export function formatPrice(amount: number, currency: string, locale: Locale): string {
  const whole = Number.isInteger(amount)
  const digits = whole ? 0 : 2
  try {
    return new Intl.NumberFormat(intlLocale(locale), {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount)
  } catch {
    const number = new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount)
    return `${number} ${currency}`
  }
}
