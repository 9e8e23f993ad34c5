/**
 * The site's forms without JavaScript (decision 063). Each form posts to `/forms/<form id>`; this
 * answers it as the form's machines would: the same rules and messages (R5, in the page's
 * language), the same backend calls (R7), and then a redirect to the page with the outcome in
 * a short-lived cookie — the next step, the values typed (never a password), the errors — or, for
 * a sign-in, the session cookies (R3, R9) and the remembered target or the root (R2).
 */

import { type Api, ApiError, createApi } from '#app/api/client.ts'
import type { TokenGrant } from '#app/api/schemas.ts'
import { endSession } from '#app/core/auth.effects.ts'
import { expiredSessionCookies, sessionCookies } from '#app/core/auth-storage.ts'
import { type Flash, flashCookie } from '#app/core/flash.ts'
import { CONFIRM_LINK_FORM, CONSENT_FORM, LOGIN_LINK_FORM } from '#app/core/form-endpoints.ts'
import { readReferrerCode } from '#app/core/referrer.ts'
import { requestHost, visitorAddress } from '#app/core/request.server.ts'
import { sessionFacts } from '#app/core/session.ts'
import { startSteamSignIn, takeOpenIdState } from '#app/core/steam.server.ts'
import { m } from '#app/paraglide/messages.js'
import { CONSTANTS, loadConfig } from '#config'
import { EMAIL_CODE_FORM, EMAIL_FORM, PASSWORD_FORM } from '#machines/account.ts'
import { sessionState } from '#machines/rules/access.ts'
import { normalizeDigits } from '#machines/rules/digits.ts'
import { CODE_RULES, EMAIL_RULES, PASSWORD_CONFIRM_RULES, PASSWORD_RULES } from '#machines/rules/fields.ts'
import { isLocale, type Locale, localePath } from '#machines/rules/locale.ts'
import { safeRedirect } from '#machines/rules/redirect.ts'
import { tokenExpiresAt } from '#machines/rules/token.ts'
import { formatFailure, type Rule, validate } from '#machines/rules/validation.ts'
import { CONFIRM_FORM, SIGN_IN_CODE_FORM, SIGN_IN_EMAIL_FORM } from '#machines/sign-in.ts'
import validationDe from '#validation/de.json'
import validationEn from '#validation/en.json'
import validationRu from '#validation/ru.json'
import { answerConsent } from './consent-form.server.ts'

const VALIDATION: Record<Locale, Record<string, string>> = { en: validationEn.messages, ru: validationRu.messages, de: validationDe.messages }
export const LOGOUT_FORM = 'logout'

type Field = { name: string; rules: readonly Rule[]; label: (locale: Locale) => string }

/** R5: the fields' messages, with `{_field_}` the field's label in the page's language; none when all pass. */
function check(fields: readonly Field[], values: Record<string, string>, locale: Locale): Record<string, string> | null {
  const errors: Record<string, string> = {}
  for (const field of fields) {
    const failure = validate(values[field.name] ?? '', field.rules, values)
    if (failure) errors[field.name] = formatFailure(failure, field.label(locale), VALIDATION[locale])
  }
  return Object.keys(errors).length ? errors : null
}

const EMAIL: Field = { name: 'email', rules: EMAIL_RULES, label: (locale) => m.acc_email_label({}, { locale }) }

interface Posted {
  values: Record<string, string>
  locale: Locale
  origin: string
  cookieHeader: string | null
  crossOrigin: boolean
  /** The request's `Sec-GPC` and host (the cookie banner's answer, R9.24). */
  gpcHeader: string | null
  host: string
}

interface Outcome {
  to: string
  flash?: Flash
  cookies?: string[]
}

function messageOf(error: unknown, locale: Locale): string {
  if (error instanceof ApiError && error.kind === 'http' && error.serverMessage) return error.serverMessage
  return m.notifications_errors_other({}, { locale })
}

function loginPage(locale: Locale, redirect: string | undefined): string {
  const path = localePath(locale, '/login')
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path
}

/** R3, R9: a grant as the session cookies the auth machine would store. */
function grantCookies(grant: TokenGrant, crossOrigin: boolean): string[] {
  const now = Date.now()
  return sessionCookies(
    {
      token: grant.token,
      expiresAt: tokenExpiresAt(now, grant.expires_in),
      refreshToken: grant.refresh_token ?? null,
      refreshExpiresAt: grant.refresh_token ? tokenExpiresAt(now, grant.refresh_expires_in) : null,
    },
    crossOrigin,
  )
}

