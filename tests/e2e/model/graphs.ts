/**
 * The browser models of the payment, auth and locale machines (decision 074): the starts of a
 * visit, and for every browser step the real events it sends the machine the site runs. Paths
 * come from the real machine's graph (graph.ts); what each page must show is in the specs.
 */
import { authMachine, localeMachine, paymentMachine } from '#machines/index.ts'
import type { Snap, TestEvent } from '../../machines/harness.ts'
import { type BrowserGraph, hasLeft, type RealEvent } from './graph.ts'

const LEAVE = { leave: true } as const
const loggedIn = (s: Snap) => (s.context as { loggedIn: boolean }).loggedIn

const repeat = <T>(times: number, items: readonly T[]): T[] => Array.from({ length: times }, () => items).flat()

// --- payment ----------------------------------------------------------------------------------

/** Decision 053: the backend is asked six times whether the provider's notification is in. */
const CHECKS = 6
/** The plan the tests choose, as the backend lists it in English. */
const MONTH = { id: 3, name: '30 days', days: 30, prices: { using: { actual: 6.99, old: 9.99, currency: 'USD' } } }
const OPTIONS = { amount: 6.99, currency: 'USD', payment_id: 41, user_id: 7, email: 'player@example.com', tax_system_id: 0 }

const SUCCESS: TestEvent = { type: 'widget.success' }
const CONFIRMED: TestEvent[] = [SUCCESS, { type: 'xstate.done.actor.checkPayment', output: 'paid' }]
/** Every check answers "not yet" (the notification comes 30 s after the charge). */
const NOT_CONFIRMED: TestEvent[] = [
  ...repeat(CHECKS - 1, [{ type: 'xstate.done.actor.checkPayment', output: 'pending' }, { type: 'xstate.done.actor.wait' }]),
  { type: 'xstate.done.actor.checkPayment', output: 'pending' },
]
const CHECK_FAILS: TestEvent[] = [
  ...repeat(CHECKS - 1, [{ type: 'xstate.error.actor.checkPayment', error: new Error('GET /payments/41: 503') }, { type: 'xstate.done.actor.wait' }]),
  { type: 'xstate.error.actor.checkPayment', error: new Error('GET /payments/41: 503') },
]
const SUBMIT: TestEvent = { type: 'payment.submit' }
const OPTIONS_IN: TestEvent = { type: 'xstate.done.actor.createPayment', output: OPTIONS }

export type PaymentStep =
  | 'CHOOSE_PLAN'
  | 'TICK_AGREEMENTS'
  | 'PAY'
  | 'PAY_OPTIONS_FAIL'
  | 'PAY_SCRIPT_FAILS'
  | 'PAY_GOOD_CARD'
  | 'PAY_LATE_CARD'
  | 'PAY_CHECK_FAILS'
  | 'PAY_DECLINED_CARD'
  | 'CLOSE_WIDGET'
  | 'PAY_GOOD_CARD_USER_FAILS'
  | 'RECHECK'
  | 'SIGN_IN'

const paymentInput = (loggedIn: boolean) => ({
  locale: 'en',
  loggedIn,
  activeService: 'cloudpayments',
  publicId: 'pk_sandbox',
  payselection: { serviceId: '21000', publicKey: 'sandbox' },
  plans: [{ plan: MONTH, label: '30 days' }],
  restoreStored: true,
})

