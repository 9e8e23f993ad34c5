/**
 * R9: the language the payment widgets open in for a site locale: the widget's own tag where it
 * has one, the bare code where it has no region, English for anything else.
 */
export const PAYMENT_LANGUAGES: ReadonlyArray<readonly [locale: string, language: string]> = [
  ['ru', 'ru-RU'],
  ['en', 'en-US'],
  ['de', 'de-DE'],
  ['cs', 'cs-CZ'],
  ['kk', 'kk-KZ'],
  ['vi', 'vi-VN'],
  ['tr', 'tr-TR'],
  ['es', 'es-ES'],
  ['lv', 'lv'],
  ['az', 'az'],
  ['uk', 'uk'],
  ['pl', 'pl'],
  ['pt', 'pt'],
  ['fr', 'en-US'],
  ['ge', 'en-US'],
  ['', 'en-US'],
  ['toString', 'en-US'],
]