/** The visitor's live token, or null. */
function sessionToken(cookieHeader: string | null): string | null {
  const session = sessionFacts(cookieHeader)
  return sessionState(session, Date.now()) === 'signedIn' ? session.token : null
}

type Handler = (posted: Posted, api: (token?: string | null) => Api) => Promise<Outcome>

async function requestCode(posted: Posted, api: (token?: string | null) => Api, email: string, redirect: string | undefined): Promise<Flash> {
  const referrer = readReferrerCode(posted.cookieHeader)
  try {
    const answer = await api().requestSignIn({ email, ...(redirect ? { redirect } : {}), ...(referrer ? { referrer_link_code: referrer } : {}) })
    return { form: SIGN_IN_CODE_FORM, values: { email }, notice: answer.message, resendAt: Date.now() + (answer.resend_in ?? 30) * 1000 }
  } catch (error) {
    return { form: SIGN_IN_EMAIL_FORM, values: { email }, error: messageOf(error, posted.locale) }
  }
}

const handlers: Record<string, Handler> = {
  /** R7: GET /users/auth sends a code and a link; the code step comes next. */
  [SIGN_IN_EMAIL_FORM]: async (posted, api) => {
    const { locale } = posted
    const redirect = posted.values.redirect ? safeRedirect(posted.values.redirect, '') || undefined : undefined
    const email = (posted.values.email ?? '').trim()
    const errors = check([EMAIL], { email }, locale)
    if (errors) return { to: loginPage(locale, redirect), flash: { form: SIGN_IN_EMAIL_FORM, values: { email }, errors } }
    return { to: loginPage(locale, redirect), flash: await requestCode(posted, api, email, redirect) }
  },
  /** R7: PATCH /users/verify signs in; R2: then the remembered target or the root. */
  [SIGN_IN_CODE_FORM]: async (posted, api) => {
    const { locale, values } = posted
    const redirect = values.redirect ? safeRedirect(values.redirect, '') || undefined : undefined
    const email = (values.email ?? '').trim()
    const code = (values.code ?? '').trim()
    if (values._action === 'change-email') return { to: loginPage(locale, redirect), flash: { form: SIGN_IN_EMAIL_FORM, values: { email } } }
    if (values._action === 'resend') {
      const flash = await requestCode(posted, api, email, redirect)
      return { to: loginPage(locale, redirect), flash: flash.form === SIGN_IN_CODE_FORM ? flash : { ...flash, form: SIGN_IN_CODE_FORM } }
    }
    const errors = check([{ name: 'code', rules: CODE_RULES, label: (l) => m.acc_code_label({}, { locale: l }) }], { code }, locale)
    if (errors) return { to: loginPage(locale, redirect), flash: { form: SIGN_IN_CODE_FORM, values: { email, code }, errors } }
    try {
      const grant = await api().verify({ email, code: normalizeDigits(code) })
      return { to: redirect ?? localePath(locale, '/'), cookies: grantCookies(grant, posted.crossOrigin) }
    } catch (error) {
      return { to: loginPage(locale, redirect), flash: { form: SIGN_IN_CODE_FORM, values: { email, code }, error: messageOf(error, locale) } }
    }
  },
  /** R7: POST /users/confirm confirms the e-mail, sets the launcher password and signs in; R2: then the root. */
  [CONFIRM_FORM]: async (posted, api) => {
    const { locale, values } = posted
    const page = localePath(locale, '/confirm-email')
    const kept = { email: (values.email ?? '').trim(), code: (values.code ?? '').trim() }
    const errors = check(
      [
        EMAIL,
        { name: 'code', rules: CODE_RULES, label: (l) => m.acc_confirm_code_label({}, { locale: l }) },
        { name: 'password', rules: PASSWORD_RULES, label: (l) => m.acc_confirm_password_label({}, { locale: l }) },
      ],
      { ...kept, password: values.password ?? '' },
      locale,
    )
    if (errors) return { to: page, flash: { form: CONFIRM_FORM, values: kept, errors } }
    // Signed in as another account: nothing is sent for it (the confirm machine's rule).
    const token = sessionToken(posted.cookieHeader)
    if (token) {
      const user = await api(token)
        .me()
        .catch(() => null)
      if (typeof user?.email === 'string' && user.email.toLowerCase() !== kept.email.toLowerCase()) {
        return {
          to: page,
          flash: { form: CONFIRM_FORM, values: kept, error: m.acc_confirm_other_account({ current: user.email, email: kept.email }, { locale }) },
        }
      }
    }
    try {
      const grant = await api().confirm({ email: kept.email, code: normalizeDigits(kept.code), password: values.password ?? '' })
      return {
        to: localePath(locale, '/'),
        cookies: grantCookies(grant, posted.crossOrigin),
        flash: { form: 'notice', notice: m.acc_confirm_done({}, { locale }) },
      }
    } catch (error) {
      return { to: page, flash: { form: CONFIRM_FORM, values: kept, error: messageOf(error, locale) } }
    }
  },
  [EMAIL_FORM]: accountForm(
    [{ name: 'new-email', rules: EMAIL_RULES, label: (l) => m.acc_new_email_label({}, { locale: l }) }],
    (api, values) => api.changeEmail({ email: (values['new-email'] ?? '').trim() }),
    ['new-email'],
  ),
  [EMAIL_CODE_FORM]: accountForm(
    [{ name: 'code', rules: CODE_RULES, label: (l) => m.acc_confirm_code_label({}, { locale: l }) }],
    (api, values) => api.confirmEmail(normalizeDigits((values.code ?? '').trim())),
    ['code'],
  ),
  [PASSWORD_FORM]: accountForm(
    [
      { name: 'password', rules: PASSWORD_RULES, label: (l) => m.acc_password_label({}, { locale: l }) },
      { name: 'password-confirm', rules: PASSWORD_CONFIRM_RULES, label: (l) => m.acc_password_confirm_label({}, { locale: l }) },
    ],
    (api, values) => api.credentials({ password: values.password ?? '', password_confirm: values['password-confirm'] ?? '' }),
    [],
  ),
  /** R2, R10.6: "Sign in with Steam": this browser's state in a cookie and in `return_to`, then the provider. */
  'steam-start': async (posted) => {
    const redirect = posted.values.redirect ? safeRedirect(posted.values.redirect, '') || undefined : undefined
    const start = startSteamSignIn({
      provider: loadConfig().steamOpenIdUrl,
      origin: posted.origin,
      locale: posted.locale,
      redirect,
      crossOrigin: posted.crossOrigin,
    })
    return { to: start.location, cookies: [start.cookie] }
  },
  /**
   * R2, R7: the login callback without JavaScript: Steam's answer (`q:` fields, as it came) to GET
   * /users/auth, once it is known to be this browser's (R10.6).
   */
  steam: async (posted, api) => {
    const { locale } = posted
    const params = Object.fromEntries(
      Object.entries(posted.values)
        .filter(([name]) => name.startsWith('q:'))
        .map(([name, value]) => [name.slice(2), value]),
    )
    const redirect = params.redirect ? safeRedirect(params.redirect, '') || undefined : undefined
    const state = takeOpenIdState(posted.cookieHeader, params, posted.crossOrigin)
    if (!state.ours)
      return { to: loginPage(locale, redirect), flash: { form: SIGN_IN_EMAIL_FORM, error: m.acc_steam_unverified({}, { locale }) }, cookies: [state.clear] }
    try {
      const grant = await api().authCallback(params)
      return { to: redirect ?? localePath(locale, '/'), cookies: [state.clear, ...grantCookies(grant, posted.crossOrigin)] }
    } catch (error) {
      return { to: loginPage(locale, redirect), flash: { form: SIGN_IN_EMAIL_FORM, error: messageOf(error, locale) }, cookies: [state.clear] }
    }
  },
  /** R7, R10.7: a sign-in link opened from another site, continued by the visitor's button without JavaScript. */
  [LOGIN_LINK_FORM]: async (posted, api) => {
    const { locale, values } = posted
    const redirect = values.redirect ? safeRedirect(values.redirect, '') || undefined : undefined
    try {
      const grant = await api().signInByCode((values.code ?? '').slice(0, 200))
      return { to: redirect ?? localePath(locale, '/'), cookies: grantCookies(grant, posted.crossOrigin) }
    } catch (error) {
      return { to: loginPage(locale, redirect), flash: { form: SIGN_IN_EMAIL_FORM, error: messageOf(error, locale) } }
    }
  },
  /** R7, R10.7: an e-mail confirmation link opened from another site, confirmed by the visitor's button without JavaScript. */
  [CONFIRM_LINK_FORM]: async (posted, api) => {
    const { locale, values } = posted
    const page = localePath(locale, '/confirm-email')
    try {
      const answer = await api(sessionToken(posted.cookieHeader)).confirmEmail(normalizeDigits((values.code ?? '').slice(0, 200)))
      return { to: page, flash: { form: CONFIRM_LINK_FORM, notice: answer.message } }
    } catch (error) {
      return { to: page, flash: { form: CONFIRM_LINK_FORM, error: messageOf(error, locale) } }
    }
  },
  /** R9.24: the cookie banner's choice, by the consent machine; back to the page it was made on. */
  [CONSENT_FORM]: async (posted) => ({
    to: safeRedirect(posted.values.back, '') || localePath(posted.locale, '/'),
    cookies: answerConsent({
      values: posted.values,
      cookieHeader: posted.cookieHeader,
      gpcHeader: posted.gpcHeader,
      host: posted.host,
      crossOrigin: posted.crossOrigin,
      clientIdCookie: loadConfig().analyticsClientIdCookie,
      now: Date.now(),
    }),
  }),
  /**
   * R2, R7.3: the backend is told to end the session (every device's with `everywhere`); the stored
   * session is cleared whatever it answers, then the root.
   */
  [LOGOUT_FORM]: async (posted, api) => {
    const session = sessionFacts(posted.cookieHeader)
    await endSession(api(session.token), { token: session.token, refreshToken: session.refreshToken, everywhere: posted.values.everywhere === '1' })
    return { to: localePath(posted.locale, '/'), cookies: expiredSessionCookies(posted.crossOrigin) }
  },
}

