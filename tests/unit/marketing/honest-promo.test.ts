import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * Issue 14 item 9, decision 079: the promo page promises only what it shows (five slides and the
 * way to the Premium page), and the countdown is worded as what R9's rules make it: a timer
 * set for the visit, 16 to 23 hours ahead, that starts again on its own when less than an hour is
 * left. Nothing ends when it runs out, so no text may say an offer, a promotion or a price does.
 */
const LOCALES = ['en', 'ru', 'de'] as const
const read = (area: string, locale: string) => JSON.parse(readFileSync(`messages/${area}/${locale}.json`, 'utf8')) as Record<string, string>
const texts = (locale: string) =>
  ({
    ...JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')),
    ...read('content', locale),
    ...read('marketing', locale),
    ...read('pages', locale),
  }) as Record<string, string>

const PROMO_KEYS = [
  'nav_promo',
  'meta_promo_title',
  'meta_promo_description',
  'meta_mirror_promo_description',
  'page_promo_heading',
  'page_promo_intro',
  'promo_terms',
  'promo_cta',
]
const COUNTDOWN_KEYS = ['home_countdown_title', 'home_countdown_text', 'mk_countdown_label', 'mk_countdown_finished']

const OVERCLAIM = {
  en: /limited[- ]time|for a limited|special terms|ends in|offer ends|end date|until the timer|while the promotion|promotion|has ended|listed below|sale\b|discount/i,
  ru: /ограниченное время|особых условиях|до конца (специального )?предложения|акци|сроки|указаны ниже|предложение заверш|скидк|пока идёт таймер/i,
  de: /begrenzte[rn]? zeit|zeitlich begrenzt|sonderkonditionen|angebot endet|ende des angebots|enddatum|aktion|finden sie unten|angebot ist beendet|rabatt|solange der timer/i,
} as const
const SAYS_IT_RESTARTS = { en: /starts again on its own/, ru: /сам запускается заново/, de: /startet von selbst neu/ } as const
const SAYS_PRICES_STAY = { en: /prices stay as they are/, ru: /цены не меняются/, de: /Preise bleiben gleich/ } as const

describe('issue 14: the promo page and the countdown claim no more than they do', () => {
  for (const locale of LOCALES) {
    it(`${locale}: no promo or countdown text speaks of a limited time, special terms or an end`, () => {
      const all = texts(locale)
      const claims = [...PROMO_KEYS, ...COUNTDOWN_KEYS].filter((key) => {
        expect(all[key], `${locale} ${key}`).toBeTruthy()
        return OVERCLAIM[locale].test(all[key]!)
      })
      expect(claims).toEqual([])
    })

    it(`${locale}: the countdown says it starts again on its own and that prices stay the same`, () => {
      const text = texts(locale).home_countdown_text!
      expect(text).toMatch(SAYS_IT_RESTARTS[locale])
      expect(text).toMatch(SAYS_PRICES_STAY[locale])
    })

    it(`${locale}: the promo page names the five slides it shows and where the prices are`, () => {
      const intro = texts(locale).page_promo_intro!
      expect(intro).toMatch({ en: /Five things/, ru: /Пять возможностей/, de: /Fünf Dinge/ }[locale])
      expect(intro).toMatch(/Premium/)
      expect(Object.keys(read('content', locale)).filter((key) => /^promo_slide_\d+_title$/.test(key))).toHaveLength(5)
    })
  }
})
