import { useMachine } from '@xstate/react'
import { useState } from 'react'
import { fromPromise, waitFor } from 'xstate'
import { signInMachine, type CodeRequested, type RequestCodeInput, type VerifyCodeInput } from '#machines/sign-in'
import { m } from '~/paraglide/messages'
import { useApi } from '~/api/use-api'
import { readReferrerCode } from '~/lib/referrer'
import { useNow } from '~/lib/use-now'
import { AuthActor } from '../auth-provider'
import { TextField } from '../forms/text-field'
import { useField, validateAll } from '../forms/use-form'
import { useMachineInspect } from '~/lib/machine-inspect'

/**
 * Spec 7: passwordless sign-in. The e-mail step asks the backend for a code (GET /users/auth);
 * the code step hands the code to the auth machine (PATCH /users/verify), which signs in and
 * goes to the remembered target or the root path.
 */
export function SignInForm({ redirect }: { redirect?: string }) {
  const api = useApi()
  const auth = AuthActor.useActorRef()
  const [logic] = useState(() =>
    signInMachine.provide({
      actors: {
        requestCode: fromPromise<CodeRequested & { now: number }, RequestCodeInput>(async ({ input }) => {
          const referrer = readReferrerCode(document.cookie)
          const answer = await api.requestSignIn({
            email: input.email,
            ...(redirect ? { redirect } : {}),
            ...(referrer ? { referrer_link_code: referrer } : {}),
          })
          return { message: answer.message, resendIn: answer.resend_in ?? 30, now: Date.now() }
        }),
        verifyCode: fromPromise<unknown, VerifyCodeInput>(async ({ input }) => {
          auth.send({ type: 'auth.login', credentials: { kind: 'code', email: input.email, code: input.code }, now: Date.now(), redirectTo: redirect ?? '/' })
          const settled = await waitFor(auth, (s) => !s.hasTag('busy'))
          if (!settled.matches('loggedIn')) throw new Error(settled.context.error ?? m.notifications_errors_other())
          return null
        }),
      },
      actions: { logError: (_, params) => console.error('sign-in:', params.error) },
    }),
  )
  const [state, send] = useMachine(logic, { input: {}, inspect: useMachineInspect() })
  const email = useField({ name: 'email', label: m.acc_email_label(), type: 'email', required: true, maxLength: 254, initial: state.context.email })
  const code = useField({ name: 'code', label: m.acc_code_label(), required: true, rules: [{ rule: 'numeric' }, { rule: 'length', length: 6 }] })
  const now = useNow(1000, state.matches('code'))
  const busy = state.hasTag('busy')
  const waitSeconds = state.context.resendAt && now !== null ? Math.max(0, Math.ceil((state.context.resendAt - now) / 1000)) : 0

  if (state.matches('email') || state.matches('requesting')) {
    return (
      <form
        className="form-card"
        noValidate
        data-testid="sign-in-email"
        onSubmit={async (e) => {
          e.preventDefault()
          if (await validateAll([email])) send({ type: 'signin.submit', email: email.value, now: Date.now() })
        }}
      >
        <TextField field={email} autoComplete="email" hint={m.acc_email_hint()} inputMode="email" />
        {state.context.error ? <p className="form-error" role="alert">{state.context.error}</p> : null}
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? m.acc_sending() : m.acc_send_code()}
        </button>
      </form>
    )
  }

  return (
    <form
      className="form-card"
      noValidate
      data-testid="sign-in-code"
      onSubmit={async (e) => {
        e.preventDefault()
        if (await validateAll([code])) send({ type: 'signin.verify', code: code.value })
      }}
    >
      {state.context.notice ? <p className="notice" role="status">{state.context.notice}</p> : null}
      <TextField field={code} autoComplete="one-time-code" inputMode="numeric" hint={m.acc_code_hint()} />
      {state.context.error ? <p className="form-error" role="alert">{state.context.error}</p> : null}
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        {busy ? m.acc_checking() : m.acc_sign_in()}
      </button>
      <div className="form-card__links">
        <button type="button" className="link-button" disabled={busy || waitSeconds > 0} onClick={() => send({ type: 'signin.resend', now: Date.now() })}>
          {m.acc_resend()}
        </button>
        {waitSeconds > 0 ? <span className="form-card__muted" aria-live="polite">{m.acc_resend_in({ seconds: String(waitSeconds) })}</span> : null}
        <button type="button" className="link-button" disabled={busy} onClick={() => send({ type: 'signin.changeEmail' })}>
          {m.acc_change_email()}
        </button>
      </div>
    </form>
  )
}
