import { useMachine } from '@xstate/react'
import { type ReactNode, useState } from 'react'
import { fromPromise } from 'xstate'
import { reportFailure } from '#app/api/report.ts'
import { AuthActor } from '#app/core/auth-actor.ts'
import { askAuth } from '#app/core/auth-client.ts'
import { formAction } from '#app/core/form-endpoints.ts'
import { createWithEffects } from '#app/core/machine-effects.ts'
import { useMachineInspect } from '#app/core/machine-inspect.ts'
import { ticker } from '#app/core/ticker.ts'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { FormError, FormField, MachineForm, SubmitButton, useTakeEarlySubmit, valuesTypedBefore, wasSentBefore } from '#app/ui/form.tsx'
import { siteForm } from '#app/ui/form-logic.ts'
import { isLoggedIn } from '#machines/auth-selectors.ts'
import type { FormRef } from '#machines/form.ts'
import { CODE_RULES, EMAIL_RULES } from '#machines/rules/fields.ts'
import { createSignInMachine, type SignInEffects, selectResendWait } from '#machines/sign-in.ts'
import { SIGN_IN_CODE_FORM, SIGN_IN_EMAIL_FORM } from '#machines/sign-in-forms.ts'
import type { VerifyCodeInput } from '#machines/sign-in-types.ts'
import { useRequestCodeCall } from './sign-in.effects.ts'

/** What the server rendered the sign-in with: the code step after a form sent without JavaScript, its notice and errors. */
export interface SignInStart {
  step: 'email' | 'code'
  email: string
  /** The code sent without JavaScript that the server turned down: kept so it can be corrected. */
  code: string
  notice: string | null
  resendAt: number | null
  error: string | null
  fieldErrors: Readonly<Record<string, string>>
}

/** Each step's form machine, by the step. */
const STEP_FORM = { email: SIGN_IN_EMAIL_FORM, code: SIGN_IN_CODE_FORM } as const

export const EMAIL_STEP: SignInStart = { step: 'email', email: '', code: '', notice: null, resendAt: null, error: null, fieldErrors: {} }

/** What the machine's first state renders, on the server too: the site's forms. */
const RENDERED: SignInEffects = { actors: { form: siteForm } }

/**
 * R7: passwordless sign-in. The sign-in machine runs both steps: the e-mail step asks the
 * backend for a code (GET /users/auth); the code step hands the code to the auth machine
 * (PATCH /users/verify), which signs in and goes to the remembered target or the root path.
 * Both steps are forms that also work before the page is interactive and without JavaScript.
 */
export function SignInForm({ redirect, start = EMAIL_STEP }: { redirect?: string; start?: SignInStart }) {
  const requestCode = useRequestCodeCall()
  const auth = AuthActor.useActorRef()
  const site = useSite()
  const locale = getLocale()
  const [logic] = useState(() =>
    createWithEffects(
      createSignInMachine,
      () => ({
        actors: {
          requestCode,
          verifyCode: fromPromise<unknown, VerifyCodeInput>(async ({ input }) => {
            const settled = await askAuth(auth, {
              type: 'auth.login',
              credentials: { kind: 'code', email: input.email, code: input.code },
              now: Date.now(),
              redirectTo: input.redirectTo,
            })
            if (!isLoggedIn(settled)) throw new Error(settled.context.error ?? m.notifications_errors_other())
            return null
          }),
          ticker: ticker('clock.tick'),
        },
        actions: { logError: (_, params) => reportFailure('sign-in:', params.error) },
      }),
      RENDERED,
    ),
  )
  const [state, send] = useMachine(logic, {
    inspect: useMachineInspect(),
    input: (() => {
      const formId = STEP_FORM[start.step]
      const typed = valuesTypedBefore(formId, ['email', 'code'])
      return {
        email: typed.email ?? start.email,
        code: typed.code ?? (start.step === 'code' ? start.code : undefined),
        step: start.step,
        notice: start.notice,
        resendAt: start.resendAt,
        submitOnStart: wasSentBefore(formId),
        redirectTo: redirect ?? null,
        now: site.now,
      }
    })(),
  })
  useTakeEarlySubmit(SIGN_IN_EMAIL_FORM)
  useTakeEarlySubmit(SIGN_IN_CODE_FORM)
  const busy = state.hasTag('busy')
  const hidden = { locale, ...(redirect ? { redirect } : {}) }
  const error = state.context.error ?? (state.context.email === start.email ? start.error : null)
  /** A step's form: its machine, its address, and the field messages of the server when the page came back at this step. */
  const stepForm = (step: SignInStart['step']) => ({
    id: STEP_FORM[step],
    form: state.children[STEP_FORM[step]] as FormRef | undefined,
    action: formAction(STEP_FORM[step]),
    serverErrors: start.step === step ? start.fieldErrors : {},
    className: 'form-card',
    busy,
  })

  if (state.matches('email')) {
    return (
      <MachineForm {...stepForm('email')} initial={{ email: state.context.email }} hidden={hidden} testId="sign-in-email">
        <FormField name="email" label={m.acc_email_label()} rules={EMAIL_RULES} type="email" autoComplete="email" hint={m.acc_email_hint()} inputMode="email" />
        <FormError error={error} />
        <SubmitButton busy={busy}>{busy ? m.acc_sending() : m.acc_send_code()}</SubmitButton>
      </MachineForm>
    )
  }

  const waitSeconds = selectResendWait(state)
  return (
    <MachineForm {...stepForm('code')} initial={{ code: state.context.code }} hidden={{ ...hidden, email: state.context.email }} testId="sign-in-code">
      {state.context.notice ? (
        <p className="notice" role="status">
          {state.context.notice}
        </p>
      ) : null}
      <FormField name="code" label={m.acc_code_label()} rules={CODE_RULES} autoComplete="one-time-code" inputMode="numeric" hint={m.acc_code_hint()} />
      <FormError error={error} />
      <SubmitButton busy={busy}>{busy ? m.acc_checking() : m.acc_sign_in()}</SubmitButton>
      <div className="form-card__links">
        <CodeStepAction action="resend" disabled={busy || waitSeconds > 0} onPress={() => send({ type: 'signin.resend', now: Date.now() })}>
          {m.acc_resend()}
        </CodeStepAction>
        {waitSeconds > 0 ? (
          <span className="form-card__muted" aria-live="polite">
            {m.acc_resend_in({ seconds: String(waitSeconds) })}
          </span>
        ) : null}
        <CodeStepAction action="change-email" disabled={busy} onPress={() => send({ type: 'signin.changeEmail' })}>
          {m.acc_change_email()}
        </CodeStepAction>
      </div>
    </MachineForm>
  )
}

/**
 * A link-styled button of the code step. Without JavaScript it sends the form with its
 * `_action` (the server then resends or goes back); with JavaScript `onPress` tells the machine.
 */
function CodeStepAction({ action, disabled, onPress, children }: { action: string; disabled: boolean; onPress: () => void; children: ReactNode }) {
  return (
    <button
      type="submit"
      name="_action"
      value={action}
      formNoValidate
      className="link-button"
      disabled={disabled}
      onClick={(e) => {
        e.preventDefault()
        onPress()
      }}
    >
      {children}
    </button>
  )
}