/** R3, R4, R7, R8, R9: a signed-in visitor pays, is declined, closes the widget, the payment cannot start, the confirmation is late; a guest picks a plan first. */
export const paymentGraph: BrowserGraph<PaymentStep, 'signedIn' | 'guest'> = {
  machine: paymentMachine,
  starts: {
    // /en/premium with a session: nothing stored, the session passed in.
    signedIn: {
      input: paymentInput(true),
      load: [
        { type: 'xstate.done.actor.readStoredState', output: null },
        { type: 'auth.changed', loggedIn: true },
      ],
    },
    guest: {
      input: paymentInput(false),
      load: [
        { type: 'xstate.done.actor.readStoredState', output: null },
        { type: 'auth.changed', loggedIn: false },
      ],
    },
  },
  steps: {
    // A guest is sent to the login page with the plan remembered.
    CHOOSE_PLAN: { events: (before) => [{ type: 'plan.select', subscription: MONTH, label: '30 days' }, ...(loggedIn(before) ? [] : [LEAVE])] },
    TICK_AGREEMENTS: {
      events: () => [
        { type: 'agreement.set', agreement: 'premium', value: true },
        { type: 'agreement.set', agreement: 'promo', value: true },
      ],
    },
    // A guest's plan is remembered on the way to the login page; signed in, the premium page is a new document that reads it back.
    SIGN_IN: {
      events: (before) => {
        const c = before.context as { subscription: unknown; label: string; agreements: unknown; loggedIn: boolean }
        if (!hasLeft(before) || c.loggedIn || c.subscription === null) return null
        const stored = { subscription: c.subscription, label: c.label, agreements: c.agreements, redirectAfterLoginTo: '/en/premium', goToSubscription: true }
        return [{ restart: () => paymentInput(true) }, { type: 'xstate.done.actor.readStoredState', output: stored }, { type: 'auth.changed', loggedIn: true }]
      },
    },
    PAY: { events: () => [SUBMIT, OPTIONS_IN, { type: 'xstate.done.actor.loadWidgetScript' }] },
    // POST /payments answers 503.
    PAY_OPTIONS_FAIL: { events: () => [SUBMIT, { type: 'xstate.error.actor.createPayment', error: new Error('POST /payments: 503') }] },
    // The provider's widget script does not load.
    PAY_SCRIPT_FAILS: { events: () => [SUBMIT, OPTIONS_IN, { type: 'xstate.error.actor.loadWidgetScript', error: new Error('script blocked') }] },
    // Paid: on to the account page.
    PAY_GOOD_CARD: { events: () => [...CONFIRMED, { type: 'xstate.done.actor.refreshUser' }, LEAVE] },
    // Paid, but the user cannot be fetched again: on to the account page, where the session ends.
    PAY_GOOD_CARD_USER_FAILS: { events: () => [...CONFIRMED, { type: 'xstate.error.actor.refreshUser', error: new Error('users/me: 503') }, LEAVE] },
    // The stand-in's card whose notification comes 30 s after the charge.
    PAY_LATE_CARD: { events: () => [SUCCESS, ...NOT_CONFIRMED] },
    // GET /payments/{id} answers 503 every time.
    PAY_CHECK_FAILS: { events: () => [SUCCESS, ...CHECK_FAILS] },
    PAY_DECLINED_CARD: { events: () => [{ type: 'widget.fail', reason: { code: 'PaymentDeclined' } }] },
    CLOSE_WIDGET: { events: () => [{ type: 'widget.close' }] },
    // The notification has arrived; the visitor looks again from the notice.
    RECHECK: {
      events: () => [{ type: 'payment.recheck' }, { type: 'xstate.done.actor.checkPayment', output: 'paid' }, { type: 'xstate.done.actor.refreshUser' }, LEAVE],
    },
  },
  serializeState: (s: Snap) => {
    const c = s.context as { subscription: { id: number } | null; agreements: unknown; loggedIn: boolean; goToSubscription: boolean; checks: number }
    return JSON.stringify([s.value, c.subscription?.id ?? null, c.agreements, c.loggedIn, c.goToSubscription])
  },
  maxSteps: 5,
  unreachable: {
    'payment.unavailable': 'needs an unknown PAYMENT_SERVICE, which the site refuses at start (ConfigError); the component state is in the stories',
  },
  unreachableTransitions: {
    'payment.paying.confirming.checking xstate.done.actor.checkPayment[1]':
      "a trial refused at confirmation needs two trial holds authorised before either is confirmed; the sandbox's check refuses the second hold first (widget.fail). The backend's race test, the machine paths and the story TrialRefusedAtConfirmation check it",
    'payment.paying.confirming.checking xstate.done.actor.checkPayment[2]':
      "a special offer refused at confirmation needs two offer payments paid before either is confirmed; the sandbox's check refuses the second first (widget.fail). The backend's test of offers side by side, the machine paths and the story OfferRefusedAtConfirmation check it",
    'payment.paying.confirming.checking xstate.done.actor.checkPayment[3]':
      "a payment refused after the widget's success (the provider took another operation than the plan's, scheme_mismatch) needs a provider that answers against its own widget; the sandboxes do not. The machine paths check it",
    'payment.checkingService always[1]':
      'the site always reads the stored premium state first (restoreStored), so the service check never goes straight to selecting',
    'payment.restoring xstate.error.actor.readStoredState[0]': 'readPremiumState answers null for a missing or unreadable stored state; it never rejects',
    'payment.restoring plan.select[0]':
      'restoring lasts one read of sessionStorage before the page is interactive: no click lands in it (the machine-path tests send it)',
    'payment.restoring plan.select[1]':
      'restoring lasts one read of sessionStorage before the page is interactive: no click lands in it (the machine-path tests send it)',
    'payment.restoring offer.take[0]':
      'restoring lasts one read of sessionStorage before the page is interactive: no click lands in it (the machine-path tests send it)',
    'payment.restoring agreement.set[0]':
      'restoring lasts one read of sessionStorage before the page is interactive: no click lands in it (the machine-path tests send it)',
    'payment.selecting offer.take[0]':
      "the special offer needs a subscriber the backend has an offer for; taking it from the account page is account.spec.ts's offer test",
  },
}

