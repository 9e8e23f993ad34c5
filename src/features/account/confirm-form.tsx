import { Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useEffect, useState } from 'react'
import { fromPromise } from 'xstate'
import { reportFailure } from '#app/api/report.ts'
import { AuthActor } from '#app/core/auth-actor.ts'
import { askAuth } from '#app/core/auth-client.ts'
import { formAction } from '#app/core/form-endpoints.ts'
import { createWithEffects } from '#app/core/machine-effects.ts'
import { useMachineInspect } from '#app/core/machine-inspect.ts'
import { notify } from '#app/core/toast.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { FormError, FormField, MachineForm, SubmitButton, useTakeEarlySubmit, valuesTypedBefore, wasSentBefore } from '#app/ui/form.tsx'
import { siteForm } from '#app/ui/form-logic.ts'
import { isBusy, isLoggedIn } from '#machines/auth-selectors.ts'
import type { AuthContext } from '#machines/auth-types.ts'
import type { FormRef } from '#machines/form.ts'
import { CODE_RULES, EMAIL_RULES } from '#machines/rules/fields.ts'
import { type ConfirmEffects, createConfirmMachine } from '#machines/sign-in.ts'
import { CONFIRM_FORM } from '#machines/sign-in-forms.ts'
import type { ConfirmCredentials } from '#machines/sign-in-types.ts'
import { NewPasswordField } from './new-password-field.tsx'

/** Who is signed in, as the confirm machine wants to know it: an e-mail, null for a guest, undefined while the auth machine is busy. */
function signedInAs(s: { context: AuthContext; matches: (v: 'loggedIn') => boolean; hasTag: (t: 'busy') => boolean }): string | null | undefined {
  if (isBusy(s)) return undefined
  return isLoggedIn(s) ? (typeof s.context.user?.email === 'string' ? s.context.user.email : '') : null
}

export interface ConfirmStart {
  email: string
  code: string
  error: string | null
  fieldErrors: Readonly<Record<string, string>>
}

/** What the machine's first state renders, on the server too: the site's forms. */
const RENDERED: ConfirmEffects = { actors: { form: siteForm } }

/**
 * R7: confirming the e-mail with the code sent to it and setting the desktop launcher's
 * password (POST /users/confirm: email, code, password), which also signs in to the site. The
 * confirm machine decides what a submit does for a guest, for the signed-in account itself and
 * for a visitor signed in as another account; this form only renders its state and sends events.
 */
export function ConfirmForm({ start = { email: '', code: '', error: null, fieldErrors: {} } }: { start?: ConfirmStart }) {
  const auth = AuthActor.useActorRef()
  const who = AuthActor.useSelector(signedInAs)
  const [logic] = useState(() =>
    createWithEffects(
      createConfirmMachine,
      () => ({
        actors: {
          confirm: fromPromise<unknown, ConfirmCredentials>(async ({ input }) => {
            const settled = await askAuth(auth, { type: 'auth.login', credentials: { kind: 'confirm', ...input }, now: Date.now() })
            if (!isLoggedIn(settled) || settled.context.error !== null) throw new Error(settled.context.error ?? m.notifications_errors_other())
            return null
          }),
        },
        actions: {
          logout: () => auth.send({ type: 'auth.logout' }),
          notifyConfirmed: () => notify({ kind: 'success', text: m.acc_confirm_done() }),
          logError: (_, params) => reportFailure('confirm:', params.error),
        },
      }),
      RENDERED,
    ),
  )
  const [state, send] = useMachine(logic, {
    inspect: useMachineInspect(),
    input: (() => {
      const typed = valuesTypedBefore(CONFIRM_FORM, ['email', 'code'])
      return { email: typed.email ?? start.email, code: typed.code ?? start.code, signedInAs: who, submitOnStart: wasSentBefore(CONFIRM_FORM) }
    })(),
  })
  useTakeEarlySubmit(CONFIRM_FORM)
  // The machine follows the session: who is signed in at the moment of a submit decides.
  useEffect(() => send({ type: 'auth.changed', signedInAs: who }), [send, who])
  const busy = state.hasTag('busy')

  if (state.matches('confirmed')) {
    return (
      <div className="form-card" data-testid="confirm-form-done">
        <p role="status">{m.acc_confirm_done()}</p>
        <Link to="/account" className="button">
          {m.acc_confirmed_go_account()}
        </Link>
      </div>
    )
  }

  const error = state.context.error ?? start.error
  return (
    <MachineForm
      id={CONFIRM_FORM}
      form={state.children[CONFIRM_FORM] as FormRef | undefined}
      action={formAction(CONFIRM_FORM)}
      initial={{ email: state.context.credentials.email, code: state.context.credentials.code }}
      serverErrors={start.fieldErrors}
      hidden={{ locale: getLocale() }}
      className="form-card"
      testId="confirm-form"
      busy={busy}
    >
      <p className="form-card__muted">{m.acc_confirm_form_text()}</p>
      <FormField name="email" label={m.acc_email_label()} rules={EMAIL_RULES} type="email" autoComplete="email" />
      <FormField name="code" label={m.acc_confirm_code_label()} rules={CODE_RULES} autoComplete="one-time-code" inputMode="numeric" />
      <NewPasswordField label={m.acc_confirm_password_label()} hint={m.acc_confirm_password_hint()} />
      <FormError error={error} />
      {state.matches('otherAccount') ? (
        <div className="notice" role="alert" data-testid="confirm-other-account">
          <p>{m.acc_confirm_other_account({ current: state.context.otherAccount ?? '', email: state.context.credentials.email })}</p>
          <div className="actions actions--start">
            <button type="button" className="button" onClick={() => send({ type: 'confirm.logout' })} data-testid="confirm-logout">
              {m.acc_confirm_logout_first()}
            </button>
            <button type="button" className="button button--ghost" onClick={() => send({ type: 'confirm.edit' })}>
              {m.acc_confirm_keep_account()}
            </button>
          </div>
        </div>
      ) : (
        <SubmitButton busy={busy}>{m.acc_confirm_submit()}</SubmitButton>
      )}
    </MachineForm>
  )
}
