import { useState } from 'react'
import { waitFor } from 'xstate'
import { m } from '~/paraglide/messages'
import { AuthActor } from '../auth-provider'
import { TextField } from '../forms/text-field'
import { useField, validateAll } from '../forms/use-form'

/**
 * Spec 7: confirming the e-mail with the code sent to it and setting a password
 * (POST /users/confirm: email, code, password), which also signs in.
 */
export function ConfirmForm() {
  const auth = AuthActor.useActorRef()
  const busy = AuthActor.useSelector((s) => s.hasTag('busy'))
  const [error, setError] = useState<string | null>(null)
  const email = useField({ name: 'email', label: m.acc_email_label(), type: 'email', required: true, maxLength: 254 })
  const code = useField({ name: 'code', label: m.acc_confirm_code_label(), required: true, rules: [{ rule: 'numeric' }, { rule: 'length', length: 6 }] })
  const password = useField({ name: 'password', label: m.acc_confirm_password_label(), type: 'password', required: true, minLength: 8, maxLength: 128 })
  return (
    <form
      className="form-card"
      noValidate
      data-testid="confirm-form"
      onSubmit={async (e) => {
        e.preventDefault()
        if (!(await validateAll([email, code, password]))) return
        setError(null)
        auth.send({ type: 'auth.login', credentials: { kind: 'confirm', email: email.value, code: code.value, password: password.value }, now: Date.now(), redirectTo: '/account' })
        const settled = await waitFor(auth, (s) => !s.hasTag('busy'))
        if (!settled.matches('loggedIn')) setError(settled.context.error)
      }}
    >
      <TextField field={email} autoComplete="email" />
      <TextField field={code} autoComplete="one-time-code" inputMode="numeric" />
      <TextField field={password} autoComplete="new-password" hint={m.acc_password_hint()} />
      {error ? <p className="form-error" role="alert">{error}</p> : null}
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>{m.acc_confirm_submit()}</button>
    </form>
  )
}
