import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { messages as backendMessages } from '../../backend/src/i18n.ts'

/**
 * Issue 14 item 6, decision 078: one story about passwords in every language. The site signs in
 * with a code, a link or Steam and never asks for a password; the one password there is belongs
 * to the desktop launcher. A text that mentions a password therefore says which: the site's
 * (there is none) or the launcher's.
 */
const LOCALES = ['en', 'ru', 'de'] as const
const PASSWORD = /password|парол|passwort/i
const SAYS_WHICH = /launcher|лаунчер|software|программ|\bsite\b|сайт|website/i
// Texts inside the card titled "Launcher password" (acc_password_title), and the FAQ's question, whose answer is checked.
const SAID_BY_THEIR_PLACE = new Set([
  'acc_password_label',
  'acc_password_confirm_label',
  'acc_password_submit',
  'password_mismatch',
  'faq_passwordless_sign_in_q',
])

function siteMessages(locale: string): Record<string, string> {
  const files = [
    `messages/${locale}.json`,
    ...readdirSync('messages', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `messages/${d.name}/${locale}.json`),
  ]
  return Object.assign({}, ...files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>))
}

describe('issue 14: one story about passwords', () => {
  for (const locale of LOCALES) {
    it(`${locale}: every site text that mentions a password says it is not the site's, or that it is the launcher's`, () => {
      const all = siteMessages(locale)
      const mentions = Object.entries(all).filter(([key, value]) => key !== '$schema' && PASSWORD.test(value))
      expect(mentions.length).toBeGreaterThan(10)
      const silent = mentions.filter(([key, value]) => !SAID_BY_THEIR_PLACE.has(key) && !SAYS_WHICH.test(value)).map(([key]) => key)
      expect(silent).toEqual([])
    })

    it(`${locale}: every e-mail and answer of the backend that mentions a password says the same`, () => {
      const silent = Object.entries(backendMessages[locale])
        .filter(([key, value]) => !SAID_BY_THEIR_PLACE.has(key) && PASSWORD.test(value) && !SAYS_WHICH.test(value))
        .map(([key]) => key)
      expect(silent).toEqual([])
    })
  }

  it('the password the account sets and the confirmation asks for is named as the launcher’s, in every language', () => {
    const launcher = { en: /launcher/i, ru: /лаунчер/i, de: /launcher/i } as const
    for (const locale of LOCALES) {
      const all = siteMessages(locale)
      for (const key of [
        'acc_password_title',
        'acc_password_text',
        'acc_confirm_password_label',
        'acc_confirm_password_hint',
        'acc_confirm_form_text',
        'acc_confirm_done',
        'faq_passwordless_sign_in_a',
        'wiki_first_launch_s2_body',
      ]) {
        expect(all[key], `${locale} ${key}`).toMatch(launcher[locale])
      }
    }
  })

  it('no text claims there is no password at all without saying where', () => {
    // The old FAQ said "There's no password to forget": the launcher has one.
    const claims = {
      en: /no password|without a password|passwordless/i,
      ru: /без пароля|пароль не нужен|нет пароля/i,
      de: /ohne passwort|kein passwort|passwort (ist|brauchen sie) nicht/i,
    } as const
    for (const locale of LOCALES) {
      const silent = Object.entries(siteMessages(locale))
        .filter(([, value]) => claims[locale].test(value) && !/\bsite\b|сайт|website/i.test(value))
        .map(([key]) => key)
      expect(silent, locale).toEqual([])
    }
  })
})

describe('message files', () => {
  it('name each key once (a second entry silently replaces the first)', () => {
    const files = ['en', 'ru', 'de'].flatMap((locale) => [
      `messages/${locale}.json`,
      ...readdirSync('messages', { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => `messages/${d.name}/${locale}.json`),
    ])
    const twice = files.flatMap((file) => {
      const keys = [...readFileSync(file, 'utf8').matchAll(/^\s*"([^"]+)":/gm)].map((m) => m[1]!)
      return keys.filter((key, i) => keys.indexOf(key) !== i).map((key) => `${file}: ${key}`)
    })
    expect(files).toHaveLength(21)
    expect(twice).toEqual([])
  })
})