export type { RealEvent }

// --- auth -------------------------------------------------------------------------------------

const DAY = 86_400_000
/** The clock of the first page load. */
const T0 = Date.UTC(2026, 10, 24, 12)
/** The stand-in backend's grant: a token for 30 days, a refresh token for 60 (TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS). */
const GRANT = { token: 'token-aaaaaaaaaaaa', expiresIn: 30 * 86_400, refreshToken: 'refresh-aaaaaaaaaaaa', refreshExpiresIn: 60 * 86_400 }
const RENEWED = { ...GRANT, token: 'token-bbbbbbbbbbbb', refreshToken: 'refresh-bbbbbbbbbbbb' }
const USER = { id: 7, email: 'player@example.com' }
type PageInfo = { access: 'public' | 'guests' | 'protected'; href: string; locale: 'en' }
const page = (access: PageInfo['access'], href: string): PageInfo => ({ access, href, locale: 'en' })
const LOGIN = page('guests', '/en/login')
const HOME = page('public', '/en')
const ACCOUNT = page('protected', '/en/account')
const PREMIUM = page('public', '/en/premium')
/** The e-mailed sign-in link's page. */
const LINK = page('guests', '/en/login/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')
const BAD_LINK = page('guests', '/en/login/0000000000000000')

type AuthCtx = {
  now: number
  page: PageInfo
  token: string | null
  expiresAt: number | null
  refreshToken: string | null
  refreshExpiresAt: number | null
  user: unknown
}
const auth = (s: Snap) => s.context as AuthCtx
const guestOnLogin = (s: Snap) => s.matches('loggedOut') && auth(s).page.href === LOGIN.href
const active = (s: Snap) => s.matches({ loggedIn: 'active' })
const changed = (to: PageInfo): TestEvent => ({ type: 'page.changed', page: to })
/** A navigation inside the site: the token is checked first (R4), then the page changes. */
const navigate = (s: Snap, to: PageInfo, now = auth(s).now + 1000): TestEvent[] => [{ type: 'token.check', now }, changed(to)]
const CODE_LOGIN: TestEvent = { type: 'auth.login', credentials: { kind: 'code', email: USER.email, code: '123456' }, now: T0, redirectTo: null }
const LINK_LOGIN: TestEvent = {
  type: 'auth.login',
  credentials: { kind: 'link', code: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
  now: T0,
  redirectTo: null,
}
/** After a sign-in, the root of the site (R2). */
const signedIn = (answer: TestEvent): TestEvent[] => [
  answer,
  { type: 'xstate.done.actor.fetchUser', output: USER },
  { type: 'token.check', now: T0 + 1000 },
  changed(HOME),
]
const newDocument = (input: object): RealEvent => ({ restart: () => ({ now: T0, ...input }) })
/** The session a visitor comes back with: signed in by an earlier visit, the account page typed in. */
const stored = { token: GRANT.token, expiresAt: T0 + 30 * DAY, refreshToken: GRANT.refreshToken, refreshExpiresAt: T0 + 60 * DAY, user: USER, page: ACCOUNT }
/** Where a session that ends on a navigation leaves the visitor: a protected page sends to login, a public one goes on (R4, R8). */
const afterEnd = (s: Snap) => (auth(s).page.access === 'protected' ? changed(LOGIN) : changed(PREMIUM))

export type AuthStep =
  | 'SIGN_IN_WITH_CODE'
  | 'WRONG_CODE'
  | 'SIGN_IN_USER_FAILS'
  | 'SIGN_IN_WITH_LINK'
  | 'OPEN_BAD_LINK'
  | 'RETURN_WITH_SESSION'
  | 'RETURN_WITHOUT_EXPIRY'
  | 'OPEN_ACCOUNT'
  | 'LOG_OUT'
  | 'SESSION_ENDS'
  | 'TOKEN_REFRESHED'
  | 'REFRESH_REFUSED'
  | 'CHANGE_EMAIL'
  | 'USER_FETCH_FAILS'

/**
 * R3, R4, R7, R8, R9: sign-in by code and by the e-mailed link, a returning visitor (with and
 * without a stored expiry), the account page, the user fetched again after an account action,
 * logout, and time passing: the token over (refreshed, or the refresh refused) or both over.
 */
export const authGraph: BrowserGraph<AuthStep, 'guest'> = {
  machine: authMachine,
  // /en/login without a session.
  starts: { guest: { input: { now: T0, page: LOGIN } } },
  steps: {
    SIGN_IN_WITH_CODE: { events: (s) => (guestOnLogin(s) ? [CODE_LOGIN, ...signedIn({ type: 'xstate.done.actor.verifyCode', output: GRANT })] : null) },
    WRONG_CODE: {
      events: (s) => (guestOnLogin(s) ? [CODE_LOGIN, { type: 'xstate.error.actor.verifyCode', error: new Error('The code is incorrect.') }] : null),
    },
    // GET /users/me fails after the code was accepted.
    SIGN_IN_USER_FAILS: {
      events: (s) =>
        guestOnLogin(s)
          ? [CODE_LOGIN, { type: 'xstate.done.actor.verifyCode', output: GRANT }, { type: 'xstate.error.actor.fetchUser', error: new Error('users/me: 503') }]
          : null,
    },
    // The link from the e-mail opens a new document.
    SIGN_IN_WITH_LINK: {
      events: (s) =>
        guestOnLogin(s) ? [newDocument({ page: LINK }), LINK_LOGIN, ...signedIn({ type: 'xstate.done.actor.signInByLink', output: GRANT })] : null,
    },
    // A link whose code the backend does not know (used, expired or mistyped).
    OPEN_BAD_LINK: {
      events: (s) =>
        guestOnLogin(s)
          ? [
              newDocument({ page: BAD_LINK }),
              { ...LINK_LOGIN, credentials: { kind: 'link', code: '0000000000000000' } },
              { type: 'xstate.error.actor.signInByLink', error: new Error('This code has expired.') },
            ]
          : null,
    },
    RETURN_WITH_SESSION: { events: (s) => (guestOnLogin(s) ? [newDocument(stored)] : null) },
    // Only the token is stored: it counts 1800 s from now (R9).
    RETURN_WITHOUT_EXPIRY: { events: (s) => (guestOnLogin(s) ? [newDocument({ ...stored, expiresAt: null })] : null) },
    OPEN_ACCOUNT: { events: (s) => (active(s) && auth(s).page.href !== ACCOUNT.href ? navigate(s, ACCOUNT) : null) },
    LOG_OUT: {
      events: (s) => (active(s) ? [...(auth(s).page.href === ACCOUNT.href ? [] : navigate(s, ACCOUNT)), { type: 'auth.logout' }, changed(HOME)] : null),
    },
    // Time passes beyond both lifetimes; the next navigation (to the premium page) checks the token.
    SESSION_ENDS: {
      events: (s) => (active(s) ? [{ type: 'token.check', now: Math.max(auth(s).expiresAt ?? 0, auth(s).refreshExpiresAt ?? 0) + 60_000 }, afterEnd(s)] : null),
    },
    // Time passes beyond the token's lifetime only: the refresh token gets a new pair.
    TOKEN_REFRESHED: {
      events: (s) =>
        active(s) && auth(s).refreshToken !== null
          ? navigate(s, PREMIUM, auth(s).expiresAt! + 60_000).flatMap((e) =>
              e.type === 'token.check' ? [e, { type: 'xstate.done.actor.refreshToken', output: RENEWED }] : [e],
            )
          : null,
    },
    // As above, but the backend refuses the refresh token (used up elsewhere).
    REFRESH_REFUSED: {
      events: (s) =>
        active(s) && auth(s).refreshToken !== null
          ? [
              { type: 'token.check', now: auth(s).expiresAt! + 60_000 },
              { type: 'xstate.error.actor.refreshToken', error: new Error('The session has ended.') },
              afterEnd(s),
            ]
          : null,
    },
    // An account action fetches the user again.
    CHANGE_EMAIL: {
      events: (s) =>
        active(s) && auth(s).page.href === ACCOUNT.href ? [{ type: 'user.refresh' }, { type: 'xstate.done.actor.refreshUser', output: USER }] : null,
    },
    USER_FETCH_FAILS: {
      events: (s) =>
        active(s) && auth(s).page.href === ACCOUNT.href
          ? [{ type: 'user.refresh' }, { type: 'xstate.error.actor.refreshUser', error: new Error('users/me: 503') }]
          : null,
    },
  },
  serializeState: (s) => {
    const c = auth(s)
    return JSON.stringify([s.value, c.page.href, c.user !== null, c.token !== null, c.refreshToken !== null, c.expiresAt !== null])
  },
  maxSteps: 4,
  unreachable: {
    'auth.loggingIn.callback':
      'Steam sign-in (the OpenID sandbox, auth.callback) has its own browser tests in steam.spec.ts: tampered, replayed and expired answers, remembered targets',
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

/** Why a step of the auth graph is not taken without JavaScript: each is the page's own script at work. */
const SCRIPTED: Partial<Record<AuthStep, string>> = {
  SIGN_IN_USER_FAILS: "the failing GET /users/me is the page's own request; without JavaScript the server makes it",
  USER_FETCH_FAILS: "the failing GET /users/me is the page's own request; without JavaScript the server makes it",
  RETURN_WITHOUT_EXPIRY: "the expiry a token without one gets is stored by the page's machine",
  SESSION_ENDS: "time passes on the page's clock, which only a script reads",
  TOKEN_REFRESHED: "time passes on the page's clock, which only a script reads",
  REFRESH_REFUSED: "time passes on the page's clock, which only a script reads",
}
const PAGE_CLOCK = "without JavaScript: a token checked, refreshed or ended on the page's clock, which only a script reads"
const PAGE_REQUEST = "without JavaScript: the page's own GET /users/me failing; the server makes that request"

/**
 * Issue 39: the auth graph as a visitor without JavaScript walks it. Its forms post to the
 * server, which runs the same machines (decision 063); the steps that are a script's work are
 * left out, with what only they reach.
 */
export const authGraphWithoutJs: BrowserGraph<AuthStep, 'guest'> = {
  ...authGraph,
  steps: Object.fromEntries(Object.entries(authGraph.steps).filter(([step]) => !(step in SCRIPTED))) as BrowserGraph<AuthStep, 'guest'>['steps'],
  unreachable: { ...authGraph.unreachable, 'auth.loggedIn.refreshing': PAGE_CLOCK },
  unreachableTransitions: {
    ...authGraph.unreachableTransitions,
    'auth.loggedIn.fetchingUser xstate.error.actor.refreshUser[0]': PAGE_REQUEST,
    'auth.loggingIn.fetchingUser xstate.error.actor.fetchUser[0]': PAGE_REQUEST,
    'auth.loggedIn.validating always[2]': PAGE_CLOCK,
    'auth.loggedIn.validating always[3]': PAGE_CLOCK,
    'auth.loggedIn.validating always[4]': PAGE_CLOCK,
    'auth.restoring always[0]': "without JavaScript: the expiry a token without one gets is stored by the page's machine",
  },
}
export const SCRIPTED_AUTH_STEPS = SCRIPTED

// --- locale -----------------------------------------------------------------------------------

type Lang = 'en' | 'ru' | 'de'
type LocaleCtx = { locale: Lang; pageLocale: Lang; path: string; validationLocale: Lang | null; validationWanted: boolean }
const loc = (s: Snap) => s.context as LocaleCtx
/** The language a switch picks from a page in `from`; twice around, every language is picked. */
export const NEXT_LANGUAGE: Record<Lang, Lang> = { en: 'ru', ru: 'de', de: 'en' }
/** The same page in another language (`/faq` → `/ru/faq`, `/ru/login` → `/de/login`). */
export const pathIn = (locale: Lang, path: string) => `/${locale}${path.replace(/^\/(?:en|ru|de)(?=\/|$)/u, '')}`
/** The page is the login form (its validation messages were asked for). */
export const onForm = (s: Snap) => loc(s).validationWanted

type Outcome = 'done' | 'error'
/** The validation messages a form asks for as it mounts: the language's file, then English's when it fails. */
const formMounts = (own: Outcome, english: Outcome = 'done'): TestEvent[] => [
  { type: 'validation.need' },
  ...(own === 'done'
    ? [{ type: 'xstate.done.actor.loadValidationMessages', output: {} }]
    : [
        { type: 'xstate.error.actor.loadValidationMessages', error: new Error('404') },
        english === 'done'
          ? { type: 'xstate.done.actor.loadEnglishValidationMessages', output: {} }
          : { type: 'xstate.error.actor.loadEnglishValidationMessages', error: new Error('404') },
      ]),
]
/** The new document a switch navigates to, and (on the login form) its validation messages. */
const arrive = (s: Snap, locale: Lang, own: Outcome = 'done', english: Outcome = 'done'): RealEvent[] => [
  { restart: () => ({ urlLocale: locale, messageSet: 'original', path: pathIn(locale, loc(s).path) }) },
  ...(onForm(s) ? formMounts(own, english) : []),
]
const change = (s: Snap, locale: Lang): TestEvent => ({ type: 'locale.change', locale, path: loc(s).path })
const ready = (s: Snap) => s.matches('ready')

export type LocaleStep =
  | 'PICK_CURRENT'
  | 'SWITCH'
  | 'SWITCH_LANGUAGE_FILES_FAIL'
  | 'SWITCH_VALIDATION_FILE_FAILS'
  | 'SWITCH_VALIDATION_FILES_FAIL'
  | 'SWITCH_TWICE_WHILE_LOADING'
  | 'OPEN_LOGIN'

/**
 * R2, R4, R8: the language switcher on a page without a form and on the login form, whose
 * validation messages load on demand and follow the language; a language whose files fail
 * falls back to English with the language toast; a validation file missing, and English's too;
 * a second pick while the first still loads.
 */
export const localeGraph: BrowserGraph<LocaleStep, 'faq'> = {
  machine: localeMachine,
  // /faq: the unprefixed English page, no form (the validation messages are not asked for, decision 024).
  starts: { faq: { input: { urlLocale: null, messageSet: 'original', path: '/faq' } } },
  steps: {
    // The page's own language: remembered, and its page loaded again.
    PICK_CURRENT: { events: (s) => (ready(s) ? [change(s, loc(s).locale), ...arrive(s, loc(s).locale)] : null) },
    SWITCH: {
      events: (s) => {
        if (!ready(s)) return null
        const to = NEXT_LANGUAGE[loc(s).locale]
        return [
          change(s, to),
          { type: 'xstate.done.actor.loadMessages', output: {} },
          ...(onForm(s) ? [{ type: 'xstate.done.actor.loadValidationMessages', output: {} }] : []),
          ...arrive(s, to),
        ]
      },
    },
    // The new language's files (its build of the pages) cannot be fetched: English's, and the page in English with the toast.
    SWITCH_LANGUAGE_FILES_FAIL: {
      events: (s) => {
        if (!ready(s)) return null
        const to = NEXT_LANGUAGE[loc(s).locale]
        return [
          change(s, to),
          { type: 'xstate.error.actor.loadMessages', error: new Error('404') },
          { type: 'xstate.done.actor.loadEnglishMessages', output: {} },
          ...(onForm(s) ? [{ type: 'xstate.done.actor.loadValidationMessages', output: {} }] : []),
          // Already an English page: it stays.
          ...(loc(s).pageLocale === 'en' ? [] : arrive(s, 'en')),
        ]
      },
    },
    // On the login form: the new language's validation file is missing; English's validation messages stand in.
    SWITCH_VALIDATION_FILE_FAILS: {
      events: (s) => {
        if (!ready(s) || !onForm(s)) return null
        const to = NEXT_LANGUAGE[loc(s).locale]
        const fails: TestEvent[] = [
          { type: 'xstate.error.actor.loadValidationMessages', error: new Error('404') },
          { type: 'xstate.done.actor.loadEnglishValidationMessages', output: {} },
        ]
        return [change(s, to), { type: 'xstate.done.actor.loadMessages', output: {} }, ...fails, ...arrive(s, to, 'error')]
      },
    },
    // Both validation files missing: the toast, and the built-in English messages stay.
    SWITCH_VALIDATION_FILES_FAIL: {
      events: (s) => {
        if (!ready(s) || !onForm(s)) return null
        const to = NEXT_LANGUAGE[loc(s).locale]
        const fail: TestEvent[] = [
          { type: 'xstate.error.actor.loadValidationMessages', error: new Error('404') },
          { type: 'xstate.error.actor.loadEnglishValidationMessages', error: new Error('404') },
        ]
        return [change(s, to), { type: 'xstate.done.actor.loadMessages', output: {} }, ...fail, ...arrive(s, to, 'error', 'error')]
      },
    },
    // On the login form: one language picked, and another while the first's validation file still loads: the last pick wins.
    SWITCH_TWICE_WHILE_LOADING: {
      events: (s) => {
        if (!ready(s) || !onForm(s)) return null
        const first = NEXT_LANGUAGE[loc(s).locale]
        const second = NEXT_LANGUAGE[first]
        return [
          change(s, first),
          { type: 'xstate.done.actor.loadMessages', output: {} },
          change(s, second),
          { type: 'xstate.done.actor.loadMessages', output: {} },
          { type: 'xstate.done.actor.loadValidationMessages', output: {} },
          ...arrive(s, second),
        ]
      },
    },
    // A link to the login form inside the site (a prefixed page): the form asks for its validation messages.
    OPEN_LOGIN: { events: (s) => (ready(s) && !onForm(s) && loc(s).path !== '/faq' ? formMounts('done') : null) },
  },
  serializeState: (s) => {
    const c = loc(s)
    return JSON.stringify([s.value, c.locale, c.pageLocale, c.path, c.validationLocale, c.validationWanted])
  },
  maxSteps: 4,
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
