import { Link, createFileRoute, useNavigate } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { PageIntro } from '~/components/page-intro'
import { usePageRequest } from '~/components/account/use-request'
import { TextField } from '~/components/forms/text-field'
import { useField, validateAll } from '~/components/forms/use-form'
import { useApi } from '~/api/use-api'
import { referrerCookie } from '~/lib/referrer'
import { sanitizeReferrerCode } from '~/lib/download'
import { useSite } from '~/lib/use-site'

/**
 * Spec 2, 7: the join page. A code registers the referrer (GET /referrer/link/{code}) and is
 * kept in the referrer cookie for sign-up and the launcher download. Without a code the
 * visitor can type the one a friend gave them, or go on to sign in without one.
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
      {valid ? <RegisterCode code={valid} /> : <EnterCode />}
    </PageIntro>
  )
}

/** The characters of a referral code as the backend issues it (the rule of `sanitizeReferrerCode`). */
const REFERRAL_CODE_PATTERN = '[A-Za-z0-9_\\-]+'

function EnterCode() {
  const navigate = useNavigate()
  const code = useField({ name: 'code', label: m.acc_join_code_label(), required: true, pattern: REFERRAL_CODE_PATTERN, maxLength: 64 })
  return (
    <div className="form-card" data-testid="join-no-code">
      <p>{m.acc_join_no_code()}</p>
      <form
        noValidate
        className="join-code"
        data-testid="join-code-form"
        onSubmit={async (e) => {
          e.preventDefault()
          if (await validateAll([code])) void navigate({ to: '/join/{-$code}', params: { code: code.value } })
        }}
      >
        <TextField field={code} autoComplete="off" autoCapitalize="characters" spellCheck={false} hint={m.acc_join_code_hint()} />
        <button type="submit" className="button button--ghost">{m.acc_join_code_submit()}</button>
      </form>
      <p className="form-card__muted">{m.acc_join_without_code()}</p>
      <Link to="/login" className="button" data-testid="join-sign-in">{m.acc_join_cta()}</Link>
    </div>
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
