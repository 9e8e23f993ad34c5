import { createFileRoute, Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useEffect, useState } from 'react'
import { reportFailure } from '#app/api/report.ts'
import { AuthActor } from '#app/core/auth-actor.ts'
import { CONFIRM_LINK_FORM, formAction } from '#app/core/form-endpoints.ts'
import { createWithEffects } from '#app/core/machine-effects.ts'
import { useMachineInspect } from '#app/core/machine-inspect.ts'
import { useSite } from '#app/core/use-site.ts'
import { useConfirmEmailCall } from '#app/features/account/confirm-email.effects.ts'
import type { ConfirmSettled } from '#app/features/account/confirm-email.functions.ts'
import { ConfirmForm } from '#app/features/account/confirm-form.tsx'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { PageIntro } from '#app/ui/page-intro.tsx'
import { isLoggedIn } from '#machines/auth-selectors.ts'
import { createRequestMachine } from '#machines/request.ts'
import { isSafeRedirect } from '#machines/rules/redirect.ts'
import { CONFIRM_FORM } from '#machines/sign-in-forms.ts'

/**
 * R2, R7: /confirm-email/{code} confirms an e-mail by the link's code
 * (POST /users/email/{code}, made by the server as it renders the page); /confirm-email shows the
 * confirmation form.
 */
/** The page that asked for the address (the checkout), which the e-mail's link carries. */
const ConfirmSearch = (s: Record<string, unknown>): { redirect?: string } => ({ redirect: isSafeRedirect(s.redirect) ? s.redirect : undefined })

export const Route = createFileRoute('/confirm-email/{-$code}')({
  staticData: { page: 'confirm_email' },
  validateSearch: ConfirmSearch,
  // A code longer than any the backend issues is sent cut short: the backend's own "unknown code" answers it.
  loader: async ({ params }) => {
    if (!params.code) return null
    const { confirmEmailByLink } = await import('#app/features/account/confirm-email.functions.ts')
    return confirmEmailByLink({ data: { locale: getLocale(), code: params.code.slice(0, 200) } })
  },
  component: ConfirmEmailPage,
})

function ConfirmEmailPage() {
  const { product, flash } = useSite()
  const { code } = Route.useParams()
  const settled = Route.useLoaderData()
  const start =
    flash?.form === CONFIRM_FORM
      ? { email: flash.values?.email ?? '', code: flash.values?.code ?? '', error: flash.error ?? null, fieldErrors: flash.errors ?? {} }
      : undefined
  const linkOutcome = !code && flash?.form === CONFIRM_LINK_FORM ? flash : null
  return (
    <PageIntro heading={m.page_confirm_email_heading({ product })} intro={m.page_confirm_email_intro({ product })}>
      {linkOutcome?.notice ? (
        <div className="form-card" data-testid="confirm-done">
          <p role="status">{linkOutcome.notice}</p>
        </div>
      ) : null}
      {linkOutcome?.error ? (
        <div className="form-card" role="alert" data-testid="confirm-failed">
          <p>{linkOutcome.error}</p>
        </div>
      ) : null}
      {code ? <ConfirmByLink key={code} code={code} settled={settled} /> : <ConfirmForm start={start} />}
    </PageIntro>
  )
}

/**
 * The confirmation's outcome in the request machine; a retry asks the backend again from the
 * browser. Nothing settled by the server (its answer never came) means the browser asks.
 */
function ConfirmByLink({ code, settled }: { code: string; settled: ConfirmSettled | null }) {
  const run = useConfirmEmailCall(code)
  const auth = AuthActor.useActorRef()
  const loggedIn = AuthActor.useSelector(isLoggedIn)
  const { redirect } = Route.useSearch()
  const [logic] = useState(() =>
    createWithEffects(createRequestMachine, () => ({
      actors: { run },
      actions: {
        // The account's address changed: the auth machine fetches the user again when signed in.
        succeeded: () => auth.send({ type: 'user.refresh' }),
        logError: (_, params) => reportFailure('confirm-email:', params.error),
      },
    })),
  )
  // Opened from another site, nothing is used up until the visitor confirms.
  const ask = settled !== null && 'ask' in settled
  const [state, send] = useMachine(logic, {
    inspect: useMachineInspect(),
    input: { settled: settled === null || ask ? undefined : 'result' in settled ? { result: settled.result } : { error: new Error(settled.error) } },
  })
  const idle = state.matches('idle')
  useEffect(() => {
    if (idle && !ask) send({ type: 'request.start' })
  }, [idle, ask, send])
  if (idle && ask)
    return (
      <form method="post" action={formAction(CONFIRM_LINK_FORM)} className="form-card" data-testid="confirm-ask">
        <p>{m.acc_confirm_link_ask()}</p>
        <input type="hidden" name="locale" value={getLocale()} />
        <input type="hidden" name="code" value={code} />
        <button
          type="submit"
          className="button"
          onClick={(event) => {
            event.preventDefault()
            send({ type: 'request.start' })
          }}
        >
          {m.acc_confirm_link_button()}
        </button>
      </form>
    )
  if (idle || state.hasTag('busy'))
    return (
      <p className="notice" role="status" aria-busy="true">
        {m.acc_confirming()}
      </p>
    )
  if (state.matches('failed')) {
    return (
      <div className="form-card" role="alert" data-testid="confirm-failed">
        <p>{state.context.error}</p>
        <button type="button" className="button button--ghost" onClick={() => send({ type: 'request.retry' })}>
          {m.acc_retry()}
        </button>
      </div>
    )
  }
  return (
    <div className="form-card" data-testid="confirm-done">
      <p role="status">{(state.context.result as { message: string } | null)?.message}</p>
      {loggedIn && redirect ? (
        <a href={redirect} className="button" data-testid="confirm-return">
          {m.acc_email_return_link()}
        </a>
      ) : loggedIn ? (
        <Link to="/account" className="button">
          {m.acc_confirmed_go_account()}
        </Link>
      ) : (
        <Link to="/login" className="button">
          {m.nav_login()}
        </Link>
      )}
    </div>
  )
}
