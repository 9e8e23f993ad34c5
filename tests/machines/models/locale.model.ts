/**
 * R2, R4, R8, R9: the site language.
 *
 * - R2: the locale comes from the URL, then the `i18n_redirected` cookie, then the browser
 *   (at the root only: elsewhere an unprefixed path is the English default form), or from the
 *   host when domains differ by locale. The cookie is written when the root decides the
 *   language, and on a change. A change stores the cookie, loads the messages and redirects to
 *   the locale's path.
 * - R4, R8: when the language file fails, English is loaded, an error toast with the key
 *   `notifications.errors.language` is shown, and the validation messages are still loaded
 *   (when a form wants them, decision 024). The validation language falls back to English if
 *   its file is missing; if that fails too, the error toast is shown.
 *
 * Every step is checked from the state it starts in and its event. Expected paths are written
 * out (`/ru/faq`), never computed by machines/rules/locale.
 */

import { localeMachine } from '#machines/locale.ts'
import { expect } from '../check.ts'
import type { MachineModel, Property, Snap, Step, TestEvent } from '../harness.ts'
import { actions, ctx, IGNORED_EVENTS_CHANGE_NOTHING, starts, startsByInput, stops } from '../harness.ts'

type Locale = 'en' | 'ru' | 'de'
type LocaleCtx = {
  locale: Locale
  pageLocale: Locale
  path: string
  messageSet: string
  messagesLocale: Locale | null
  validationLocale: Locale | null
  validationWanted: boolean
  pendingPath: string | null
}

const LANGUAGE_TOAST = { kind: 'error', key: 'notifications.errors.language' }

/** R2 (prefix-and-default): each path the model visits, in each language. */
const HOME = { en: '/en', ru: '/ru', de: '/de' }
const FAQ = { en: '/en/faq', ru: '/ru/faq', de: '/de/faq' }
const PREMIUM = { en: '/en/premium?plan=3', ru: '/ru/premium?plan=3', de: '/de/premium?plan=3' }
const IN: Record<string, Record<Locale, string>> = {
  '/': HOME,
  '/ru': HOME,
  '/de': HOME,
  '/faq': FAQ,
  '/en/faq': FAQ,
  '/de/faq': FAQ,
  '/ru/premium?plan=3': PREMIUM,
}
const pathIn = (locale: Locale, path: string): string => {
  const paths = IN[path]
  if (!paths) throw new Error(`the model has no expected paths for ${path}`)
  return paths[locale]
}

// --- inputs -------------------------------------------------------------------------------------

interface Start {
  /** The detected locale (the page's language). */
  locale: Locale
  /** The page's path as the machine keeps it. */
  path: string
  /** The cookie written at the start (the root decided the language), or none. */
  cookie: Locale | null
}

const { variant, startOf } = startsByInput<Start>()

const inputs = [
  variant(
    'the root, no cookie, no supported browser language (English decided at the root)',
    {
      urlLocale: null,
      atRoot: true,
      cookieLocale: null,
      browserLanguages: ['fr-FR', 'pl'],
      hostLocale: null,
      differentDomains: false,
      messageSet: 'original',
      path: '/',
    },
    { locale: 'en', path: '/', cookie: 'en' },
  ),
  variant(
    'the root with the cookie ru, no path given (mirror)',
    { urlLocale: null, atRoot: true, cookieLocale: 'ru', browserLanguages: ['de-DE'], hostLocale: null, differentDomains: false, messageSet: 'mirror' },
    { locale: 'ru', path: '/ru', cookie: 'ru' },
  ),
  variant(
    'a German page /de/faq (nothing said about the root or the hosts)',
    { urlLocale: 'de', cookieLocale: 'ru', browserLanguages: ['ru'], messageSet: 'original', path: '/de/faq' },
    { locale: 'de', path: '/de/faq', cookie: null },
  ),
  variant(
    'an unprefixed page /faq (the English default form, whatever the cookie)',
    {
      urlLocale: null,
      atRoot: false,
      cookieLocale: 'ru',
      browserLanguages: ['de'],
      hostLocale: null,
      differentDomains: false,
      messageSet: 'mirror',
      path: '/faq',
    },
    { locale: 'en', path: '/faq', cookie: null },
  ),
  variant(
    'the root of a host bound to Russian (the host decides, nothing is remembered)',
    {
      urlLocale: null,
      atRoot: true,
      cookieLocale: 'de',
      browserLanguages: ['de'],
      hostLocale: 'ru',
      differentDomains: true,
      messageSet: 'original',
      path: '/',
    },
    { locale: 'ru', path: '/', cookie: null },
  ),
]

