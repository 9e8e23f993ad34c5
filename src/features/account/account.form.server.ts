/**
 * Decision 063: the account's forms posted without JavaScript (the new address, its code, the
 * launcher password) run the account machine the page runs, with server-side effects: its calls
 * go through the server's client with the session's token, and its toast becomes the notice the
 * account page shows. A visitor without a session goes to the login page, the account remembered.
 */
import { createActor } from 'xstate'
import type { Api } from '#app/api/client.ts'
import { type FormHandler, type FormHandlers, loginPage, sessionToken } from '#app/core/form-answer.server.ts'
import { type FieldLabels, formErrors, formOf, running, serverCall, serverForm, settle, submitForm } from '#app/core/form-run.server.ts'
import { m } from '#app/paraglide/messages.js'
import { type AccountResult, createAccountMachine, EMAIL_CODE_FORM, EMAIL_FORM, PASSWORD_FORM } from '#machines/account.ts'
import { normalizeDigits } from '#machines/rules/digits.ts'
import { type Locale, localePath } from '#machines/rules/locale.ts'

type Values = Record<string, string>

const result = (answer: Promise<{ message: string; user: unknown }>): Promise<AccountResult> => answer.then((r) => ({ message: r.message, user: r.user }))

/** The account machine's form calls on the server: the address and the code as the visitor meant them (trimmed, any digits). */
function serverAccountCalls(api: () => Api, locale: Locale) {
  return {
    changeEmail: serverCall(locale, (values: Values) => result(api().changeEmail({ email: (values['new-email'] ?? '').trim() }))),
    confirmEmailCode: serverCall(locale, (values: Values) => result(api().confirmEmail(normalizeDigits((values.code ?? '').trim())))),
    changePassword: serverCall(locale, (values: Values) =>
      result(api().credentials({ password: values.password ?? '', password_confirm: values['password-confirm'] ?? '' })),
    ),
  }
}

/**
 * One account form: signed in (else to login, the account remembered), run through the machine;
 * back to the account with the field messages, the backend's words, or its notice. `keep`: the
 * values that go back to the form (never a password).
 */
function accountForm(id: string, labels: FieldLabels, keep: readonly string[]): FormHandler {
  return async (posted, api) => {
    const { locale, values } = posted
    const page = localePath(locale, '/account')
    const token = sessionToken(posted.cookieHeader)
    if (!token) return { to: loginPage(locale, page) }
    const form = values._form ?? ''
    const kept = Object.fromEntries(keep.map((name) => [name, (values[name] ?? '').trim()]))
    // The success toast's words: the backend's notice for the account page.
    let notice: string | null = null
    const machine = createAccountMachine({
      actors: { form: serverForm, ...serverAccountCalls(() => api(token), locale) },
      actions: {
        toast: (_, params) => {
          if (params.kind === 'success' && 'text' in params) notice = params.text
        },
      },
    })
    return running(createActor(machine, { input: {} }), async (actor) => {
      submitForm(formOf(actor.getSnapshot(), id), values)
      const state = await settle(actor)
      const errors = formErrors(formOf(state, id), labels, locale)
      if (errors) return { to: page, flash: { form, values: kept, errors } }
      if (state.context.error !== null) return { to: page, flash: { form, values: kept, error: state.context.error } }
      const said = notice as string | null
      return { to: page, flash: { form, ...(said !== null ? { notice: said } : {}) } }
    })
  }
}

/** The account's forms by id. */
export const accountForms: FormHandlers = {
  /** R7: PUT /users/email: a code goes to the new address. */
  [EMAIL_FORM]: accountForm(EMAIL_FORM, { 'new-email': (locale) => m.acc_new_email_label({}, { locale }) }, ['new-email']),
  /** R7: POST /users/email/{code}: the new address confirmed. */
  [EMAIL_CODE_FORM]: accountForm(EMAIL_CODE_FORM, { code: (locale) => m.acc_confirm_code_label({}, { locale }) }, ['code']),
  /** R7: POST /users/credentials: the launcher password. */
  [PASSWORD_FORM]: accountForm(
    PASSWORD_FORM,
    {
      password: (locale) => m.acc_password_label({}, { locale }),
      'password-confirm': (locale) => m.acc_password_confirm_label({}, { locale }),
    },
    [],
  ),
}
