/** The test models of the payment, auth and locale machines (see model.ts). */
import { authMachine, localeMachine, paymentMachine } from '../../../machines/index'
import type { BrowserModel } from './model'

/** Every premium page load: the stored premium state is read first, and the session is passed in. */
const PREMIUM_LOAD = ['payment.checkingService always[0]', 'payment.restoring xstate.done.actor.readStoredState[0]', 'payment auth.changed[0]']
const PAY = ['payment.selecting payment.submit[0]', 'payment.paying.requestingOptions xstate.done.actor.createPayment[0]']
/** Decision 053: the widget said success; the backend is asked whether the provider's notification has arrived. */
const CHECK = 'payment.paying.confirming.checking'
const CONFIRMED = [`${CHECK} xstate.done.actor.checkPayment[0]`, 'payment.succeeded xstate.done.actor.refreshUser[0]']
/** Not confirmed after every check (six over about 20 s): the pending notice. */
const NOT_CONFIRMED = [`${CHECK} xstate.done.actor.checkPayment[1]`, 'payment.paying.confirming.waiting xstate.done.actor.wait[0]', `${CHECK} xstate.done.actor.checkPayment[2]`]

const paymentUnreachable: Pick<BrowserModel, 'unreachable' | 'unreachableTransitions'> = {
  unreachable: {
    'payment.unavailable':
      'needs an unknown PAYMENT_SERVICE, which the site refuses at start (ConfigError); the component state is in the stories',
  },
  unreachableTransitions: {
    'payment.checkingService always[1]': 'the site always reads the stored premium state first (restoreStored), so the service check never goes straight to selecting',
    'payment.restoring xstate.error.actor.readStoredState[0]': 'readPremiumState answers null for a missing or unreadable stored state; it never rejects',
    'payment.restoring plan.select[0]': 'restoring lasts one read of sessionStorage before the page is interactive: no click lands in it (the machine-path tests send it)',
    'payment.restoring plan.select[1]': 'restoring lasts one read of sessionStorage before the page is interactive: no click lands in it (the machine-path tests send it)',
    'payment.restoring offer.take[0]': 'restoring lasts one read of sessionStorage before the page is interactive: no click lands in it (the machine-path tests send it)',
    'payment.restoring agreement.set[0]': 'restoring lasts one read of sessionStorage before the page is interactive: no click lands in it (the machine-path tests send it)',
    'payment.selecting offer.take[0]': "the special offer needs a subscriber the backend has an offer for; taking it from the account page is account.spec.ts's offer test",
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
        PAY_GOOD_CARD: { target: 'paid', real: ['payment.paying.charging widget.success[0]', ...CONFIRMED] },
        // The provider's notification comes 30 s after the charge (card 4000 0000 0000 0077).
        PAY_LATE_CARD: { target: 'pending', real: ['payment.paying.charging widget.success[0]', ...NOT_CONFIRMED] },
        // The backend cannot be asked about the payment (GET /payments/{id} answers 503).
        PAY_CHECK_FAILS: {
          target: 'pendingAfterErrors',
          real: ['payment.paying.charging widget.success[0]', `${CHECK} xstate.error.actor.checkPayment[0]`, 'payment.paying.confirming.waiting xstate.done.actor.wait[0]', `${CHECK} xstate.error.actor.checkPayment[1]`],
        },
        PAY_DECLINED_CARD: { target: 'declined', real: ['payment.paying.charging widget.fail[0]'] },
        CLOSE_WIDGET: { target: 'closed', real: ['payment.paying.charging widget.close[0]'] },
        // Paid, but the user cannot be fetched again: the session resets (spec 4), the payment still succeeded.
        PAY_GOOD_CARD_USER_FAILS: {
          target: 'paidSessionLost',
          real: ['payment.paying.charging widget.success[0]', `${CHECK} xstate.done.actor.checkPayment[0]`, 'payment.succeeded xstate.error.actor.refreshUser[0]'],
        },
      },
    },
    paid: { real: ['payment.paying.confirming', CHECK, 'payment.succeeded', 'payment.selecting'] },
    pending: {
      real: [CHECK, 'payment.paying.confirming.waiting', 'payment.unconfirmed'],
      // The notification has arrived; the visitor looks again from the notice.
      on: { RECHECK: { target: 'paidLate', real: ['payment.unconfirmed payment.recheck[0]', ...CONFIRMED] } },
    },
    pendingAfterErrors: { real: [CHECK, 'payment.paying.confirming.waiting', 'payment.unconfirmed'] },
    paidLate: { real: ['payment.unconfirmed', 'payment.succeeded', 'payment.selecting'] },
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

