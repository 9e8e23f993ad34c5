/**
 * Decision 063: the e-mail confirmation posted without JavaScript runs the confirmation machine
 * the page runs, with server-side effects. Who is signed in is what the session cookie's user
 * is, asked of the backend only when the machine needs to know it; the confirmation
 * (POST /users/confirm) signs in, which becomes the session cookies the auth machine would store
 * (R3, R9), and the machine's success notice goes along to the root (R2). A visitor signed in as
 * another account is told so and nothing is sent; anything else wrong stays on the form.
 */
import { createActor } from 'xstate'
import { type FormHandlers, grantCookies, sessionToken } from '#app/core/form-answer.server.ts'
import { type FieldLabels, formErrors, formOf, running, serverCall, serverForm, settle, submitForm } from '#app/core/form-run.server.ts'
import { m } from '#app/paraglide/messages.js'
import { normalizeDigits } from '#machines/rules/digits.ts'
import { localePath } from '#machines/rules/locale.ts'
import { createConfirmMachine } from '#machines/sign-in.ts'
import { CONFIRM_FORM } from '#machines/sign-in-forms.ts'
import type { ConfirmCredentials } from '#machines/sign-in-types.ts'

const LABELS: FieldLabels = {
  email: (locale) => m.acc_email_label({}, { locale }),
  code: (locale) => m.acc_confirm_code_label({}, { locale }),
  password: (locale) => m.acc_confirm_password_label({}, { locale }),
}

/** The confirmation's form by id. */
export const confirmForms: FormHandlers = {
  /** R7: POST /users/confirm confirms the e-mail, sets the launcher password and signs in; R2: then the root. */
  [CONFIRM_FORM]: async (posted, api) => {
    const { locale, values } = posted
    const page = localePath(locale, '/confirm-email')
    const token = sessionToken(posted.cookieHeader)
    const cookies: string[] = []
    let notice: string | null = null
    const machine = createConfirmMachine({
      actors: {
        form: serverForm,
        confirm: serverCall<ConfirmCredentials, unknown>(locale, async (credentials) => {
          const grant = await api().confirm({ ...credentials, code: normalizeDigits(credentials.code) })
          cookies.push(...grantCookies(grant, posted.crossOrigin))
          return null
        }),
      },
      actions: {
        notifyConfirmed: () => {
          notice = m.acc_confirm_done({}, { locale })
        },
      },
    })
    const input = {
      email: (values.email ?? '').trim(),
      code: (values.code ?? '').trim(),
      // A guest is known at once; a session's account is asked for once a submit needs it.
      signedInAs: token ? undefined : null,
    }
    return running(createActor(machine, { input }), async (actor) => {
      submitForm(formOf(actor.getSnapshot(), CONFIRM_FORM), { password: values.password ?? '' })
      const deciding = (s: { matches: (state: 'deciding') => boolean }) => s.matches('deciding')
      let state = await settle(actor, deciding)
      if (state.matches('deciding')) {
        // The auth machine's part: the session's user, or a guest when the backend does not say.
        const user = await api(token)
          .me()
          .catch(() => null)
        actor.send({ type: 'auth.changed', signedInAs: typeof user?.email === 'string' ? user.email : null })
        state = await settle(actor)
      }
      if (state.matches('confirmed'))
        return { to: localePath(locale, '/'), cookies, flash: { form: 'notice', notice: notice ?? m.acc_confirm_done({}, { locale }) } }
      const { credentials, otherAccount, error } = state.context
      const kept = { email: credentials.email, code: credentials.code }
      const errors = formErrors(formOf(state, CONFIRM_FORM), LABELS, locale)
      if (errors) return { to: page, flash: { form: CONFIRM_FORM, values: kept, errors } }
      if (state.matches('otherAccount')) {
        return {
          to: page,
          flash: {
            form: CONFIRM_FORM,
            values: kept,
            error: m.acc_confirm_other_account({ current: otherAccount ?? '', email: credentials.email }, { locale }),
          },
        }
      }
      return { to: page, flash: { form: CONFIRM_FORM, values: kept, ...(error !== null ? { error } : {}) } }
    })
  },
}
