/**
 * R2, R4, R8: the site language. Detected from the URL, the `i18n_redirected` cookie, the
 * browser, or the host (`detectLocale`, the same rule the server's root redirect uses). The page
 * arrives with its own language's messages. At the root, the language decided there is
 * remembered in the cookie.
 *
 * A change (the language switcher) stores the cookie, loads the chosen language's file (the
 * domain's set: original or mirror), then goes to the locale's path. When that file fails,
 * English is loaded instead, the `notifications.errors.language` toast is raised, and the page
 * falls back to English (it stays when it is English already). A change is taken in any
 * state: a change while loading starts the loading again for the new locale; picking the
 * current locale stores the cookie and goes to its path at once.
 *
 * The validation messages are wanted only by forms: they load once a form asks for them
 * (`validation.need`, at any time; after the language file when it is still loading), so a
 * page without a form never loads them or the rules that check them (decision 024). They fall
 * back to English too; if that fails, the toast is raised.
 */
import { and, assertEvent, assign, fromPromise, not, setup } from 'xstate'
import { DEFAULT_LOCALE, detectLocale, isLocale, type Locale, type LocaleDetectionInput, localePath } from '#machines/rules/locale.ts'
import { LANGUAGE_ERROR_TOAST, type ToastParams } from '#machines/rules/toast.ts'
import { type ErrorParams, errorParams, type MachineEffects, type NavigateParams, notProvided } from './shared.ts'

/** Which language files: the mirror domain's own texts, or the original set. */
export type MessageSet = 'original' | 'mirror'

/** What the request or the browser knows about the visitor's language (see `detectLocale`). */
export interface LocaleInput extends LocaleDetectionInput {
  /** The brand of the requesting host (R1). */
  messageSet: MessageSet
  /** The path of the page as typed (`/ru/faq`, `/faq`). */
  path?: string
}

export interface LocaleContext {
  /** The selected locale. */
  locale: Locale
  /** The language the page on show is in. */
  pageLocale: Locale
  /** The page's path as typed. */
  path: string
  messageSet: MessageSet
  /** The locale whose messages are loaded (the selected one, or English after a failure). */
  messagesLocale: Locale | null
  /** The locale whose validation messages are loaded. */
  validationLocale: Locale | null
  /** A form has asked for the validation messages. */
  validationWanted: boolean
  /** Set by `locale.change`: where to go once loaded. */
  pendingPath: string | null
  /** The language was decided at the root by the cookie or the browser, and is to be remembered. */
  decidedAtRoot: boolean
}

export type LocaleEvent =
  /** The visitor picks a language; `path` is the current path (its locale prefix is replaced). */
  | { type: 'locale.change'; locale: string; path: string }
  /** A form is on the page: its validation messages are wanted. */
  | { type: 'validation.need' }

export interface LoadMessagesInput {
  locale: Locale
  messageSet: MessageSet
}
export interface LoadValidationInput {
  locale: Locale
}
export interface LocaleCookieParams {
  locale: Locale
}

function selectedMessagesInput({ context }: { context: LocaleContext }): LoadMessagesInput {
  return { locale: context.locale, messageSet: context.messageSet }
}
function englishMessagesInput({ context }: { context: LocaleContext }): LoadMessagesInput {
  return { locale: DEFAULT_LOCALE, messageSet: context.messageSet }
}
/** The validation messages follow the messages: they load once the selected language's (or English) are in. */
function selectedValidationInput({ context }: { context: LocaleContext }): LoadValidationInput {
  return { locale: context.locale }
}
function englishValidationInput(): LoadValidationInput {
  return { locale: DEFAULT_LOCALE }
}
function languageErrorToast(): ToastParams {
  return LANGUAGE_ERROR_TOAST
}
function cookieParams({ context }: { context: LocaleContext }): LocaleCookieParams {
  return { locale: context.locale }
}
/** The change's page in the language now selected (the pending path, or English's after a failure). */
function pendingPathParams({ context }: { context: LocaleContext }): NavigateParams {
  return { to: localePath(context.locale, context.path) }
}
function chosenCookieParams({ event }: { event: LocaleEvent }): LocaleCookieParams {
  assertEvent(event, 'locale.change')
  return { locale: event.locale as Locale }
}
function chosenPathParams({ event }: { event: LocaleEvent }): NavigateParams {
  assertEvent(event, 'locale.change')
  return { to: localePath(event.locale as Locale, event.path) }
}