const SIGN_IN = ['auth.loggedOut auth.login[0]', 'auth.loggingIn.code xstate.done.actor.verifyCode[0]']
/** The next navigation checks the token first (spec 4): it has expired, and a refresh token is stored. */
const CHECK_EXPIRED = ['auth.loggedIn.active token.check[0]', 'auth.loggedIn.validating always[2]']
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
        WRONG_CODE: { target: 'wrongCode', real: ['auth.loggedOut auth.login[0]', 'auth.loggingIn.code xstate.error.actor.verifyCode[0]'] },
        // /login/{code} from the dev mailbox: a new document, signed in after hydration.
        SIGN_IN_WITH_LINK: {
          target: 'signedInByLink',
          real: ['auth.restoring always[2]', 'auth.loggedOut auth.login[1]', 'auth.loggingIn.link xstate.done.actor.signInByLink[0]', 'auth.loggingIn.fetchingUser xstate.done.actor.fetchUser[0]'],
        },
        // A link whose code the backend does not know (used, expired or mistyped): its page says so.
        OPEN_BAD_LINK: { target: 'badLink', real: ['auth.restoring always[2]', 'auth.loggedOut auth.login[1]', 'auth.loggingIn.link xstate.error.actor.signInByLink[0]'] },
        SIGN_IN_USER_FAILS: { target: 'signInFailed', real: [...SIGN_IN, 'auth.loggingIn.fetchingUser xstate.error.actor.fetchUser[0]'] },
        // A session stored by an earlier visit: logged in on the first paint and after hydration.
        RETURN_WITH_SESSION: { target: 'returning', real: ['auth.restoring always[1]', 'auth.loggedIn.validating always[0]'] },
        // Only the token is stored: it counts from now for 1800 s, and the expiry is stored back (spec 9).
        RETURN_WITHOUT_EXPIRY: { target: 'returningNoExpiry', real: ['auth.restoring always[0]', 'auth.loggedIn.validating always[0]'] },
      },
    },
    wrongCode: { real: ['auth.loggingIn', 'auth.loggingIn.code', 'auth.loggedOut'] },
    signedIn: {
      real: ['auth.loggingIn', 'auth.loggingIn.code', 'auth.loggingIn.fetchingUser', 'auth.loggedIn', 'auth.loggedIn.active'],
      on: {
        OPEN_ACCOUNT: { target: 'onAccount', real: ['auth.loggedIn.active token.check[0]', 'auth.loggedIn.validating always[0]'] },
        LOG_OUT: { target: 'loggedOut', real: ['auth.loggedIn auth.logout[0]'] },
        // Token and refresh token both over, on a page anyone may see: a guest again, quietly (spec 4, 8).
        SESSION_ENDS_ON_PUBLIC_PAGE: { target: 'signedOutQuietly', real: ['auth.loggedIn.active token.check[0]', 'auth.loggedIn.validating always[4]'] },
        // The token is over and the backend refuses the refresh token, on a page anyone may see.
        REFRESH_REFUSED_ON_PUBLIC_PAGE: { target: 'signedOutAfterRefusal', real: [...CHECK_EXPIRED, 'auth.loggedIn.refreshing xstate.error.actor.refreshToken[1]'] },
      },
    },
    signedInByLink: { real: ['auth.loggingIn.link', 'auth.loggingIn.fetchingUser', 'auth.loggedIn.active'] },
    signedOutQuietly: { real: ['auth.loggedIn.validating', 'auth.loggedOut'] },
    signedOutAfterRefusal: { real: ['auth.loggedIn.refreshing', 'auth.loggedOut'] },
    badLink: { real: ['auth.loggingIn.link', 'auth.loggedOut'] },
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
        // Token and refresh token both over (spec 4, 8): ExpiredAuthSessionError, the toast, the login page.
        TOKEN_EXPIRES: { target: 'expired', real: ['auth.loggedIn.active token.check[0]', 'auth.loggedIn.validating always[3]'] },
        // The token is over during the visit: the refresh token gets a new pair, the visitor stays signed in.
        TOKEN_EXPIRES_REFRESHED: {
          target: 'refreshed',
          real: [...CHECK_EXPIRED, 'auth.loggedIn.refreshing xstate.done.actor.refreshToken[0]', 'auth.loggedIn.validating always[0]'],
        },
        // The token is over and the backend refuses the refresh token (used up elsewhere): as expired.
        REFRESH_REFUSED: { target: 'expiredAfterRefusal', real: [...CHECK_EXPIRED, 'auth.loggedIn.refreshing xstate.error.actor.refreshToken[0]'] },
        CHANGE_EMAIL: { target: 'emailPending', real: [USER_REFRESH, 'auth.loggedIn.fetchingUser xstate.done.actor.refreshUser[0]'] },
        REFRESH_FAILS: { target: 'refreshFailed', real: [USER_REFRESH, 'auth.loggedIn.fetchingUser xstate.error.actor.refreshUser[0]'] },
        LOG_OUT: { target: 'loggedOut', real: ['auth.loggedIn auth.logout[0]'] },
      },
    },
    loggedOut: { real: ['auth.loggedOut'] },
    refreshed: { real: ['auth.loggedIn.refreshing', 'auth.loggedIn.validating', 'auth.loggedIn.active'] },
    expired: { real: ['auth.loggedIn.validating', 'auth.loggedOut'] },
    expiredAfterRefusal: { real: ['auth.loggedIn.refreshing', 'auth.loggedOut'] },
    emailPending: { real: ['auth.loggedIn.fetchingUser', 'auth.loggedIn.active'] },
    refreshFailed: { real: ['auth.loggedIn.fetchingUser', 'auth.loggedOut'] },
  },
  unreachable: {
    'auth.loggingIn.callback': 'Steam sign-in (the OpenID sandbox, auth.callback) has its own browser tests in steam.spec.ts: tampered, replayed and expired answers, remembered targets',
    'auth.loggingIn.confirm': 'sign-in by confirming an e-mail with a password has its own browser tests (forms-without-js.spec.ts, account.spec.ts)',
    'auth.loggedIn.renewing': "confirming the signed-in account's own e-mail has its own browser tests (account.spec.ts)",
  },
  unreachableTransitions: {
    'auth.loggedIn.validating always[1]':
      "a valid session without its user is rendered only when the server's own GET /users/me fails with other than 401; a browser cannot make the server's request fail (the machine-path tests cover it)",
    'auth.loggedIn.active auth.login[0]': "confirming the signed-in account's own e-mail has its own browser tests (account.spec.ts)",
    'auth.loggedOut auth.callback[0]': 'Steam sign-in has its own browser tests (steam.spec.ts)',
    'auth.loggedOut auth.login[2]': 'sign-in by confirming an e-mail has its own browser tests (forms-without-js.spec.ts, account.spec.ts)',
  },
}

