/**
 * Spec 2, 4, 8: the site language. Detected from the URL, the `i18n_redirected` cookie,
 * the browser, or the host (`detectLocale`, the same rule the server's root redirect uses);
 * then the language file (the domain's own set where it has one) and the validation-message
 * file are loaded, each falling back to English.
 * A change stores the cookie, loads, then navigates to the locale's path. It is taken in any
 * state: a change while loading starts the loading again for the new locale; picking the
 * current locale stores the cookie and goes to its path at once.
 *
 * The validation messages are wanted only by forms: they load once a form asks for them
 * (`validation.need`, at any time; after the language file when it is still loading), so a
 * page without a form never loads them or the rules that check them (decision 024).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { DEFAULT_LOCALE, detectLocale, isLocale, localePath, type Locale, type LocaleDetectionInput } from './rules/locale'

/** Which language files: the mirror domain's own texts, or the original set. */
export type MessageSet = 'original' | 'mirror'

/** What the request or the browser knows about the visitor's language (see `detectLocale`). */
export interface LocaleInput extends LocaleDetectionInput {
  /** The brand of the requesting host (spec 1). */
  messageSet: MessageSet
}

export interface LocaleContext {
  /** The selected locale. */
  locale: Locale
  messageSet: MessageSet
  /** The locale whose messages are loaded (the selected one, or English after a failure). */
  messagesLocale: Locale | null
  /** The locale whose validation messages are loaded. */
  validationLocale: Locale | null
  /** A form has asked for the validation messages. */
  validationWanted: boolean
  /** Set by `locale.change`: where to go once loaded. */
  pendingPath: string | null
}

export type LocaleEvent =
  /** The visitor picks a language; `path` is the current path (its locale prefix is replaced). */
  | { type: 'locale.change'; locale: string; path: string }
  /** A form is on the page: its validation messages are wanted. */
  | { type: 'validation.need' }

export interface LoadMessagesInput { locale: Locale; messageSet: MessageSet }
export interface LoadValidationInput { locale: Locale }
export interface ToastParams { kind: 'success' | 'info' | 'warning' | 'error'; key: string }
export interface LocaleCookieParams { locale: Locale }
export interface NavigateParams { to: string }
export interface LogErrorParams { error: unknown }

/** Spec 8: the toast raised when a language file fails. */
export const LANGUAGE_ERROR_TOAST: ToastParams = { kind: 'error', key: 'notifications.errors.language' }

function notProvided(name: string): never {
  throw new Error(`locale: actor "${name}" not provided`)
}
function selectedMessagesInput({ context }: { context: LocaleContext }): LoadMessagesInput {
  return { locale: context.locale, messageSet: context.messageSet }
}
function englishMessagesInput({ context }: { context: LocaleContext }): LoadMessagesInput {
  return { locale: DEFAULT_LOCALE, messageSet: context.messageSet }
}
function selectedValidationInput({ context }: { context: LocaleContext }): LoadValidationInput {
  return { locale: context.locale }
}
function englishValidationInput(): LoadValidationInput {
  return { locale: DEFAULT_LOCALE }
}
function languageErrorToast(): ToastParams {
  return LANGUAGE_ERROR_TOAST
}
function errorParams({ event }: { event: { error?: unknown } & { type: string } }): LogErrorParams {
  return { error: event.error }
}
function cookieParams({ context }: { context: LocaleContext }): LocaleCookieParams {
  return { locale: context.locale }
}
function pendingPathParams({ context }: { context: LocaleContext }): NavigateParams {
  return { to: context.pendingPath ?? localePath(context.locale) }
}
function chosenCookieParams({ event }: { event: LocaleEvent }): LocaleCookieParams {
  assertEvent(event, 'locale.change')
  return { locale: event.locale as Locale }
}
function chosenPathParams({ event }: { event: LocaleEvent }): NavigateParams {
  assertEvent(event, 'locale.change')
  return { to: localePath(event.locale as Locale, event.path) }
}

