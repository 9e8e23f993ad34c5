/** The test models of the payment, auth and locale machines (see model.ts). */
import { authMachine, localeMachine, paymentMachine } from '../../../machines/index'
import type { BrowserModel } from './model'

/** Every premium page load: the stored premium state is read first, and the session is passed in. */
const PREMIUM_LOAD = ['payment.checkingService always[0]', 'payment.restoring xstate.done.actor.readStoredState[0]', 'payment auth.changed[0]']
const PAY = ['payment.selecting payment.submit[0]', 'payment.paying.requestingOptions xstate.done.actor.createPayment[0]']

const paymentUnreachable: Pick<BrowserModel, 'unreachable' | 'unreachableTransitions'> = {
  unreachable: {
    'payment.unavailable':
      'needs an unknown PAYMENT_SERVICE, which the site refuses at start (ConfigError); the component state is in the stories',
  },
  unreachableTransitions: {
    'payment.checkingService always[1]': 'the site always reads the stored premium state first (restoreStored), so the service check never goes straight to selecting',
    'payment.restoring xstate.error.actor.readStoredState[0]': 'readPremiumState answers null for a missing or unreadable stored state; it never rejects',
    'payment locale.changed[0]': 'the site never sends locale.changed: a language change loads a new document, whose payment machine starts in the new language',
  },
}

/** Spec 3, 4, 7, 8, 9: a logged-in visitor pays, is declined, closes the widget, or the payment cannot start. */
export const paymentModel: BrowserModel = {
  machine: paymentMachine,
  traversal: 'shortest',
  initial: 'noPlan',
  initialReal: PREMIUM_LOAD,
  states: {
    noPlan: {
      real: ['payment.checkingService', 'payment.restoring', 'payment.selecting'],
      on: { CHOOSE_PLAN: { target: 'planChosen', real: ['payment.selecting plan.select[1]'] } },
    },
    planChosen: { real: ['payment.selecting'], on: { TICK_AGREEMENTS: { target: 'ready', real: ['payment.selecting agreement.set[0]'] } } },
    ready: {
      real: ['payment.selecting'],
      on: {
        PAY: { target: 'widgetOpen', real: [...PAY, 'payment.paying.loadingWidget xstate.done.actor.loadWidgetScript[0]'] },
        // The backend refuses to create the payment (POST /payments answers 503).
        PAY_OPTIONS_FAIL: { target: 'notStarted', real: ['payment.selecting payment.submit[0]', 'payment.paying.requestingOptions xstate.error.actor.createPayment[0]'] },
        // The provider's widget script does not load.
        PAY_SCRIPT_FAILS: { target: 'widgetMissing', real: [...PAY, 'payment.paying.loadingWidget xstate.error.actor.loadWidgetScript[0]'] },
      },
    },
    widgetOpen: {
      real: ['payment.paying', 'payment.paying.requestingOptions', 'payment.paying.loadingWidget', 'payment.paying.charging'],
      on: {
        PAY_GOOD_CARD: { target: 'paid', real: ['payment.paying.charging widget.success[0]', 'payment.succeeded xstate.done.actor.refreshUser[0]'] },
        PAY_DECLINED_CARD: { target: 'declined', real: ['payment.paying.charging widget.fail[0]'] },
        CLOSE_WIDGET: { target: 'closed', real: ['payment.paying.charging widget.close[0]'] },
        // Paid, but the user cannot be fetched again: the session resets (spec 4), the payment still succeeded.
        PAY_GOOD_CARD_USER_FAILS: { target: 'paidSessionLost', real: ['payment.paying.charging widget.success[0]', 'payment.succeeded xstate.error.actor.refreshUser[0]'] },
      },
    },
    paid: { real: ['payment.succeeded', 'payment.selecting'] },
    paidSessionLost: { real: ['payment.succeeded', 'payment.selecting'] },
    declined: { real: ['payment.selecting'] },
    closed: { real: ['payment.selecting'] },
    notStarted: { real: ['payment.paying.requestingOptions', 'payment.selecting'] },
    widgetMissing: { real: ['payment.paying.loadingWidget', 'payment.selecting'] },
  },
  ...paymentUnreachable,
}

