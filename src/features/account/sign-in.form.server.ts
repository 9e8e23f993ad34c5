/**
 * Decision 063: the sign-in's two steps posted without JavaScript run the sign-in machine the
 * page runs, with server-side effects: the code is asked for (GET /users/auth) and checked
 * (PATCH /users/verify) through the server's client, and a sign-in becomes the session cookies
 * the auth machine would store (R3, R9). The state the machine comes to rest in is the answer:
 * signed in, the remembered target or the root (R2); else back to the login page with the step
 * to show, what was typed, the field messages or the backend's words, and when another code may
 * be asked for.
 */
import { createActor, type SnapshotFrom } from 'xstate'
import type { Flash } from '#app/core/flash.ts'
import { type ApiFactory, type FormHandlers, grantCookies, loginPage, type Posted, postedRedirect } from '#app/core/form-answer.server.ts'
import { type FieldLabels, formErrors, formOf, running, serverCall, serverForm, settle, submitForm } from '#app/core/form-run.server.ts'
import { readReferrerCode } from '#app/core/referrer.ts'
import { m } from '#app/paraglide/messages.js'
import { normalizeDigits } from '#machines/rules/digits.ts'
import { type Locale, localePath } from '#machines/rules/locale.ts'
import { createSignInMachine, type SignInMachine } from '#machines/sign-in.ts'
import { SIGN_IN_CODE_FORM, SIGN_IN_EMAIL_FORM } from '#machines/sign-in-forms.ts'
import type { RequestCodeInput, SignInInput, VerifyCodeInput } from '#machines/sign-in-types.ts'
import { requestCode } from './sign-in.effects.ts'

const EMAIL_LABELS: FieldLabels = { email: (locale) => m.acc_email_label({}, { locale }) }
const CODE_LABELS: FieldLabels = { code: (locale) => m.acc_code_label({}, { locale }) }

/** The sign-in machine with the server's calls; a sign-in adds the session cookies to `cookies`. */
function signInActor(posted: Posted, api: ApiFactory, input: SignInInput, cookies: string[]) {
  const machine = createSignInMachine({
    actors: {
      form: serverForm,
      requestCode: serverCall(posted.locale, (call: RequestCodeInput) => requestCode(api(), call, () => readReferrerCode(posted.cookieHeader))),
      verifyCode: serverCall<VerifyCodeInput, unknown>(posted.locale, async (call) => {
        const grant = await api().verify({ email: call.email, code: normalizeDigits(call.code) })
        cookies.push(...grantCookies(grant, posted.crossOrigin))
        return null
      }),
    },
  })
  return createActor(machine, { input })
}

/**
 * The login page's flash for the state the machine rests in: the e-mail step with what went
 * wrong, or the code step with the backend's notice and when another code may be asked for.
 * `codeTyped`: the code was submitted, so it is kept to be corrected.
 */
function stepFlash(state: SnapshotFrom<SignInMachine>, locale: Locale, codeTyped: boolean): Flash {
  const { email, code, error, notice, resendAt } = state.context
  const atEmail = state.matches('email')
  const form = atEmail ? SIGN_IN_EMAIL_FORM : SIGN_IN_CODE_FORM
  const errors = formErrors(formOf(state, form), atEmail ? EMAIL_LABELS : CODE_LABELS, locale)
  const values: Record<string, string> = codeTyped && !atEmail ? { email, code } : { email }
  if (errors) return { form, values, errors }
  if (error !== null) return { form, values, error }
  if (atEmail) return { form, values }
  return { form, values, ...(notice !== null ? { notice } : {}), ...(resendAt !== null ? { resendAt } : {}) }
}

/** The sign-in's forms by id. */
export const signInForms: FormHandlers = {
  /** R7: GET /users/auth sends a code and a link; the code step comes next. */
  [SIGN_IN_EMAIL_FORM]: async (posted, api) => {
    const { locale, values } = posted
    const redirect = postedRedirect(values.redirect)
    const input: SignInInput = { email: (values.email ?? '').trim(), redirectTo: redirect ?? null, now: Date.now() }
    return running(signInActor(posted, api, input, []), async (actor) => {
      submitForm(formOf(actor.getSnapshot(), SIGN_IN_EMAIL_FORM))
      const state = await settle(actor)
      return { to: loginPage(locale, redirect), flash: stepFlash(state, locale, false) }
    })
  },
  /**
   * R7: PATCH /users/verify signs in; R2: then the remembered target or the root. The step's
   * other buttons (`_action`): another code (the wait is the browser's to count), another address.
   */
  [SIGN_IN_CODE_FORM]: async (posted, api) => {
    const { locale, values } = posted
    const redirect = postedRedirect(values.redirect)
    const now = Date.now()
    const input: SignInInput = {
      email: (values.email ?? '').trim(),
      code: (values.code ?? '').trim(),
      step: 'code',
      redirectTo: redirect ?? null,
      now,
    }
    const cookies: string[] = []
    const typed = values._action !== 'change-email' && values._action !== 'resend'
    return running(signInActor(posted, api, input, cookies), async (actor) => {
      if (values._action === 'change-email') actor.send({ type: 'signin.changeEmail' })
      else if (values._action === 'resend') actor.send({ type: 'signin.resend', now })
      else submitForm(formOf(actor.getSnapshot(), SIGN_IN_CODE_FORM))
      const state = await settle(actor)
      if (state.matches('signedIn')) return { to: redirect ?? localePath(locale, '/'), cookies }
      return { to: loginPage(locale, redirect), flash: stepFlash(state, locale, typed) }
    })
  },
}
