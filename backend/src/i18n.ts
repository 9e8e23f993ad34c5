import { de } from './messages-de.ts'
import { en, type Messages } from './messages-en.ts'
import { ru } from './messages-ru.ts'

export const LOCALES = ['en', 'ru', 'de'] as const
export type Locale = (typeof LOCALES)[number]

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value)
}

export type MessageKey = keyof typeof en
export const messages: Record<Locale, Messages> = { en, ru, de }

export function t(locale: Locale, key: MessageKey, vars: Record<string, string | number> = {}): string {
  return messages[locale][key].replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m))
}

/** The first of en, ru, de an Accept-Language header prefers (by q), else English. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      return { lang: (tag ?? '').trim().slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((e) => e.q > 0 && isLocale(e.lang))
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return (ranked[0]?.lang as Locale | undefined) ?? 'en'
}

const dateLocales: Record<Locale, string> = { en: 'en-GB', ru: 'ru-RU', de: 'de-DE' }

/** A date as users read it in messages (UTC, as the account page shows it). */
export function formatDate(locale: Locale, date: Date): string {
  return `${new Intl.DateTimeFormat(dateLocales[locale], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date)} UTC`
}

/**
 * R9.6: the plural form of a count. Russian goes by the last digit (1 "one", 2 to 4 "few", any other
 * "many"; 11 to 19 always "many"); English and German have "one" for 1 and "many" for the rest.
 */
export function pluralForm(locale: Locale, count: number): 'one' | 'few' | 'many' {
  const n = Math.abs(count)
  if (locale !== 'ru') return n === 1 ? 'one' : 'many'
  if (n % 100 >= 11 && n % 100 <= 19) return 'many'
  if (n % 10 === 1) return 'one'
  return n % 10 >= 2 && n % 10 <= 4 ? 'few' : 'many'
}

/** A number of days as the site labels plans: "30 days", "30 дней", "30 Tage". */
export function daysLabel(locale: Locale, days: number): string {
  return t(locale, `days_${pluralForm(locale, days)}`, { count: days })
}
