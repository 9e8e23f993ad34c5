import { Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useState } from 'react'
import { fromPromise, waitFor } from 'xstate'
import { confirmMachine, type ConfirmCredentials } from '#machines/sign-in'
import { m } from '~/paraglide/messages'
import { notify } from '~/lib/toast'
import { useMachineInspect } from '~/lib/machine-inspect'
import { AuthActor } from '../auth-provider'
import { TextField } from '../forms/text-field'
import { useField, validateAll } from '../forms/use-form'

/** Where the confirmation page is, to stay on it after signing out of another account. */
const CONFIRM_PATH = '/confirm-email'

/**
 * Spec 7: confirming the e-mail with the code sent to it and setting a password
 * (POST /users/confirm: email, code, password), which also signs in. The confirm machine
 * decides what a submit does for a guest, for the signed-in account itself and for a visitor
 * signed in as another account; this form only renders its state and sends events.
 */
export function ConfirmForm() {
  const auth = AuthActor.useActorRef()
  const authBusy = AuthActor.useSelector((s) => s.hasTag('busy'))
  const signedInAs = AuthActor.useSelector((s) => (s.matches('loggedIn') && typeof s.context.user?.email === 'string' ? s.context.user.email : null))
  const [logic] = useState(() =>
    confirmMachine.provide({
      actors: {
        confirm: fromPromise<unknown, ConfirmCredentials>(async ({ input }) => {
          const login = { type: 'auth.login', credentials: { kind: 'confirm', ...input }, now: Date.now(), redirectTo: '/account' } as const
          // A session that changed since the submit (signed out elsewhere, another account) takes nothing: say so, never "done".
          if (!auth.getSnapshot().can(login)) throw new Error(m.notifications_errors_other())
          auth.send(login)
          const settled = await waitFor(auth, (s) => !s.hasTag('busy'))
          if (!settled.matches('loggedIn') || settled.context.error !== null) throw new Error(settled.context.error ?? m.notifications_errors_other())
          return null
        }),
      },
      actions: {
        logout: () => auth.send({ type: 'auth.logout', redirectTo: CONFIRM_PATH }),
        notifyConfirmed: () => notify({ kind: 'success', text: m.acc_confirm_done() }),
        logError: (_, params) => console.error('confirm:', params.error),
      },
    }),
  )
  const [state, send] = useMachine(logic, { inspect: useMachineInspect() })
  // While the auth machine is busy (the user still on its way) who is signed in is not known yet.
  const busy = state.hasTag('busy') || authBusy
  const email = useField({ name: 'email', label: m.acc_email_label(), type: 'email', required: true, maxLength: 254 })
  const code = useField({ name: 'code', label: m.acc_confirm_code_label(), required: true, rules: [{ rule: 'numeric' }, { rule: 'length', length: 6 }] })
  const password = useField({ name: 'password', label: m.acc_confirm_password_label(), type: 'password', required: true, minLength: 8, maxLength: 128 })

  if (state.matches('confirmed')) {
    return (
      <div className="form-card" data-testid="confirm-form-done">
        <p role="status">{m.acc_confirm_done()}</p>
        <Link to="/account" className="button">{m.acc_confirmed_go_account()}</Link>
      </div>
    )
  }

  return (
    <form
      className="form-card"
      noValidate
      data-testid="confirm-form"
      onSubmit={async (e) => {
        e.preventDefault()
        if (!(await validateAll([email, code, password]))) return
        send({ type: 'confirm.submit', email: email.value, code: code.value, password: password.value, signedInAs })
      }}
    >
      <TextField field={email} autoComplete="email" />
      <TextField field={code} autoComplete="one-time-code" inputMode="numeric" />
      <TextField field={password} autoComplete="new-password" hint={m.acc_password_hint()} />
      {state.context.error ? <p className="form-error" role="alert">{state.context.error}</p> : null}
      {state.matches('otherAccount') ? (
        <div className="notice" role="alert" data-testid="confirm-other-account">
          <p>{m.acc_confirm_other_account({ current: state.context.signedInAs ?? '', email: state.context.email })}</p>
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
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>{m.acc_confirm_submit()}</button>
      )}
    </form>
  )
}