/** Spec 3: a guest picks a plan, signs in, and is back on the premium page with it. */
export const guestPaymentModel: BrowserModel = {
  machine: paymentMachine,
  traversal: 'shortest',
  initial: 'guest',
  initialReal: PREMIUM_LOAD,
  states: {
    guest: { real: ['payment.checkingService', 'payment.restoring', 'payment.selecting'], on: { CHOOSE_PLAN: { target: 'atLogin', real: ['payment.selecting plan.select[0]'] } } },
    atLogin: {
      real: ['payment.selecting'],
      // Back on the premium page: the stored plan is read, the way back used up (`selecting` always).
      on: { SIGN_IN: { target: 'backWithPlan', real: ['payment.restoring xstate.done.actor.readStoredState[0]', 'payment.selecting always[0]'] } },
    },
    backWithPlan: { real: ['payment.selecting'] },
  },
  ...paymentUnreachable,
}

const SIGN_IN = ['auth.loggedOut auth.login[0]', 'auth.loggingIn.verifying xstate.done.actor.login[0]']
const USER_REFRESH = 'auth.loggedIn.active user.refresh[0]'

/**
 * Spec 3, 4, 7, 8: sign-in by code and by the e-mailed link, a returning visitor whose session
 * is restored (with and without a stored expiry), the user fetched again after an account
 * action, logout, an expired token, and the backend failing while the user is fetched.
 */
