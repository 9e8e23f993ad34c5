/**
 * Deterministic input generators for the fuzz tests: a seeded PRNG (mulberry32) and pieces
 * that are known to confuse URL parsers (schemes, slashes and backslashes, raw and encoded,
 * dot segments, control characters, look-alike unicode, very long segments).
 */

export type Random = () => number

export function seeded(seed: number): Random {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!
export const int = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1))

/** Pieces of URLs that have opened redirects somewhere. */
export const TRICKY = [
  '/',
  '//',
  '///',
  '\\',
  '\\\\',
  '/\\',
  '\\/',
  '.',
  '..',
  '../',
  '..\\',
  './',
  '%2e',
  '%2e%2e',
  '%2E%2E%2F',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%252f',
  '%255c',
  '%25252f',
  '%2f%2f',
  '%5c%5c',
  '%00',
  '%0a',
  '%0d',
  '%09',
  '%20',
  '\t',
  '\n',
  '\r',
  ' ',
  '\u0000',
  '\u2028',
  '\u00a0',
  ':',
  '@',
  '?',
  '#',
  '&',
  '=',
  ';',
  ',',
  'http:',
  'https:',
  'javascript:',
  'data:',
  'JaVaScRiPt:',
  'mailto:',
  'file:',
  'http%3a',
  '%6a%61vascript:',
  'evil.example',
  'evil.example:443',
  'user:pass@evil.example',
  '@evil.example',
  'site.example.evil.example',
  '／',
  '＼',
  '／／',
  '。',
  '．',
  'ｅｖｉｌ',
  'İ',
  'ß',
  'é',
  'е',
  'ру',
  'Ⅻ',
  '٣',
  '\u200b',
  '\ufeff',
  '%e2%80%8b',
  '%ef%bc%8f',
  'en',
  'ru',
  'de',
  'fr',
  'login',
  'premium',
  'account',
  'faq',
  'wiki',
  'download',
  '~',
  '-',
  '_',
  '%',
  '%%',
  '%zz',
  '%c0%af',
  '%c0%ae',
  '<x-fuzz>',
  '"\'><x-fuzz>',
  '%3Cx-fuzz%3E',
]

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_~@%абвгдÄÖÜßéあ漢'

export function word(random: Random, max = 12): string {
  let out = ''
  const n = int(random, 0, max)
  for (let i = 0; i < n; i++) out += LETTERS[Math.floor(random() * LETTERS.length)]
  return out
}

/** A redirect-like target: pieces and words glued together, often starting with `/`. */
export function target(random: Random): string {
  const parts: string[] = []
  const start = random()
  if (start < 0.55) parts.push('/')
  else if (start < 0.7) parts.push(pick(random, ['//', '/\\', '\\', '/%2f', '/%5c', '/./', '/../', 'https://', '/\t/', '/ /']))
  const n = int(random, 1, 8)
  for (let i = 0; i < n; i++) {
    const r = random()
    if (r < 0.45) parts.push(pick(random, TRICKY))
    else if (r < 0.85) parts.push(word(random))
    else parts.push('/')
  }
  if (random() < 0.03) parts.push('a'.repeat(int(random, 100, 3000)))
  return parts.join('')
}

/** A path for the HTTP fuzz: segments with unicode, encoded separators, dot segments, locale prefixes. */
export function path(random: Random): string {
  const segments: string[] = []
  if (random() < 0.6) segments.push(pick(random, ['en', 'ru', 'de', 'EN', 'fr', '']))
  const n = int(random, 0, 5)
  for (let i = 0; i < n; i++) {
    const r = random()
    if (r < 0.35) segments.push(pick(random, TRICKY))
    else if (r < 0.7) segments.push(word(random))
    else if (r < 0.95)
      segments.push(
        pick(random, ['login', 'premium', 'account', 'faq', 'wiki', 'promo', 'join', 'confirm-email', 'cs-go', 'oferta', 'policy', 'download', 'x']),
      )
    else segments.push('b'.repeat(int(random, 200, 4000)))
  }
  let out = `/${segments.join('/')}`
  if (random() < 0.1) out += '/'
  return out
}