/** An account form: signed in (else to login, the account remembered), checked, sent; back to the account with what the backend said. */
function accountForm(
  fields: readonly Field[],
  send: (api: Api, values: Record<string, string>) => Promise<{ message: string }>,
  keep: readonly string[],
): Handler {
  return async (posted, api) => {
    const { locale, values } = posted
    const page = localePath(locale, '/account')
    const token = sessionToken(posted.cookieHeader)
    if (!token) return { to: loginPage(locale, page) }
    const form = values._form ?? ''
    const kept = Object.fromEntries(keep.map((name) => [name, (values[name] ?? '').trim()]))
    const errors = check(fields, values, locale)
    if (errors) return { to: page, flash: { form, values: kept, errors } }
    try {
      const answer = await send(api(token), values)
      return { to: page, flash: { form, notice: answer.message } }
    } catch (error) {
      return { to: page, flash: { form, values: kept, error: messageOf(error, locale) } }
    }
  }
}

/** Answers a form posted to `/forms/<id>`. */
export async function answerForm(request: Request, formId: string): Promise<Response> {
  const url = new URL(request.url)
  // A form of another site may not act for the visitor (their cookies go along when SameSite allows it).
  const origin = request.headers.get('origin')
  if (origin !== null && origin !== url.origin)
    return new Response('This form belongs to another site.', { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  const handler = Object.hasOwn(handlers, formId) ? handlers[formId]! : null
  if (!handler) return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  let data: FormData
  try {
    data = await request.formData()
  } catch {
    return new Response('The form could not be read.', { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  }
  const values: Record<string, string> = {}
  for (const [name, value] of data) if (typeof value === 'string') values[name] = value.slice(0, 2000)
  const config = loadConfig()
  const locale: Locale = isLocale(values.locale) ? values.locale : 'en'
  const posted: Posted = {
    values,
    locale,
    origin: url.origin,
    cookieHeader: request.headers.get('cookie'),
    crossOrigin: config.cookiesCrossOrigin,
    gpcHeader: request.headers.get('sec-gpc'),
    host: requestHost(request, url),
  }
  const visitor = visitorAddress(request)
  const api = (token: string | null = null) =>
    createApi({
      base: config.apiBase,
      locale,
      token: () => token,
      timeoutMs: CONSTANTS.serverBackendTimeoutMs,
      // R10.4: the backend counts wrong codes per visitor, not per site server.
      headers: { 'x-site-origin': url.origin, ...(visitor ? { 'x-forwarded-for': visitor } : {}) },
      fallbackMessage: () => m.notifications_errors_other({}, { locale }),
    })
  const outcome = await handler(posted, api)
  const headers = new Headers({ location: outcome.to, 'cache-control': 'no-store' })
  for (const cookie of outcome.cookies ?? []) headers.append('set-cookie', cookie)
  if (outcome.flash) headers.append('set-cookie', flashCookie(outcome.flash, config.cookiesCrossOrigin))
  // 303: the page that follows is fetched with GET.
  return new Response(null, { status: 303, headers })
}
