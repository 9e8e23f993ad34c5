/** The test models of the payment, auth and locale machines (see model.ts). */
import { authMachine, localeMachine, paymentMachine } from '../../../machines/index'
import type { BrowserModel } from './model'

export const paymentModel: BrowserModel = {
  machine: paymentMachine,
  traversal: 'shortest',
  initial: 'noPlan',
  states: {
    noPlan: {
      real: ['payment.checkingService', 'payment.selecting'],
      on: {
        CHOOSE_PLAN: { target: 'planChosen', real: ['payment.checkingService always[0]', 'payment.selecting plan.select[1]'] },
      },
    },
    planChosen: { real: ['payment.selecting'], on: { TICK_AGREEMENTS: { target: 'ready', real: ['payment.selecting agreement.set[0]'] } } },
    ready: {
      real: ['payment.selecting'],
      on: {
        PAY: {
          target: 'widgetOpen',
          real: ['payment.selecting payment.submit[0]', 'payment.paying.requestingOptions xstate.done.actor.createPayment[0]', 'payment.paying.loadingWidget xstate.done.actor.loadWidgetScript[0]'],
        },
      },
    },
    widgetOpen: {
      real: ['payment.paying', 'payment.paying.requestingOptions', 'payment.paying.loadingWidget', 'payment.paying.charging'],
      on: {
        PAY_GOOD_CARD: { target: 'paid', real: ['payment.paying.charging widget.success[0]', 'payment.succeeded xstate.done.actor.refreshUser[0]'] },
        PAY_DECLINED_CARD: { target: 'declined', real: ['payment.paying.charging widget.fail[0]'] },
        CLOSE_WIDGET: { target: 'closed', real: ['payment.paying.charging widget.close[0]'] },
      },
    },
    paid: { real: ['payment.succeeded', 'payment.selecting'] },
    declined: { real: ['payment.selecting'] },
    closed: { real: ['payment.selecting'] },
  },
  unreachable: {
    'payment.unavailable':
      'needs an unknown PAYMENT_SERVICE, which the site refuses at start (ConfigError); the component state is in the stories',
  },
}

export const guestPaymentModel: BrowserModel = {
  machine: paymentMachine,
  traversal: 'shortest',
  initial: 'guest',
  states: {
    guest: { real: ['payment.checkingService', 'payment.selecting'], on: { CHOOSE_PLAN: { target: 'atLogin', real: ['payment.selecting plan.select[0]'] } } },
    atLogin: { real: ['payment.selecting'], on: { SIGN_IN: { target: 'backWithPlan', real: ['payment.selecting redirect.consumed[0]', 'payment auth.changed[0]'] } } },
    backWithPlan: { real: ['payment.selecting'] },
  },
  unreachable: paymentModel.unreachable,
}

export const authModel: BrowserModel = {
  machine: authMachine,
  traversal: 'shortest',
  initial: 'guest',
  states: {
    guest: {
      real: ['auth.restoring', 'auth.loggedOut'],
      on: {
        SIGN_IN_WITH_CODE: {
          target: 'signedIn',
          real: ['auth.restoring always[1]', 'auth.loggedOut auth.login[0]', 'auth.loggingIn.verifying xstate.done.actor.login[0]', 'auth.loggingIn.fetchingUser xstate.done.actor.fetchUser[0]'],
        },
        WRONG_CODE: { target: 'wrongCode', real: ['auth.restoring always[1]', 'auth.loggedOut auth.login[0]', 'auth.loggingIn.verifying xstate.error.actor.login[0]'] },
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
    onAccount: {
      real: ['auth.loggedIn.validating', 'auth.loggedIn.active'],
      on: {
        TOKEN_EXPIRES: { target: 'expired', real: ['auth.loggedIn.active token.check[0]', 'auth.loggedIn.validating always[3]'] },
        LOG_OUT: { target: 'loggedOut', real: ['auth.loggedIn auth.logout[0]'] },
      },
    },
    loggedOut: { real: ['auth.loggedOut'] },
    expired: { real: ['auth.loggedIn.validating', 'auth.loggedOut'] },
  },
  unreachable: {
    'auth.loggedIn.refreshing': 'the backend issues no refresh tokens, so a session never has one to refresh',
  },
}

export const localeModel: BrowserModel = {
  machine: localeMachine,
  traversal: 'simple',
  initial: 'en',
  states: Object.fromEntries(
    (['en', 'ru', 'de'] as const).map((locale) => [
      locale,
      {
        // The FAQ has no form: the validation messages are not asked for (decision 024).
        real: ['locale.loading', 'locale.loading.messages', 'locale.loading.done', 'locale.ready'],
        on: Object.fromEntries(
          (['en', 'ru', 'de'] as const)
            .filter((other) => other !== locale)
            .map((other) => [
              `SWITCH_TO_${other.toUpperCase()}`,
              {
                target: other,
                real: [
                  'locale.ready locale.change[0]',
                  'locale.loading.messages xstate.done.actor.loadMessages[1]',
                  'locale.loading xstate.done.state.locale.loading[0]',
                ],
              },
            ]),
        ),
      },
    ]),
  ),
  unreachable: {
    'locale.loading.englishMessages': 'the page messages are compiled into the bundle per locale; loading them cannot fail in a browser',
    'locale.loading.englishValidation': 'needs the validation file of a locale to be missing from the build',
  },
}
