import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { isSafeRedirect } from '#machines/rules/redirect'
import { PageIntro } from '~/components/page-intro'
import { SignInForm } from '~/components/account/sign-in-form'
import { useSite } from '~/lib/use-site'

/**
 * Spec 5: only a safe local path is kept as the target to return to after login. The router
 * keeps raw search params next to validated ones, so an unsafe value is overwritten, not dropped.
 */
const LoginSearch = (s: Record<string, unknown>): { redirect?: string } => ({ redirect: isSafeRedirect(s.redirect) ? s.redirect : undefined })

export const Route = createFileRoute('/_guests/login/')({
  validateSearch: LoginSearch,
  component: LoginPage,
})

function LoginPage() {
  const { product } = useSite()
  const { redirect } = Route.useSearch()
  return (
    <PageIntro heading={m.page_login_heading({ product })} intro={m.page_login_intro({ product })}>
      {redirect ? <p className="notice" data-testid="login-target" data-target={redirect}>{m.login_required_notice()}</p> : null}
      <SignInForm redirect={redirect} />
    </PageIntro>
  )
}
