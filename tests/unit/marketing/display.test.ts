import { describe, expect, it } from 'vitest'
import { currencyForLocale, launcherProduct } from '#app/core/ecommerce.ts'
import { COUNTDOWN_PLACEHOLDER, countdownDisplay } from '#app/features/marketing/countdown-display.ts'
import { relativeIndex, swipeTarget } from '#app/features/marketing/slider.ts'
import { filterArticles, normalizeForSearch } from '#app/features/marketing/wiki-search.ts'
import { splitEmails, textBlocks } from '#app/ui/rich-text.ts'

describe('R9: countdown display', () => {
  it('pads every unit to two digits and counts seconds', () => {
    expect(countdownDisplay({ hours: 5, minutes: 2, seconds: 9 })).toEqual({ hours: '05', minutes: '02', seconds: '09', total: 5 * 3600 + 2 * 60 + 9 })
    expect(countdownDisplay({ hours: 23, minutes: 59, seconds: 59 }).hours).toBe('23')
    expect(countdownDisplay({ hours: 0, minutes: 0, seconds: 0 }).total).toBe(0)
    expect(COUNTDOWN_PLACEHOLDER.hours).toBe('--')
  })
})

describe('copy format', () => {
  it('splits paragraphs and "- " lists', () => {
    expect(textBlocks('You need:\n\n- Windows 10\n- Steam\n\nThat is all.')).toEqual([
      { type: 'p', text: 'You need:' },
      { type: 'ul', items: ['Windows 10', 'Steam'] },
      { type: 'p', text: 'That is all.' },
    ])
    expect(textBlocks('9.1. We must:\n- grant access\n- answer')).toEqual([
      { type: 'p', text: '9.1. We must:' },
      { type: 'ul', items: ['grant access', 'answer'] },
    ])
  })
  it('finds e-mail addresses', () => {
    expect(splitEmails('Write to support@skinvault.gg today.')).toEqual([
      { text: 'Write to ', email: false },
      { text: 'support@skinvault.gg', email: true },
      { text: ' today.', email: false },
    ])
  })
})

describe('wiki search', () => {
  const articles = [
    {
      anchor: 'install',
      title: 'Installing the launcher',
      summary: 'Download and install.',
      sections: [
        { anchor: 'req', title: 'Requirements', body: 'Windows 10 or 11.' },
        { anchor: 'av', title: 'Antivirus', body: 'Add an exception.' },
      ],
    },
    { anchor: 'presets', title: 'Presets', summary: 'Save loadouts.', sections: [{ anchor: 'p1', title: 'Creating a preset', body: 'Click save.' }] },
    { anchor: 'ru', title: 'Ёлка', summary: 'Проверка ё', sections: [{ anchor: 'r1', title: 'Раздел', body: 'Текст' }] },
  ]
  it('returns everything for an empty query', () => {
    expect(filterArticles(articles, '   ')).toHaveLength(3)
  })
  it('keeps a whole article when its title matches', () => {
    const r = filterArticles(articles, 'LAUNCHER')
    expect(r.map((a) => a.anchor)).toEqual(['install'])
    expect(r[0]!.sections).toHaveLength(2)
  })
  it('keeps only matching sections otherwise, every word required', () => {
    const r = filterArticles(articles, 'exception antivirus')
    expect(r.map((a) => a.anchor)).toEqual(['install'])
    expect(r[0]!.sections.map((s) => s.anchor)).toEqual(['av'])
    expect(filterArticles(articles, 'exception presets')).toEqual([])
  })
  it('ignores case, accents and ё', () => {
    expect(normalizeForSearch('Élan ЁЖ')).toBe('elan еж')
    expect(filterArticles(articles, 'елка').map((a) => a.anchor)).toEqual(['ru'])
  })
})

describe('R9: slider long swipe (300 ms)', () => {
  it('a quick swipe moves one slide in its direction', () => {
    expect(swipeTarget({ startIdx: 4, nearestIdx: 4, delta: 0.2, elapsedMs: 120, longSwipeMs: 300 })).toBe(5)
    expect(swipeTarget({ startIdx: 4, nearestIdx: 4, delta: -0.2, elapsedMs: 120, longSwipeMs: 300 })).toBe(3)
    expect(swipeTarget({ startIdx: 4, nearestIdx: 4, delta: 0.01, elapsedMs: 120, longSwipeMs: 300 })).toBe(4)
  })
  it('a long drag settles on the nearest slide', () => {
    expect(swipeTarget({ startIdx: 4, nearestIdx: 4, delta: 0.3, elapsedMs: 300, longSwipeMs: 300 })).toBe(4)
    expect(swipeTarget({ startIdx: 4, nearestIdx: 5, delta: 0.7, elapsedMs: 800, longSwipeMs: 300 })).toBe(5)
  })
  it('maps loop indexes to real slides', () => {
    expect(relativeIndex(-1, 5)).toBe(4)
    expect(relativeIndex(7, 5)).toBe(2)
  })
})

describe('R4: e-commerce payload parts', () => {
  it('prices in the locale currency; the launcher is free', () => {
    expect([currencyForLocale('en'), currencyForLocale('ru'), currencyForLocale('de')]).toEqual(['USD', 'RUB', 'EUR'])
    expect(launcherProduct('Skinvault', { code: 'cs2', name: 'CS2' })).toEqual({ id: 'launcher-cs2', name: 'Skinvault launcher (CS2)', price: 0, quantity: 1 })
  })
})
