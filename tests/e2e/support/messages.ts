import { readdirSync, readFileSync, statSync } from 'node:fs'

type Messages = Record<string, string>
const load = (path: string): Messages => JSON.parse(readFileSync(path, 'utf8'))

export const LOCALES = ['en', 'ru', 'de'] as const
export type Locale = (typeof LOCALES)[number]

/** Every message file of a locale: messages/{l}.json and messages/<area>/{l}.json. */
const areas = readdirSync('messages').filter((name) => statSync(`messages/${name}`).isDirectory())
const all: Record<Locale, Messages> = Object.fromEntries(
  LOCALES.map((l) => [l, Object.assign(load(`messages/${l}.json`), ...areas.map((a) => load(`messages/${a}/${l}.json`)))]),
) as Record<Locale, Messages>

/** A message as the site renders it, with its placeholders filled. */
export function msg(locale: Locale, key: string, params: Record<string, string> = {}): string {
  const text = all[locale][key]
  if (text === undefined) throw new Error(`no message ${key} in ${locale}`)
  return text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? `{${name}}`)
}

export const PRODUCT = { original: { en: 'Skinvault', ru: 'Скинволт', de: 'Skinvault' }, mirror: { en: 'SV Changer', ru: 'СВ Чейнджер', de: 'SV Changer' } }
export function product(locale: Locale, brand: 'original' | 'mirror' = 'original'): string {
  return PRODUCT[brand][locale]
}

/** The pay button's name: its words, then the amount once a plan is chosen (`Pay by card · $1`, issue 37). */
export function payButtonName(words: string): RegExp {
  return new RegExp(`^${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( · .+)?$`, 'u')
}

/**
 * A plan's button, chosen or not: its name carries its visible word ("Choose 30 days", once
 * chosen "Selected: 30 days"), so the locator finds it in either state.
 */
export function planButtonName(locale: Locale, plan: string): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^(${literal(msg(locale, 'premium_plan_choose_label', { plan }))}|${literal(msg(locale, 'premium_plan_selected_label', { plan }))})$`, 'u')
}