export const authModel: BrowserModel = {
  machine: authMachine,
  traversal: 'shortest',
  initial: 'guest',
  // /en/login without a session.
  initialReal: ['auth.restoring always[2]'],
  states: {
    guest: {
      real: ['auth.restoring', 'auth.loggedOut'],
      on: {
        SIGN_IN_WITH_CODE: { target: 'signedIn', real: [...SIGN_IN, 'auth.loggingIn.fetchingUser xstate.done.actor.fetchUser[0]'] },
        WRONG_CODE: { target: 'wrongCode', real: ['auth.loggedOut auth.login[0]', 'auth.loggingIn.verifying xstate.error.actor.login[0]'] },
        // /login/{code} from the dev mailbox: a new document, signed in after hydration.
        SIGN_IN_WITH_LINK: { target: 'signedInByLink', real: ['auth.restoring always[2]', ...SIGN_IN, 'auth.loggingIn.fetchingUser xstate.done.actor.fetchUser[0]'] },
        SIGN_IN_USER_FAILS: { target: 'signInFailed', real: [...SIGN_IN, 'auth.loggingIn.fetchingUser xstate.error.actor.fetchUser[0]'] },
        // A session stored by an earlier visit: logged in on the first paint and after hydration.
        RETURN_WITH_SESSION: { target: 'returning', real: ['auth.restoring always[1]', 'auth.loggedIn.validating always[0]'] },
        // Only the token is stored: it counts from now for 1800 s, and the expiry is stored back (spec 9).
        RETURN_WITHOUT_EXPIRY: { target: 'returningNoExpiry', real: ['auth.restoring always[0]', 'auth.loggedIn.validating always[0]'] },
      },
    },
    wrongCode: { real: ['auth.loggingIn', 'auth.loggingIn.verifying', 'auth.loggedOut'] },
    signedIn: {
      real: ['auth.loggingIn', 'auth.loggingIn.verifying', 'auth.loggingIn.fetchingUser', 'auth.loggedIn', 'auth.loggedIn.active'],
      on: {
        OPEN_ACCOUNT: { target: 'onAccount', real: ['auth.loggedIn.active token.check[0]', 'auth.loggedIn.validating always[0]'] },
        LOG_OUT: { target: 'loggedOut', real: ['auth.loggedIn auth.logout[0]'] },
      },
    },
    signedInByLink: { real: ['auth.loggingIn.verifying', 'auth.loggingIn.fetchingUser', 'auth.loggedIn.active'] },
    signInFailed: { real: ['auth.loggingIn.fetchingUser', 'auth.loggedOut'] },
    returning: {
      real: ['auth.restoring', 'auth.loggedIn', 'auth.loggedIn.validating', 'auth.loggedIn.active'],
      on: { RESET_DEVICE: { target: 'deviceReset', real: [USER_REFRESH, 'auth.loggedIn.fetchingUser xstate.done.actor.refreshUser[0]'] } },
    },
    returningNoExpiry: { real: ['auth.restoring', 'auth.loggedIn.validating', 'auth.loggedIn.active'] },
    deviceReset: { real: ['auth.loggedIn.fetchingUser', 'auth.loggedIn.active'] },
    onAccount: {
      real: ['auth.loggedIn.validating', 'auth.loggedIn.active'],
      on: {
        TOKEN_EXPIRES: { target: 'expired', real: ['auth.loggedIn.active token.check[0]', 'auth.loggedIn.validating always[3]'] },
        CHANGE_EMAIL: { target: 'emailPending', real: [USER_REFRESH, 'auth.loggedIn.fetchingUser xstate.done.actor.refreshUser[0]'] },
        REFRESH_FAILS: { target: 'refreshFailed', real: [USER_REFRESH, 'auth.loggedIn.fetchingUser xstate.error.actor.refreshUser[0]'] },
        LOG_OUT: { target: 'loggedOut', real: ['auth.loggedIn auth.logout[0]'] },
      },
    },
    loggedOut: { real: ['auth.loggedOut'] },
    expired: { real: ['auth.loggedIn.validating', 'auth.loggedOut'] },
    emailPending: { real: ['auth.loggedIn.fetchingUser', 'auth.loggedIn.active'] },
    refreshFailed: { real: ['auth.loggedIn.fetchingUser', 'auth.loggedOut'] },
  },
  unreachable: {
    'auth.loggedIn.refreshing': 'the backend issues no refresh tokens, so a session never has one to refresh',
  },
  unreachableTransitions: {
    'auth.loggedOut auth.callback[0]': 'the site never sends auth.callback: sign-in by link goes through auth.login with the link code (GET /users/auth/{code})',
    'auth.loggedIn.validating always[1]':
      "a valid session without its user is rendered only when the server's own GET /users/me fails with other than 401; a browser cannot make the server's request fail (the machine-path tests cover it)",
    'auth.loggedIn.validating always[2]': 'the backend issues no refresh tokens, so an expired session can never be refreshed',
  },
}

/** The locale machine's transitions of a first page load, with and without a form on the page. */
const LOAD = {
  page: ['locale.loading.messages xstate.done.actor.loadMessages[1]', 'locale.loading xstate.done.state.locale.loading[1]'],
  // The form asks for the validation messages while the language loads (`validation.need` in loading).
  form: [
    'locale.loading validation.need[0]',
    'locale.loading.messages xstate.done.actor.loadMessages[0]',
    'locale.loading.validation xstate.done.actor.loadValidationMessages[0]',
    'locale.loading xstate.done.state.locale.loading[1]',
  ],
}

/**
 * Spec 2, 4, 8: the language switcher and the on-demand validation messages. A change is taken
 * by the machine on the page (store the cookie, load, navigate), then the new document loads
 * the language again; a form page asks for its validation messages, which follow the language.
 */
