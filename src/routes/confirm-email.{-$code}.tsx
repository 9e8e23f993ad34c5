import { Link, createFileRoute } from '@tanstack/react-router'
import { isLoggedIn } from '#machines/auth'
import { m } from '~/paraglide/messages'
import { PageIntro } from '~/components/page-intro'
import { AuthActor } from '~/components/auth-provider'
import { ConfirmForm } from '~/components/account/confirm-form'
import { usePageRequest } from '~/components/account/use-request'
import { useApi } from '~/api/use-api'
import { useSite } from '~/lib/use-site'
import { normalizeDigits } from '~/lib/forms/digits'

/**
 * Spec 2, 7: /confirm-email/{code} confirms an e-mail by the link's code
 * (POST /users/email/{code}); /confirm-email shows the confirmation form.
 */
export const Route = createFileRoute('/confirm-email/{-$code}')({
  component: ConfirmEmailPage,
})

function ConfirmEmailPage() {
  const { product } = useSite()
  const { code } = Route.useParams()
  return (
    <PageIntro heading={m.page_confirm_email_heading({ product })} intro={m.page_confirm_email_intro({ product })}>
      {code ? <ConfirmByLink code={code} /> : <ConfirmForm />}
    </PageIntro>
  )
}

function ConfirmByLink({ code }: { code: string }) {
  const api = useApi()
  const auth = AuthActor.useActorRef()
  const loggedIn = AuthActor.useSelector(isLoggedIn)
  const request = usePageRequest(
    // Spec 5: a six-digit code typed into the address in Arabic-Indic digits goes as Latin digits.
    () => api.confirmEmail(normalizeDigits(code)),
    () => {
      if (auth.getSnapshot().matches('loggedIn')) auth.send({ type: 'user.refresh' })
    },
  )
  if (request.loading) return <p className="notice" role="status" aria-busy="true">{m.acc_confirming()}</p>
  if (request.failed) {
    return (
      <div className="form-card" role="alert" data-testid="confirm-failed">
        <p>{request.error}</p>
        <button type="button" className="button button--ghost" onClick={request.retry}>{m.acc_retry()}</button>
      </div>
    )
  }
  return (
    <div className="form-card" data-testid="confirm-done">
      <p role="status">{request.result?.message}</p>
      {loggedIn ? <Link to="/account" className="button">{m.acc_confirmed_go_account()}</Link> : <Link to="/login" className="button">{m.nav_login()}</Link>}
    </div>
  )
}
