/**
 * R5: digits as the numeric rule takes them (Latin, Arabic-Indic ٠-٩ and Eastern
 * Arabic-Indic ۰-۹) and as the backend takes them (Latin only). No dependencies: the auth
 * provider, on every page, uses it.
 */

/** The characters the numeric rule takes, as a regular-expression character class. */
export const DIGIT_CLASS = '[0-9\\u0660-\\u0669\\u06F0-\\u06F9]'

/**
 * A code as the backend takes it: every Arabic-Indic (U+0660-0669) and Eastern Arabic-Indic
 * (U+06F0-06F9) digit replaced by its Latin digit; everything else left as it is.
 */
export function normalizeDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/gu, (d) => String(d.charCodeAt(0) - (d >= '\u06F0' ? 0x06f0 : 0x0660)))
}