export const localeModel: BrowserModel = {
  machine: localeMachine,
  traversal: 'shortest',
  initial: 'faq',
  initialReal: LOAD.page,
  states: {
    // /faq: the unprefixed English page, no form (the validation messages are not asked for, decision 024).
    faq: {
      real: ['locale.loading', 'locale.loading.messages', 'locale.loading.done', 'locale.ready'],
      on: {
        PICK_CURRENT: { target: 'faqEn', real: ['locale locale.change[1]', ...LOAD.page] },
        SWITCH_TO_RU: {
          target: 'faqRu',
          real: ['locale locale.change[0]', 'locale.loading.messages xstate.done.actor.loadMessages[1]', 'locale.loading xstate.done.state.locale.loading[0]', ...LOAD.page],
        },
      },
    },
    faqEn: { real: ['locale.loading', 'locale.loading.messages', 'locale.loading.done', 'locale.ready'] },
    faqRu: {
      real: ['locale.loading', 'locale.loading.messages', 'locale.loading.done', 'locale.ready'],
      on: {
        // A client-side navigation: the form asks once the language is loaded (`validation.need` in ready).
        OPEN_LOGIN: {
          target: 'loginRu',
          real: ['locale.ready validation.need[0]', 'locale.loading.validation xstate.done.actor.loadValidationMessages[0]', 'locale.loading xstate.done.state.locale.loading[1]'],
        },
      },
    },
    loginRu: {
      real: ['locale.ready', 'locale.loading.validation', 'locale.loading.done'],
      on: {
        SWITCH_TO_DE: {
          target: 'loginDe',
          real: [
            'locale locale.change[0]',
            'locale.loading.messages xstate.done.actor.loadMessages[0]',
            'locale.loading.validation xstate.done.actor.loadValidationMessages[0]',
            'locale.loading xstate.done.state.locale.loading[0]',
            ...LOAD.form,
          ],
        },
        // de.json and en.json both missing: the toast, and the built-in English messages stay.
        SWITCH_TO_DE_WITHOUT_FILES: {
          target: 'loginDeBuiltIn',
          real: [
            'locale locale.change[0]',
            'locale.loading.messages xstate.done.actor.loadMessages[0]',
            'locale.loading.validation xstate.error.actor.loadValidationMessages[0]',
            'locale.loading.englishValidation xstate.error.actor.loadEnglishValidationMessages[0]',
            'locale.loading xstate.done.state.locale.loading[0]',
          ],
        },
      },
    },
    loginDe: {
      real: ['locale.loading', 'locale.loading.messages', 'locale.loading.validation', 'locale.loading.done', 'locale.ready'],
      on: {
        // ru.json missing: the validation messages fall back to English.
        SWITCH_TO_RU_WITHOUT_ITS_FILE: {
          target: 'loginRuFallback',
          real: [
            'locale locale.change[0]',
            'locale.loading.messages xstate.done.actor.loadMessages[0]',
            'locale.loading.validation xstate.error.actor.loadValidationMessages[0]',
            'locale.loading.englishValidation xstate.done.actor.loadEnglishValidationMessages[0]',
            'locale.loading xstate.done.state.locale.loading[0]',
          ],
        },
        // Russian picked while the German validation file is still loading, then English: the last pick wins.
        SWITCH_TWICE_WHILE_LOADING: { target: 'loginEn', real: ['locale locale.change[0]', 'locale.loading xstate.done.state.locale.loading[0]'] },
      },
    },
    loginRuFallback: { real: ['locale.loading.validation', 'locale.loading.englishValidation', 'locale.loading.done', 'locale.ready'] },
    loginDeBuiltIn: { real: ['locale.loading.validation', 'locale.loading.englishValidation', 'locale.loading.done', 'locale.ready'] },
    loginEn: { real: ['locale.loading', 'locale.loading.messages', 'locale.loading.done', 'locale.ready'] },
  },
  unreachable: {
    'locale.loading.englishMessages': 'the page messages are compiled into the bundle per locale (decision 008): loading them cannot fail in a browser',
  },
  unreachableTransitions: {
    'locale.loading.messages xstate.error.actor.loadMessages[0]': 'the page messages are compiled into the bundle per locale (decision 008): loading them cannot fail in a browser',
  },
}
