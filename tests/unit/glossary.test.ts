/**
 * R2.29: wording (docs/glossary.md): one word for one thing in each language. The glossary's
 * table says, per term, the word in en, ru and de, the messages that must carry it, and the words
 * no message may use; this test reads the table itself, so the glossary and the test never part.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')
const LOCALES = ['en', 'ru', 'de'] as const
type Locale = (typeof LOCALES)[number]

/** Every message of a language: the site's (`messages/<locale>.json` and `messages/*\/<locale>.json`) and the stand-in's. */
function messagesOf(locale: Locale): Map<string, string> {
  const found = new Map<string, string>()
  const read = (file: string) => {
    for (const [key, value] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>))
      if (typeof value === 'string' && key !== '$schema') found.set(key, value)
  }
  read(join(ROOT, 'messages', `${locale}.json`))
  for (const dir of readdirSync(join(ROOT, 'messages'), { withFileTypes: true }))
    if (dir.isDirectory()) read(join(ROOT, 'messages', dir.name, `${locale}.json`))
  const backend = readFileSync(join(ROOT, 'backend/src', `messages-${locale}.ts`), 'utf8')
  for (const m of backend.matchAll(/^\s*([a-z_]+):\s*\n?\s*'((?:[^'\\]|\\.)*)'/gmu)) found.set(m[1]!, m[2]!)
  return found
}

interface Row {
  term: string
  words: Record<Locale, string>
  keys: string[]
  ruledOut: { locale: Locale; words: string }[]
}

function glossary(): Row[] {
  const text = readFileSync(join(ROOT, 'docs/glossary.md'), 'utf8')
  const rows = text.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Term') && !line.startsWith('|---'))
  return rows.map((line) => {
    const [term, en, ru, de, keys, ruledOut] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()) as [string, string, string, string, string, string]
    return {
      term,
      words: { en, ru, de },
      keys: [...keys.matchAll(/`([a-z_]+)`/gu)].map((m) => m[1]!),
      ruledOut: ruledOut
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => {
          const [locale, ...words] = s.split(':')
          return { locale: locale!.trim() as Locale, words: words.join(':').trim() }
        }),
    }
  })
}

const MESSAGES = Object.fromEntries(LOCALES.map((l) => [l, messagesOf(l)])) as Record<Locale, Map<string, string>>

describe('docs/glossary.md: one word for one thing', () => {
  it('lists the terms this test was written for', () => {
    expect(glossary().map((r) => r.term)).toEqual([
      'The cookie policy',
      'The wiki',
      'The trial',
      'Renewal, and turning it off',
      'The invitation link',
      "The account's number",
      'Premium',
      'The license agreement',
    ])
  })

  it('reads every message of the site and of the stand-in, in each language', () => {
    for (const locale of LOCALES) {
      expect(MESSAGES[locale].get('footer_cookies_policy'), locale).toBeDefined()
      expect(MESSAGES[locale].get('referrer_unknown'), locale).toBeDefined()
      expect(MESSAGES[locale].size, locale).toBeGreaterThan(500)
    }
  })

  for (const row of glossary())
    it(`${row.term}: its messages say ${LOCALES.map((l) => `"${row.words[l]}"`).join(', ')}, and no message says what it rules out`, () => {
      const missing: string[] = []
      for (const locale of LOCALES)
        for (const key of row.keys) {
          const value = MESSAGES[locale].get(key)
          if (value === undefined || !value.toLocaleLowerCase(locale).includes(row.words[locale].toLocaleLowerCase(locale)))
            missing.push(`${locale} ${key}: ${value ?? '(no such message)'}`)
        }
      expect(missing).toEqual([])
      const used = row.ruledOut.flatMap(({ locale, words }) =>
        [...MESSAGES[locale]].filter(([, value]) => value.includes(words)).map(([key]) => `${locale} ${key} says "${words}"`),
      )
      expect(used).toEqual([])
    })
})