/** The locale machine's transitions of a document load, with and without a form on the page. */
const VALIDATION_LOADS = ['locale.ready validation.need[0]', 'locale.loading.validation xstate.done.actor.loadValidationMessages[0]', 'locale.loading xstate.done.state.locale.loading[1]']
const LOAD = {
  // A page is in its language as it is painted: nothing to load (decision 026).
  page: ['locale.starting always[1]'],
  // A form on the page asks for its validation messages once (`validation.need` in ready).
  form: ['locale.starting always[1]', ...VALIDATION_LOADS],
}
/** The switch taken on a page whose form has its validation messages: both files load, then the new document. */
const SWITCH_ON_FORM = ['locale locale.change[0]', 'locale.loading.messages xstate.done.actor.loadMessages[0]']
const LOADING_STATES = ['locale.loading', 'locale.loading.messages', 'locale.loading.done']

/**
 * Spec 2, 4, 8: the language switcher, the on-demand validation messages and the language files.
 * A change is taken by the machine on the page (store the cookie, load that language's files,
 * navigate), then the new document starts in its language; a form page asks for its validation
 * messages, which follow the language; a language whose files fail falls back to English.
 */
export const localeModel: BrowserModel = {
  machine: localeMachine,
  traversal: 'shortest',
  initial: 'faq',
  initialReal: LOAD.page,
  states: {
    // /faq: the unprefixed English page, no form (the validation messages are not asked for, decision 024).
    faq: {
      real: ['locale.starting', 'locale.ready'],
      on: {
        PICK_CURRENT: { target: 'faqEn', real: ['locale locale.change[1]', ...LOAD.page] },
        SWITCH_TO_RU: {
          target: 'faqRu',
          real: ['locale locale.change[0]', 'locale.loading.messages xstate.done.actor.loadMessages[1]', 'locale.loading xstate.done.state.locale.loading[0]', ...LOAD.page],
        },
        // The Russian files cannot be fetched: English's files, and the page stays in English with the language toast.
        SWITCH_TO_RU_WITHOUT_LANGUAGE_FILES: {
          target: 'faqEnFallback',
          real: ['locale locale.change[0]', 'locale.loading.messages xstate.error.actor.loadMessages[0]', 'locale.loading.englishMessages xstate.done.actor.loadEnglishMessages[1]'],
        },
      },
    },
    faqEn: { real: ['locale.starting', 'locale.ready'] },
    faqEnFallback: { real: [...LOADING_STATES, 'locale.loading.englishMessages', 'locale.ready'] },
    faqRu: {
      real: [...LOADING_STATES, 'locale.ready'],
      on: {
        // A client-side navigation: the form asks for its validation messages.
        OPEN_LOGIN: { target: 'loginRu', real: VALIDATION_LOADS },
      },
    },
    loginRu: {
      real: ['locale.ready', 'locale.loading.validation', 'locale.loading.done'],
      on: {
        SWITCH_TO_DE: {
          target: 'loginDe',
          real: [...SWITCH_ON_FORM, 'locale.loading.validation xstate.done.actor.loadValidationMessages[0]', 'locale.loading xstate.done.state.locale.loading[0]', ...LOAD.form],
        },
        // de.json and en.json both missing: the toast, and the built-in English messages stay.
        SWITCH_TO_DE_WITHOUT_FILES: {
          target: 'loginDeBuiltIn',
          real: [
            ...SWITCH_ON_FORM,
            'locale.loading.validation xstate.error.actor.loadValidationMessages[0]',
            'locale.loading.englishValidation xstate.error.actor.loadEnglishValidationMessages[0]',
            'locale.loading xstate.done.state.locale.loading[0]',
            'locale.starting always[1]',
            'locale.ready validation.need[0]',
            'locale.loading xstate.done.state.locale.loading[1]',
          ],
        },
        // The German language files cannot be fetched on the login form: English's files and its validation messages, then the English page.
        SWITCH_TO_DE_WITHOUT_LANGUAGE_FILES: {
          target: 'loginEnFallback',
          real: [
            'locale locale.change[0]',
            'locale.loading.messages xstate.error.actor.loadMessages[0]',
            'locale.loading.englishMessages xstate.done.actor.loadEnglishMessages[0]',
            'locale.loading.validation xstate.done.actor.loadValidationMessages[0]',
            'locale.loading xstate.done.state.locale.loading[0]',
            ...LOAD.form,
          ],
        },
      },
    },
    loginDe: {
      real: [...LOADING_STATES, 'locale.loading.validation', 'locale.ready'],
      on: {
        // ru.json missing: the validation messages fall back to English.
        SWITCH_TO_RU_WITHOUT_ITS_FILE: {
          target: 'loginRuFallback',
          real: [
            ...SWITCH_ON_FORM,
            'locale.loading.validation xstate.error.actor.loadValidationMessages[0]',
            'locale.loading.englishValidation xstate.done.actor.loadEnglishValidationMessages[0]',
            'locale.loading xstate.done.state.locale.loading[0]',
            'locale.starting always[1]',
            'locale.ready validation.need[0]',
            'locale.loading xstate.done.state.locale.loading[1]',
          ],
        },
        // Russian picked while the German page loads Russian's files, then English: the last pick wins.
        SWITCH_TWICE_WHILE_LOADING: { target: 'loginEn', real: ['locale locale.change[0]', 'locale.loading xstate.done.state.locale.loading[0]'] },
      },
    },
    loginRuFallback: { real: ['locale.loading.validation', 'locale.loading.englishValidation', 'locale.loading.done', 'locale.ready'] },
    loginDeBuiltIn: { real: ['locale.loading.validation', 'locale.loading.englishValidation', 'locale.loading.done', 'locale.ready'] },
    loginEn: { real: [...LOADING_STATES, 'locale.ready'] },
    loginEnFallback: { real: [...LOADING_STATES, 'locale.loading.englishMessages', 'locale.loading.validation', 'locale.ready'] },
  },
  unreachable: {},
  unreachableTransitions: {
    'locale.loading validation.need[0]':
      'a form asks for its validation messages once, as it mounts; a switch is made from a page whose form has asked already, and the switch is over before a link can mount another form (the machine-path tests send it)',
    'locale.starting always[0]':
      "the server answers `/` with a redirect to the decided language and sets i18n_redirected itself (foundation.spec.ts reads the header): no page hydrates at the root on this site's single domain",
    'locale.loading.englishMessages xstate.error.actor.loadEnglishMessages[0]':
      "English's files are the built-in language's build; when they cannot be fetched either, the English page cannot load at all (the machine-path tests check the machine stays in English)",
    'locale.loading.englishMessages xstate.error.actor.loadEnglishMessages[1]':
      "English's files are the built-in language's build; when they cannot be fetched either, the English page cannot load at all (the machine-path tests check the machine stays in English)",
  },
}