/** R4: a language file failed: the failure is logged and the visitor told. */
const languageFailed = [
  { type: 'logError', params: errorParams },
  { type: 'toast', params: languageErrorToast },
] as const
/** The messages are in (or English stands in for them): the validation messages next when a form wants them, else done. */
function messagesIn<const A>(actions: A) {
  return [
    { guard: 'isValidationWanted', target: 'validation', actions },
    { target: 'done', actions },
  ] as const
}

/**
 * The locale machine's effects, as the machine defines them: each load fails and each action
 * does nothing until the app gives its own (`createLocaleMachine(effects)`).
 */
const localeActors = {
  /** Loads the language file of `locale` from `messageSet` (a static asset, R7). */
  loadMessages: fromPromise<unknown, LoadMessagesInput>(async () => notProvided('locale', 'loadMessages')),
  /** Loads (and installs) the validation-message file of `locale`. */
  loadValidationMessages: fromPromise<unknown, LoadValidationInput>(async () => notProvided('locale', 'loadValidationMessages')),
}
// Stryker disable next-line ObjectLiteral: an action the machine does not know does nothing, as these do; they declare the actions and their params for the compiler (decision 070)
const localeEffectActions = {
  /** R9: `i18n_redirected`, 365 days, path /, sameSite lax (none and secure when cross-origin). */
  storeLocaleCookie: (_: unknown, _params: LocaleCookieParams) => {},
  navigate: (_: unknown, _params: NavigateParams) => {},
  toast: (_: unknown, _params: ToastParams) => {},
  logError: (_: unknown, _params: ErrorParams) => {},
}

/** What the app gives the locale machine: its loads and its actions outside the machine. */
export type LocaleEffects = MachineEffects<typeof localeActors, typeof localeEffectActions>

/**
 * The locale machine, with the app's effects when given: built once, with them, when the page's
 * provider first renders, not when the page's first JavaScript runs (decision 022).
 * `localeMachine` is the machine as defined (the tests, the server).
 */
