/**
 * Spec 9: plural forms for counts in labels. Russian has three forms chosen by the last digit
 * (1 → one, 2–4 → few, anything else → many) and 11 to 19 always take the many form.
 * English and German have one form for 1 and another for every other count.
 */
import type { Locale } from '../../../app.constants'

export type PluralForm = 'one' | 'few' | 'many'

export function russianPluralForm(count: number): PluralForm {
  const n = Math.abs(Math.trunc(count))
  const lastTwo = n % 100
  if (lastTwo >= 11 && lastTwo <= 19) return 'many'
  const last = n % 10
  if (last === 1) return 'one'
  if (last >= 2 && last <= 4) return 'few'
  return 'many'
}

/** The plural form of a count in a site locale. Counts that are not whole numbers use the many form. */
export function pluralForm(locale: Locale, count: number): PluralForm {
  if (!Number.isInteger(count)) return 'many'
  if (locale === 'ru') return russianPluralForm(count)
  return Math.abs(count) === 1 ? 'one' : 'many'
}