export const localeMachine = setup({
  types: {
    context: {} as LocaleContext,
    events: {} as LocaleEvent,
    input: {} as LocaleInput,
    tags: {} as 'busy',
  },
  actors: {
    /** Loads (and installs) the language file of `locale` from `messageSet`. */
    loadMessages: fromPromise<unknown, LoadMessagesInput>(async () => notProvided('loadMessages')),
    /** Loads (and installs) the validation-message file of `locale`. */
    loadValidationMessages: fromPromise<unknown, LoadValidationInput>(async () => notProvided('loadValidationMessages')),
  },
  actions: {
    assignChange: assign(({ event }) => {
      assertEvent(event, 'locale.change')
      const locale = event.locale as Locale
      return { locale, pendingPath: localePath(locale, event.path), messagesLocale: null, validationLocale: null }
    }),
    assignMessagesLocale: assign((_, params: { locale: Locale }) => ({ messagesLocale: params.locale })),
    assignValidationLocale: assign((_, params: { locale: Locale }) => ({ validationLocale: params.locale })),
    clearPendingPath: assign({ pendingPath: null }),
    markValidationWanted: assign({ validationWanted: true }),
    /** Spec 9: `i18n_redirected`, 365 days, path /, sameSite lax. */
    storeLocaleCookie: (_, _params: LocaleCookieParams) => {},
    navigate: (_, _params: NavigateParams) => {},
    toast: (_, _params: ToastParams) => {},
    logError: (_, _params: LogErrorParams) => {},
  },
  guards: {
    isSupportedChange: ({ context, event }) => event.type === 'locale.change' && isLocale(event.locale) && event.locale !== context.locale,
    isCurrentLocale: ({ context, event }) => event.type === 'locale.change' && event.locale === context.locale,
    hasPendingPath: ({ context }) => context.pendingPath !== null,
    isValidationWanted: ({ context }) => context.validationWanted,
    isValidationMissing: ({ context }) => context.validationLocale === null,
  },
}).createMachine({
  id: 'locale',
  context: ({ input }) => ({
    locale: detectLocale(input),
    messageSet: input.messageSet,
    messagesLocale: null,
    validationLocale: null,
    validationWanted: false,
    pendingPath: null,
  }),
  initial: 'loading',
  on: {
    'locale.change': [
      {
        guard: 'isSupportedChange',
        target: '.loading',
        reenter: true,
        actions: ['assignChange', { type: 'storeLocaleCookie', params: cookieParams }],
      },
      // Picking the language already loaded (or loading): remember it and go to its path.
      { guard: 'isCurrentLocale', actions: [{ type: 'storeLocaleCookie', params: chosenCookieParams }, { type: 'navigate', params: chosenPathParams }] },
    ],
  },
  states: {
    loading: {
      tags: 'busy',
      initial: 'messages',
      on: { 'validation.need': { actions: 'markValidationWanted' } },
      onDone: [
        { guard: 'hasPendingPath', target: 'ready', actions: [{ type: 'navigate', params: pendingPathParams }, 'clearPendingPath'] },
        { target: 'ready' },
      ],
      states: {
        messages: {
          invoke: {
            id: 'loadMessages',
            src: 'loadMessages',
            input: selectedMessagesInput,
            onDone: [
              { guard: 'isValidationWanted', target: 'validation', actions: { type: 'assignMessagesLocale', params: ({ context }) => ({ locale: context.locale }) } },
              { target: 'done', actions: { type: 'assignMessagesLocale', params: ({ context }) => ({ locale: context.locale }) } },
            ],
            onError: {
              target: 'englishMessages',
              actions: [{ type: 'logError', params: errorParams }, { type: 'toast', params: languageErrorToast }],
            },
          },
        },
        englishMessages: {
          invoke: {
            id: 'loadEnglishMessages',
            src: 'loadMessages',
            input: englishMessagesInput,
            onDone: [
              { guard: 'isValidationWanted', target: 'validation', actions: { type: 'assignMessagesLocale', params: { locale: DEFAULT_LOCALE } } },
              { target: 'done', actions: { type: 'assignMessagesLocale', params: { locale: DEFAULT_LOCALE } } },
            ],
            onError: [
              { guard: 'isValidationWanted', target: 'validation', actions: { type: 'logError', params: errorParams } },
              { target: 'done', actions: { type: 'logError', params: errorParams } },
            ],
          },
        },
        validation: {
          invoke: {
            id: 'loadValidationMessages',
            src: 'loadValidationMessages',
            input: selectedValidationInput,
            onDone: { target: 'done', actions: { type: 'assignValidationLocale', params: ({ context }) => ({ locale: context.locale }) } },
            onError: { target: 'englishValidation', actions: { type: 'logError', params: errorParams } },
          },
        },
        englishValidation: {
          invoke: {
            id: 'loadEnglishValidationMessages',
            src: 'loadValidationMessages',
            input: englishValidationInput,
            onDone: { target: 'done', actions: { type: 'assignValidationLocale', params: { locale: DEFAULT_LOCALE } } },
            onError: {
              target: 'done',
              actions: [{ type: 'logError', params: errorParams }, { type: 'toast', params: languageErrorToast }],
            },
          },
        },
        done: { type: 'final' },
      },
    },
    ready: {
      on: {
        'validation.need': { guard: 'isValidationMissing', target: 'loading.validation', actions: 'markValidationWanted' },
      },
    },
  },
})

export type LocaleMachine = typeof localeMachine