export function createLocaleMachine(effects: LocaleEffects = {}) {
  return setup({
    // Stryker disable next-line ObjectLiteral: the types only exist for the compiler (decision 070)
    types: { context: {} as LocaleContext, events: {} as LocaleEvent, input: {} as LocaleInput, tags: {} as 'busy' },
    actors: { ...localeActors, ...effects.actors },
    actions: {
      assignChange: assign(({ event }) => {
        assertEvent(event, 'locale.change')
        const locale = event.locale as Locale
        return { locale, path: event.path, pendingPath: localePath(locale, event.path), messagesLocale: null, validationLocale: null }
      }),
      assignMessagesLocale: assign(({ context }) => ({ messagesLocale: context.locale })),
      /** R4: the chosen language failed; English is the language now, and the page goes (or stays) there. */
      assignEnglishFallback: assign(({ context }) => ({
        locale: DEFAULT_LOCALE,
        messagesLocale: DEFAULT_LOCALE,
        pendingPath: localePath(DEFAULT_LOCALE, context.path),
      })),
      assignValidationLocale: assign(({ context }) => ({ validationLocale: context.locale })),
      assignEnglishValidation: assign({ validationLocale: DEFAULT_LOCALE }),
      clearPendingPath: assign({ pendingPath: null }),
      markValidationWanted: assign({ validationWanted: true }),
      ...localeEffectActions,
      ...effects.actions,
    },
    guards: {
      isSupportedChange: ({ context, event }) => {
        assertEvent(event, 'locale.change')
        return isLocale(event.locale) && event.locale !== context.locale
      },
      isCurrentLocale: ({ context, event }) => {
        assertEvent(event, 'locale.change')
        return event.locale === context.locale
      },
      /** R2: at the root the cookie and the browser decided the language (not a host bound to one). */
      decidedAtRoot: ({ context }) => context.decidedAtRoot,
      hasPendingPath: ({ context }) => context.pendingPath !== null,
      /**
       * The page on show is already the one to go to (English after a failure, on an English page):
       * its language is the one selected, and the change's path is the page's own (the switcher sends it).
       */
      isOnPendingPage: ({ context }) => context.pageLocale === context.locale,
      isValidationWanted: ({ context }) => context.validationWanted,
      isValidationMissing: ({ context }) => context.validationLocale === null,
    },
  }).createMachine({
    id: 'locale',
    context: ({ input }) => {
      const locale = detectLocale(input)
      return {
        locale,
        pageLocale: locale,
        // Without a path: the locale's home page.
        path: input.path ?? `/${locale}`,
        messageSet: input.messageSet,
        // The page arrived with its own language's messages.
        messagesLocale: locale,
        validationLocale: null,
        validationWanted: false,
        pendingPath: null,
        decidedAtRoot: (input.atRoot ?? false) && !input.differentDomains,
      }
    },
    initial: 'starting',
    on: {
      'locale.change': [
        // From the root: `loading` is left and entered again (a load under way stops) wherever the machine is.
        {
          guard: 'isSupportedChange',
          target: '.loading',
          actions: ['assignChange', { type: 'storeLocaleCookie', params: cookieParams }],
        },
        // Picking the language already loaded (or loading): remember it and go to its path.
        {
          guard: 'isCurrentLocale',
          actions: [
            { type: 'storeLocaleCookie', params: chosenCookieParams },
            { type: 'navigate', params: chosenPathParams },
          ],
        },
      ],
    },
    states: {
      starting: {
        always: [{ guard: 'decidedAtRoot', target: 'ready', actions: { type: 'storeLocaleCookie', params: cookieParams } }, { target: 'ready' }],
      },
      loading: {
        tags: 'busy',
        initial: 'messages',
        on: { 'validation.need': { actions: 'markValidationWanted' } },
        onDone: [
          {
            guard: and(['hasPendingPath', not('isOnPendingPage')]),
            target: 'ready',
            actions: [{ type: 'navigate', params: pendingPathParams }, 'clearPendingPath'],
          },
          { target: 'ready', actions: 'clearPendingPath' },
        ],
        states: {
          messages: {
            invoke: {
              id: 'loadMessages',
              src: 'loadMessages',
              input: selectedMessagesInput,
              onDone: messagesIn('assignMessagesLocale'),
              onError: { target: 'englishMessages', actions: languageFailed },
            },
          },
          englishMessages: {
            invoke: {
              id: 'loadEnglishMessages',
              src: 'loadMessages',
              input: englishMessagesInput,
              onDone: messagesIn('assignEnglishFallback'),
              // English is the built-in language: the page stays in it whatever the file did.
              onError: messagesIn([{ type: 'logError', params: errorParams }, 'assignEnglishFallback']),
            },
          },
          validation: {
            invoke: {
              id: 'loadValidationMessages',
              src: 'loadValidationMessages',
              input: selectedValidationInput,
              onDone: { target: 'done', actions: 'assignValidationLocale' },
              onError: { target: 'englishValidation', actions: { type: 'logError', params: errorParams } },
            },
          },
          englishValidation: {
            invoke: {
              id: 'loadEnglishValidationMessages',
              src: 'loadValidationMessages',
              input: englishValidationInput,
              onDone: { target: 'done', actions: 'assignEnglishValidation' },
              onError: { target: 'done', actions: languageFailed },
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
}

/** The locale machine as defined: its loads fail and its effects do nothing. */
export const localeMachine = /* @__PURE__ */ createLocaleMachine()

export type LocaleMachine = ReturnType<typeof createLocaleMachine>
