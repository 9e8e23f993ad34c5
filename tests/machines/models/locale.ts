import { LANGUAGE_ERROR_TOAST, localeMachine, type LocaleContext, type LocaleInput } from '#machines/locale'
import { localePath, type Locale } from '#machines/rules/locale'
import type { EventObject } from 'xstate'
import type { Effect, EffectOracle, Snap, TestEvent } from '../harness'
import type { MachineModel } from './types'

const ids = ['loadMessages', 'loadEnglishMessages', 'loadValidationMessages', 'loadEnglishValidationMessages'] as const

const events = (): TestEvent[] => [
  { type: 'validation.need' },
  { type: 'locale.change', locale: 'ru', path: '/en/premium?plan=3' },
  { type: 'locale.change', locale: 'de', path: '/' },
  { type: 'locale.change', locale: 'xx', path: '/faq' },
  // The locale already selected from the first input (en); from the second (de) the `de` change above is.
  { type: 'locale.change', locale: 'en', path: '/de/faq#a' },
  ...ids.flatMap((id) => [
    { type: `xstate.done.actor.${id}`, output: { loaded: id } },
    { type: `xstate.error.actor.${id}`, error: new Error(`${id} failed`) },
  ]),
]
const simpleEvents = (snapshot: Snap): TestEvent[] =>
  events().filter((e) => !(e.type === 'locale.change' && (e.locale as string) !== 'ru') && !(snapshot.context as LocaleContext).pendingPath?.startsWith('/de'))

/** Spec 2, 4, 8: the side effects each step must cause. */
const oracle: EffectOracle = (before, event, after, input: LocaleInput) => {
  const b = before?.context as LocaleContext | undefined
  const a = after.context as LocaleContext
  const e = event as EventObject & { error?: unknown; locale?: string }
  const invoke = (id: string, payload: unknown): Effect => ({ type: 'invoke', id, input: payload })
  const logError: Effect = { type: 'logError', params: { error: e.error } }
  const toast: Effect = { type: 'toast', params: LANGUAGE_ERROR_TOAST }
  const navigateIfChanged = (): Effect[] => (b?.pendingPath ? [{ type: 'navigate', params: { to: b.pendingPath } }] : [])
  // Validation messages load only once a form has asked for them (`validation.need`).
  const validation = (): Effect[] => (a.validationWanted ? [invoke('loadValidationMessages', { locale: a.locale })] : navigateIfChanged())
  switch (e.type) {
    case 'xstate.init':
      return [invoke('loadMessages', { locale: a.locale, messageSet: input.messageSet })]
    case 'validation.need':
      // Asked while ready without the messages: they load now; otherwise only remembered.
      return before?.matches('ready') && b?.validationLocale === null ? [validation()[0]!] : []
    case 'locale.change': {
      // Taken in any state. The locale already selected: remembered, and its path opened at once.
      const cookie: Effect = { type: 'storeLocaleCookie', params: { locale: e.locale } }
      if (e.locale === b?.locale) return [cookie, { type: 'navigate', params: { to: localePath(e.locale as Locale, (e as { path?: string }).path) } }]
      // Another: (re)start the loading for it, the validation messages after it when wanted.
      return [cookie, invoke('loadMessages', { locale: e.locale, messageSet: a.messageSet })]
    }
    case 'xstate.done.actor.loadMessages':
      return validation()
    case 'xstate.error.actor.loadMessages':
      return [logError, toast, invoke('loadEnglishMessages', { locale: 'en', messageSet: a.messageSet })]
    case 'xstate.done.actor.loadEnglishMessages':
      return validation()
    case 'xstate.error.actor.loadEnglishMessages':
      return [logError, ...validation()]
    case 'xstate.done.actor.loadValidationMessages':
      return navigateIfChanged()
    case 'xstate.error.actor.loadValidationMessages':
      return [logError, invoke('loadEnglishValidationMessages', { locale: 'en' })]
    case 'xstate.done.actor.loadEnglishValidationMessages':
      return navigateIfChanged()
    case 'xstate.error.actor.loadEnglishValidationMessages':
      return [logError, toast, ...navigateIfChanged()]
    default:
      throw new Error(`locale oracle: unexpected event ${e.type}`)
  }
}

export const localeModel: MachineModel = {
  name: 'locale',
  spec: 'spec 2, 4, 8: language detection and loading',
  machine: localeMachine,
  fakes: {
    actions: ['storeLocaleCookie', 'navigate', 'toast', 'logError'],
    promiseActors: ['loadMessages', 'loadValidationMessages'],
  },
  oracle,
  inputs: [
    { label: 'an /en URL on the mirror domain', input: { urlLocale: 'en', cookieLocale: 'ru', messageSet: 'mirror' } satisfies LocaleInput },
    { label: 'a German browser at the root of the original domain', input: { atRoot: true, browserLanguages: ['de-AT', 'en'], messageSet: 'original' } satisfies LocaleInput },
  ],
  events,
  simpleEvents,
}
