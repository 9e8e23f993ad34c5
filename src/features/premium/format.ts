/** Prices shown on the premium page: the response's currency, formatted for the page locale. */
import type { Locale } from '#machines/rules/locale.ts'

const INTL_LOCALES: Record<Locale, string> = { en: 'en-US', ru: 'ru-RU', de: 'de-DE' }

export function intlLocale(locale: Locale): string {
  return INTL_LOCALES[locale]
}

// Building a number format is costly (locale data lookup); the page shows a few dozen prices
// in one or two currencies, so each format is built once.
const formats = new Map<string, Intl.NumberFormat | null>()
function numberFormat(locale: Locale, currency: string | null, digits: number): Intl.NumberFormat | null {
  const key = `${locale}|${currency ?? ''}|${digits}`
  let format = formats.get(key)
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(intlLocale(locale), {
        ...(currency ? { style: 'currency', currency } : {}),
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      })
    } catch {
      // An unknown currency code.
      format = null
    }
    formats.set(key, format)
  }
  return format
}

// The first number format of a page costs the browser its number data: about 100 ms on a
// slowed phone CPU, whatever the locale. In the browser it is made in a task of its own as soon
// as prices are near (this module loads before the page that shows them hydrates), instead of
// inside the hydration of the price list, where it made one long task.
if (typeof window !== 'undefined') setTimeout(() => numberFormat('en', null, 0), 0)

/**
 * `formatPrice(6.99, 'USD', 'en')` → `$6.99`; whole amounts have no decimals (`490 ₽`, `1 €`).
 * An unknown currency code falls back to the number followed by the code.
 */
export function formatPrice(amount: number, currency: string, locale: Locale): string {
  const digits = Number.isInteger(amount) ? 0 : 2
  const priced = numberFormat(locale, currency, digits)
  if (priced) return priced.format(amount)
  return `${numberFormat(locale, null, digits)!.format(amount)} ${currency}`
}

const dateFormats = new Map<Locale, Intl.DateTimeFormat>()

/**
 * A calendar date in words (`31 May 2026`, `31 мая 2026`, `31. Mai 2026`), ending with the year:
 * the Russian form's trailing "г." is left out, so a sentence's own full stop never doubles it.
 */
export function formatDate(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  let format = dateFormats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
    dateFormats.set(locale, format)
  }
  const parts = format.formatToParts(date)
  const year = parts.findIndex((part) => part.type === 'year')
  return parts
    .slice(0, year + 1)
    .map((part) => part.value)
    .join('')
}
