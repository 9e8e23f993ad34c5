import { readdirSync, readFileSync } from 'node:fs'
import { type } from 'arktype'
import { describe, expect, it } from 'vitest'
import { ENGLISH, fetchValidationMessages, VALIDATION_LOCALES } from '#app/core/validation-messages.ts'
import { ValidationMessages } from '#machines/rules/validation.ts'

const file = (locale: string) =>
  JSON.parse(readFileSync(`public/locales/validation/${locale}.json`, 'utf8')) as { code: string; messages: Record<string, string> }
const MESSAGES = { en: file('en').messages, ru: file('ru').messages, de: file('de').messages }

describe('R5: the built-in English messages', () => {
  it('are the English file', () => {
    expect(ENGLISH).toEqual(MESSAGES.en)
  })
})

describe('R3, R5: validation files for every translation locale', () => {
  /** Every placeholder of a message, `{_field_}` included, sorted (a multiset). */
  const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort()
  const english = file('en').messages

  it('there are exactly the 13 files of the translation locales (en ru de lv az kk uk pl pt cs vi tr es)', () => {
    expect([...VALIDATION_LOCALES].sort()).toEqual(['az', 'cs', 'de', 'en', 'es', 'kk', 'lv', 'pl', 'pt', 'ru', 'tr', 'uk', 'vi'])
    expect(readdirSync('public/locales/validation').sort()).toEqual(VALIDATION_LOCALES.map((l) => `${l}.json`).sort())
  })
  it.each([...VALIDATION_LOCALES])('%s: a valid file with the same keys as English', (locale) => {
    expect(ValidationMessages(file(locale))).not.toBeInstanceOf(type.errors)
    expect(file(locale).code).toBe(locale)
    expect(Object.keys(file(locale).messages).sort()).toEqual(Object.keys(english).sort())
  })
  it.each([...VALIDATION_LOCALES])("%s: each message has English's placeholders, no more, no fewer", (locale) => {
    for (const [key, text] of Object.entries(file(locale).messages)) {
      expect(text.trim(), `${locale}.${key} is empty`).not.toBe('')
      expect(placeholders(text), `${locale}.${key}: ${text}`).toEqual(placeholders(english[key]!))
    }
  })
  it('loading checks the file and refuses what is not one', async () => {
    const ok = (body: unknown) => (async () => new Response(JSON.stringify(body), { status: 200 })) as typeof fetch
    expect(await fetchValidationMessages('de', ok(file('de')))).toEqual(MESSAGES.de)
    await expect(fetchValidationMessages('de', ok({ code: 'de' }))).rejects.toThrow(/Validation messages for "de"/)
    await expect(fetchValidationMessages('de', (async () => new Response('', { status: 404 })) as typeof fetch)).rejects.toThrow(/404/)
    await expect(fetchValidationMessages('fr')).rejects.toThrow(/No validation messages/)
  })
})