// --- events -------------------------------------------------------------------------------------

/** The switcher's `locale.change` (its path is the page's, any prefix). */
const changes: TestEvent[] = [
  { type: 'locale.change', locale: 'ru', path: '/en/faq' },
  { type: 'locale.change', locale: 'de', path: '/' },
  { type: 'locale.change', locale: 'en', path: '/ru/premium?plan=3' },
  { type: 'locale.change', locale: 'ru', path: '/de' },
  // Not site locales (`ge` is the backend's code for German): nothing happens.
  { type: 'locale.change', locale: 'fr', path: '/en/faq' },
  { type: 'locale.change', locale: 'ge', path: '/ru' },
]
const FILE_MISSING = new Error('The ru language files are not listed (404)')
const answers: TestEvent[] = [
  { type: 'validation.need' },
  ...['loadMessages', 'loadEnglishMessages', 'loadValidationMessages', 'loadEnglishValidationMessages'].flatMap((id) => [
    { type: `xstate.done.actor.${id}`, actorId: id, output: 'en' },
    { type: `xstate.error.actor.${id}`, actorId: id, error: FILE_MISSING },
  ]),
]

// --- helpers ------------------------------------------------------------------------------------

const isSiteLocale = (value: unknown): value is Locale => value === 'en' || value === 'ru' || value === 'de'
const state = (s: Snap): string => (typeof s.value === 'string' ? s.value : `loading.${String((s.value as { loading: string }).loading)}`)
const from = (s: Step): string => (s.before === null ? '' : state(s.before))
const B = (s: Step) => ctx<LocaleCtx>(s.before)
const A = (s: Step) => ctx<LocaleCtx>(s.after)
const named = (s: Step) => actions(s).map((a) => ({ type: a.type, params: a.params }))
const answer = (s: Step, kind: 'done' | 'error', id: string) => s.event.type === `xstate.${kind}.actor.${id}`
const isChange = (s: Step) => s.index > 0 && s.event.type === 'locale.change' && isSiteLocale(s.event.locale)
const isNewLanguage = (s: Step) => isChange(s) && s.event.locale !== B(s).locale
const isSameLanguage = (s: Step) => isChange(s) && s.event.locale === B(s).locale
const messageSetOf = (s: Step) => (s.input as { messageSet: string }).messageSet

const LOADER: Record<string, string> = {
  'loading.messages': 'loadMessages',
  'loading.englishMessages': 'loadEnglishMessages',
  'loading.validation': 'loadValidationMessages',
  'loading.englishValidation': 'loadEnglishValidationMessages',
}

/**
 * The end of a load: when a change is under way, its page in the language now selected follows,
 * unless the page on show is in that language already (English after a failure on an English page).
 */
function finish(s: Step, selected: Locale): { type: string; params: unknown }[] {
  const page = startOf(s).locale
  if (B(s).pendingPath === null || selected === page) return []
  return [{ type: 'navigate', params: { to: pathIn(selected, B(s).path) } }]
}

/** Messages are in: the validation messages follow, in that language, when a form wants them; else the load ends. */
function afterMessages(s: Step, locale: Locale, first: { type: string; params: unknown }[]) {
  if (B(s).validationWanted) {
    expect(state(s.after)).toBe('loading.validation')
    expect(named(s)).toEqual(first)
    expect(starts(s)).toEqual([{ kind: 'start', id: 'loadValidationMessages', src: 'loadValidationMessages', input: { locale } }])
  } else {
    expect(state(s.after)).toBe('ready')
    expect(named(s)).toEqual([...first, ...finish(s, locale)])
    expect(starts(s)).toEqual([])
  }
}

// --- properties ---------------------------------------------------------------------------------

