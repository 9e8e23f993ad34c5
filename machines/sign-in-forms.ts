/**
 * The sign-in and confirmation forms: their ids, the fields and rules each form machine starts
 * with, and whether a submit came from a given form.
 */
import { assertEvent } from 'xstate'
import { CODE_RULES, EMAIL_RULES, PASSWORD_RULES } from '#machines/rules/fields.ts'
import type { FormInput } from './form.ts'
import type { ConfirmContext, ConfirmEvent, SignInContext, SignInEvent } from './sign-in-types.ts'

export const SIGN_IN_EMAIL_FORM = 'sign-in-email'
export const SIGN_IN_CODE_FORM = 'sign-in-code'
/** R7: the confirmation form (POST /users/confirm: email, code, password), which also signs in. */
export const CONFIRM_FORM = 'confirm-email'

export function emailFormInput({ context }: { context: SignInContext }): FormInput {
  return {
    id: SIGN_IN_EMAIL_FORM,
    fields: [{ name: 'email', value: context.email, rules: EMAIL_RULES }],
    submitOnStart: context.submitOnStart,
  }
}
export function codeFormInput({ context }: { context: SignInContext }): FormInput {
  return {
    id: SIGN_IN_CODE_FORM,
    fields: [{ name: 'code', value: context.code, rules: CODE_RULES }],
    submitOnStart: context.submitOnStart,
  }
}
export function confirmFormInput({ context }: { context: ConfirmContext }): FormInput {
  return {
    id: CONFIRM_FORM,
    fields: [
      { name: 'email', value: context.credentials.email, rules: EMAIL_RULES },
      { name: 'code', value: context.credentials.code, rules: CODE_RULES },
      { name: 'password', rules: PASSWORD_RULES },
    ],
    submitOnStart: context.submitOnStart,
  }
}

/** A guard: the submit is the given form's. */
export const submittedBy =
  (form: string) =>
  ({ event }: { event: SignInEvent | ConfirmEvent }) => {
    assertEvent(event, 'form.submitted')
    return event.form === form
  }
