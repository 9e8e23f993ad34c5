/**
 * Decision 063: the frame's forms without JavaScript — Steam's sign-in (its start and its
 * callback), the sign-in and confirmation links continued by the visitor's button, the cookie
 * banner's choice and the sign-out. The features answer their own forms beside them
 * (`src/features/account/*.form.server.ts`).
 */
import { endSession } from '#app/core/auth.effects.ts'
import { expiredSessionCookies } from '#app/core/auth-storage.ts'
import { type FormHandlers, failureMessage, grantCookies, loginPage, postedRedirect, sessionToken } from '#app/core/form-answer.server.ts'
import { CONFIRM_LINK_FORM, CONSENT_FORM, LOGIN_LINK_FORM } from '#app/core/form-endpoints.ts'
import { sessionFacts } from '#app/core/session.ts'
import { startSteamSignIn, takeOpenIdState } from '#app/core/steam.server.ts'
import { m } from '#app/paraglide/messages.js'
import { loadConfig } from '#config'
import { normalizeDigits } from '#machines/rules/digits.ts'
import { localePath } from '#machines/rules/locale.ts'
import { safeRedirect } from '#machines/rules/redirect.ts'
import { SIGN_IN_EMAIL_FORM } from '#machines/sign-in-forms.ts'
import { answerConsent } from './consent-form.server.ts'

export const LOGOUT_FORM = 'logout'

export const siteForms: FormHandlers = {
  /** R2, R10.6: "Sign in with Steam": this browser's state in a cookie and in `return_to`, then the provider. */
  'steam-start': async (posted) => {
    const start = startSteamSignIn({
      provider: loadConfig().steamOpenIdUrl,
      origin: posted.origin,
      locale: posted.locale,
      redirect: postedRedirect(posted.values.redirect),
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
    const redirect = postedRedirect(params.redirect)
    const state = takeOpenIdState(posted.cookieHeader, params, posted.crossOrigin)
    if (!state.ours)
      return { to: loginPage(locale, redirect), flash: { form: SIGN_IN_EMAIL_FORM, error: m.acc_steam_unverified({}, { locale }) }, cookies: [state.clear] }
    try {
      const grant = await api().authCallback(params)
      return { to: redirect ?? localePath(locale, '/'), cookies: [state.clear, ...grantCookies(grant, posted.crossOrigin)] }
    } catch (error) {
      return { to: loginPage(locale, redirect), flash: { form: SIGN_IN_EMAIL_FORM, error: failureMessage(error, locale) }, cookies: [state.clear] }
    }
  },
  /** R7, R10.7: a sign-in link opened from another site, continued by the visitor's button without JavaScript. */
  [LOGIN_LINK_FORM]: async (posted, api) => {
    const { locale, values } = posted
    const redirect = postedRedirect(values.redirect)
    try {
      const grant = await api().signInByCode((values.code ?? '').slice(0, 200))
      return { to: redirect ?? localePath(locale, '/'), cookies: grantCookies(grant, posted.crossOrigin) }
    } catch (error) {
      return { to: loginPage(locale, redirect), flash: { form: SIGN_IN_EMAIL_FORM, error: failureMessage(error, locale) } }
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
      return { to: page, flash: { form: CONFIRM_LINK_FORM, error: failureMessage(error, locale) } }
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
   * session is cleared whatever it answers, then the root, which says what was done (the page's
   * notice line, as the toast says it with JavaScript).
   */
  [LOGOUT_FORM]: async (posted, api) => {
    const { locale } = posted
    const session = sessionFacts(posted.cookieHeader)
    const everywhere = posted.values.everywhere === '1'
    await endSession(api(session.token), { token: session.token, refreshToken: session.refreshToken, everywhere })
    const notice = everywhere ? m.acc_signed_out_everywhere({}, { locale }) : m.acc_signed_out({}, { locale })
    return { to: localePath(locale, '/'), flash: { form: 'notice', notice }, cookies: expiredSessionCookies(posted.crossOrigin) }
  },
}