const properties: Property[] = [
  IGNORED_EVENTS_CHANGE_NOTHING,
  {
    name: 'starts ready in the detected language, with its messages; the cookie is written when the root decided it',
    requirement: 'R2.9, decision 001',
    when: (s) => s.index === 0,
    check: (s) => {
      const start = startOf(s)
      expect(state(s.after)).toBe('ready')
      const c = A(s)
      expect([c.locale, c.pageLocale, c.path, c.messagesLocale, c.validationLocale, c.validationWanted, c.pendingPath]).toEqual([
        start.locale,
        start.locale,
        start.path,
        start.locale,
        null,
        false,
        null,
      ])
      expect(s.effects.map((e) => e.kind)).toEqual(start.cookie ? ['action'] : [])
      expect(named(s)).toEqual(start.cookie ? [{ type: 'storeLocaleCookie', params: { locale: start.cookie } }] : [])
    },
  },
  {
    name: 'busy exactly while loading, with one file loading at a time; nothing loads when ready',
    requirement: 'R4.12',
    check: (s) => {
      const value = state(s.after)
      expect(s.after.hasTag('busy')).toBe(value.startsWith('loading'))
      expect(Object.keys(s.after.children)).toEqual(value === 'ready' ? [] : [LOADER[value]])
    },
  },
  {
    name: 'a file under way is waited for: its loading and its failure are both taken',
    requirement: 'R4.12',
    when: (s) => state(s.after).startsWith('loading'),
    check: (s) => {
      const id = LOADER[state(s.after)]!
      expect(s.after.can({ type: `xstate.done.actor.${id}`, actorId: id, output: 'en' } as never)).toBe(true)
      expect(s.after.can({ type: `xstate.error.actor.${id}`, actorId: id, error: FILE_MISSING } as never)).toBe(true)
    },
  },
  {
    name: "the page keeps its language and the domain's message set; when ready, the messages are the selected language's, no change is under way, and the validation messages (if any) are in that language or English",
    requirement: 'R1.8, R4.12, R4.13',
    check: (s) => {
      const c = A(s)
      expect(c.pageLocale).toBe(startOf(s).locale)
      expect(c.messageSet).toBe(messageSetOf(s))
      if (state(s.after) === 'ready') {
        expect(c.messagesLocale).toBe(c.locale)
        expect(c.pendingPath).toBeNull()
        expect(c.validationLocale === null || c.validationLocale === c.locale || c.validationLocale === 'en').toBe(true)
      }
    },
  },
  {
    name: "a change to another language stores the cookie, then loads that language from the domain's set, whatever was loading",
    requirement: 'R2.11, R4.12',
    when: isNewLanguage,
    check: (s) => {
      expect(state(s.after)).toBe('loading.messages')
      expect(named(s)).toEqual([{ type: 'storeLocaleCookie', params: { locale: s.event.locale } }])
      expect(starts(s)).toEqual([{ kind: 'start', id: 'loadMessages', src: 'loadMessages', input: { locale: s.event.locale, messageSet: messageSetOf(s) } }])
      expect(stops(s)).toEqual(Object.keys(s.before!.children))
      const c = A(s)
      expect([c.locale, c.path, c.messagesLocale, c.validationLocale, c.validationWanted]).toEqual([
        s.event.locale,
        s.event.path,
        null,
        null,
        B(s).validationWanted,
      ])
    },
  },
  {
    name: 'picking the language already selected stores the cookie and goes to its path at once',
    requirement: 'R2.11',
    when: isSameLanguage,
    check: (s) => {
      expect(s.effects.map((e) => e.kind)).toEqual(['action', 'action'])
      expect(named(s)).toEqual([
        { type: 'storeLocaleCookie', params: { locale: s.event.locale } },
        { type: 'navigate', params: { to: pathIn(s.event.locale as Locale, s.event.path as string) } },
      ])
      expect(s.after.value).toEqual(s.before!.value)
      expect(A(s)).toEqual(B(s))
    },
  },
  {
    name: "the language file loaded: then the validation messages in that language (a form wants them), or the change's page",
    requirement: 'R2.11, R4.12, R4.13',
    when: (s) => answer(s, 'done', 'loadMessages'),
    check: (s) => {
      afterMessages(s, B(s).locale, [])
      expect(stops(s)).toEqual(['loadMessages'])
      expect([A(s).locale, A(s).messagesLocale]).toEqual([B(s).locale, B(s).locale])
    },
  },
  {
    name: "the language file failed: logged, the language error toast, and English is loaded from the domain's set",
    requirement: 'R4.12, R8.4',
    when: (s) => answer(s, 'error', 'loadMessages'),
    check: (s) => {
      expect(state(s.after)).toBe('loading.englishMessages')
      expect(named(s)).toEqual([
        { type: 'logError', params: { error: s.event.error } },
        { type: 'toast', params: LANGUAGE_TOAST },
      ])
      expect(starts(s)).toEqual([{ kind: 'start', id: 'loadEnglishMessages', src: 'loadMessages', input: { locale: 'en', messageSet: messageSetOf(s) } }])
      expect(stops(s)).toEqual(['loadMessages'])
    },
  },
  {
    name: 'after the English fallback (loaded, or failed and logged) the language is English, the validation messages still load (in English), and the English page follows',
    requirement: 'R4.12, R8.4',
    when: (s) => answer(s, 'done', 'loadEnglishMessages') || answer(s, 'error', 'loadEnglishMessages'),
    check: (s) => {
      const logged = s.event.type.startsWith('xstate.error') ? [{ type: 'logError', params: { error: s.event.error } }] : []
      afterMessages(s, 'en', logged)
      expect([A(s).locale, A(s).messagesLocale]).toEqual(['en', 'en'])
      expect(stops(s)).toEqual(['loadEnglishMessages'])
    },
  },
  {
    name: 'a form asks for the validation messages: loaded once, in the selected language; while loading, after the language file',
    requirement: 'R4.13',
    when: (s) => s.index > 0 && s.event.type === 'validation.need',
    check: (s) => {
      if (from(s) === 'ready' && B(s).validationLocale === null) {
        expect(state(s.after)).toBe('loading.validation')
        expect(s.effects).toEqual([{ kind: 'start', id: 'loadValidationMessages', src: 'loadValidationMessages', input: { locale: B(s).locale } }])
      } else {
        expect(s.effects).toEqual([])
        expect(s.after.value).toEqual(s.before!.value)
      }
      expect(A(s)).toEqual({ ...B(s), validationWanted: true })
    },
  },
  {
    name: "the validation messages loaded: the load ends, and the change's page follows",
    requirement: 'R2.11, R4.13',
    when: (s) => answer(s, 'done', 'loadValidationMessages'),
    check: (s) => {
      expect(state(s.after)).toBe('ready')
      expect(A(s).validationLocale).toBe(B(s).locale)
      expect(named(s)).toEqual(finish(s, B(s).locale))
      expect(starts(s)).toEqual([])
      expect(stops(s)).toEqual(['loadValidationMessages'])
    },
  },
  {
    name: 'the validation file is missing: logged, and the English validation messages are loaded (no toast yet)',
    requirement: 'R4.13',
    when: (s) => answer(s, 'error', 'loadValidationMessages'),
    check: (s) => {
      expect(state(s.after)).toBe('loading.englishValidation')
      expect(named(s)).toEqual([{ type: 'logError', params: { error: s.event.error } }])
      expect(starts(s)).toEqual([{ kind: 'start', id: 'loadEnglishValidationMessages', src: 'loadValidationMessages', input: { locale: 'en' } }])
      expect(stops(s)).toEqual(['loadValidationMessages'])
    },
  },
  {
    name: "the English validation messages: loaded, or failed with the language error toast; then the change's page follows",
    requirement: 'R2.11, R4.13',
    when: (s) => answer(s, 'done', 'loadEnglishValidationMessages') || answer(s, 'error', 'loadEnglishValidationMessages'),
    check: (s) => {
      const failed = s.event.type.startsWith('xstate.error')
      expect(state(s.after)).toBe('ready')
      expect(A(s).validationLocale).toBe(failed ? B(s).validationLocale : 'en')
      expect(named(s)).toEqual([
        ...(failed
          ? [
              { type: 'logError', params: { error: s.event.error } },
              { type: 'toast', params: LANGUAGE_TOAST },
            ]
          : []),
        ...finish(s, B(s).locale),
      ])
      expect(starts(s)).toEqual([])
      expect(stops(s)).toEqual(['loadEnglishValidationMessages'])
    },
  },
  {
    name: 'the cookie is only ever written with a site locale, and only at the start or on a change',
    requirement: 'R2.1, R2.11',
    check: (s) => {
      for (const a of actions(s).filter((x) => x.type === 'storeLocaleCookie')) {
        expect(s.index === 0 || isChange(s)).toBe(true)
        expect(['en', 'ru', 'de']).toContain((a.params as { locale: string }).locale)
      }
    },
  },
  {
    name: 'every page it goes to has the prefix of the language selected; the only toast is the language error',
    requirement: 'R2.1, R2.11, R8.4',
    check: (s) => {
      for (const a of actions(s)) {
        if (a.type === 'navigate') {
          const to = (a.params as { to: string }).to
          const prefix = `/${A(s).locale}`
          expect(to === prefix || to.startsWith(`${prefix}/`) || to.startsWith(`${prefix}?`)).toBe(true)
        }
        if (a.type === 'toast') expect(a.params).toEqual(LANGUAGE_TOAST)
      }
    },
  },
]

export const localeModel: MachineModel = {
  name: 'locale',
  machine: localeMachine,
  inputs,
  events: () => [...changes, ...answers],
  properties,
}
