/** Prices shown on the premium page: the response's currency, formatted for the page locale. */
import { m } from '#app/paraglide/messages.js'
import type { Locale } from '#machines/rules/locale.ts'
import type { DaysMessages } from '#machines/rules/plans.ts'

const INTL_LOCALES: Record<Locale, string> = { en: 'en-US', ru: 'ru-RU', de: 'de-DE' }

export function intlLocale(locale: Locale): string {
  return INTL_LOCALES[locale]
}

// The currencies the service prices in (spec 4: the response's currency for the visitor's
// country group), written out for the three site locales as the locale data writes them: the
// symbol or code, its side, and the separators. A page with these prices needs no number format
// of the browser's: the first one costs it its number data, about 100 ms on a slowed phone CPU,
// a long task of its own or a longer hydration (decision 022). Any other currency code is
// formatted by `Intl`.
interface Separators {
  group: string
  decimal: string
}
const SEPARATORS: Record<Locale, Separators> = {
  en: { group: ',', decimal: '.' },
  ru: { group: '\u00a0', decimal: ',' },
  de: { group: '.', decimal: ',' },
}
type Placed = { before: string } | { after: string }
const CURRENCIES: Record<Locale, Record<string, Placed>> = {
  en: { USD: { before: '$' }, EUR: { before: '€' }, RUB: { before: 'RUB\u00a0' } },
  ru: { USD: { after: '\u00a0$' }, EUR: { after: '\u00a0€' }, RUB: { after: '\u00a0₽' } },
  de: { USD: { after: '\u00a0$' }, EUR: { after: '\u00a0€' }, RUB: { after: '\u00a0RUB' } },
}

/** A non-negative amount with `digits` decimals, grouped by thousands; null for anything else. */
function plainNumber(amount: number, digits: 0 | 2, locale: Locale): string | null {
  if (!Number.isFinite(amount) || amount < 0 || amount >= 1e15) return null
  const [whole, fraction] = amount.toFixed(digits).split('.') as [string, string | undefined]
  const { group, decimal } = SEPARATORS[locale]
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)
  return fraction === undefined ? grouped : `${grouped}${decimal}${fraction}`
}

// Building a number format is costly (locale data lookup), so each is built once.
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

/**
 * `formatPrice(6.99, 'USD', 'en')` → `$6.99`; whole amounts have no decimals (`490 ₽`, `1 €`).
 * An unknown currency code falls back to the number followed by the code.
 */
export function formatPrice(amount: number, currency: string, locale: Locale): string {
  const digits = Number.isInteger(amount) ? 0 : 2
  const number = plainNumber(amount, digits, locale)
  const placed = CURRENCIES[locale][currency]
  if (number !== null && placed) return 'before' in placed ? `${placed.before}${number}` : `${number}${placed.after}`
  const priced = numberFormat(locale, currency, digits)
  if (priced) return priced.format(amount)
  return `${number ?? numberFormat(locale, null, digits)!.format(amount)} ${currency}`
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

/** R9: a plan's days in the page's language and plural form. */
export const DAYS: DaysMessages = {
  one: (inputs) => m.premium_plan_days_one(inputs),
  few: (inputs) => m.premium_plan_days_few(inputs),
  many: (inputs) => m.premium_plan_days_many(inputs),
}
