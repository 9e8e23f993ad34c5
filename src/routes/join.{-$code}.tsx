import { Link, createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { PageIntro } from '~/components/page-intro'
import { usePageRequest } from '~/components/account/use-request'
import { useApi } from '~/api/use-api'
import { referrerCookie } from '~/lib/referrer'
import { sanitizeReferrerCode } from '~/lib/download'
import { useSite } from '~/lib/use-site'

/**
 * Spec 2, 7: the join page. A code registers the referrer (GET /referrer/link/{code}) and is
 * kept in the referrer cookie for sign-up and the launcher download.
 */
export const Route = createFileRoute('/join/{-$code}')({
  component: JoinPage,
})

function JoinPage() {
  const { product } = useSite()
  const { code } = Route.useParams()
  const valid = sanitizeReferrerCode(code)
  return (
    <PageIntro heading={m.page_join_heading({ product })} intro={m.page_join_intro({ product })}>
      {valid ? <RegisterCode code={valid} /> : <p className="notice">{m.acc_join_no_code()}</p>}
    </PageIntro>
  )
}

function RegisterCode({ code }: { code: string }) {
  const api = useApi()
  const site = useSite()
  const request = usePageRequest(
    () => api.registerReferrer(code),
    (result) => {
      if (result.valid) document.cookie = referrerCookie(result.code, site.config.cookiesCrossOrigin)
    },
  )
  if (request.loading) return <p className="notice" role="status" aria-busy="true">{m.acc_join_checking()}</p>
  return (
    <div className="form-card" data-testid={request.done ? 'join-valid' : 'join-invalid'}>
      {request.done ? <p role="status">{m.acc_join_valid()}</p> : <p role="alert">{request.error}</p>}
      {request.failed ? <p className="form-card__muted">{m.acc_join_invalid_hint()}</p> : null}
      <Link to="/login" className="button">{m.acc_join_cta()}</Link>
    </div>
  )
}
