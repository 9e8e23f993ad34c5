import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { AuthActor } from '#app/features/account/auth-actor.ts'
import { SignInFailed, useSignInFailure } from '#app/features/account/sign-in-failed.tsx'
import { m } from '#app/paraglide/messages.js'
import { PageIntro } from '#app/site/page-intro.tsx'
import { useSite } from '#app/site/use-site.ts'
import { isSafeRedirect } from '#machines/rules/redirect.ts'

const Search = (s: Record<string, unknown>): { redirect?: string } => ({ redirect: isSafeRedirect(s.redirect) ? s.redirect : undefined })

/** R2, R7: sign-in by the code from the e-mailed link (GET /users/auth/{code}). */
export const Route = createFileRoute('/_guests/login/$code')({
  validateSearch: Search,
  component: LoginCodePage,
})

function LoginCodePage() {
  const { product } = useSite()
  const { code } = Route.useParams()
  const { redirect } = Route.useSearch()
  const auth = AuthActor.useActorRef()
  const failure = useSignInFailure()
  useEffect(() => {
    // After hydration only: the server renders the "checking" state, the browser signs in.
    auth.send({ type: 'auth.login', credentials: { kind: 'link', code }, now: Date.now(), redirectTo: redirect ?? '/' })
  }, [auth, code, redirect])
  return (
    <PageIntro heading={m.page_login_code_heading({ product })} intro={m.page_login_code_intro({ product })}>
      {failure !== null ? (
        <SignInFailed title={m.acc_link_failed_title()} error={failure} redirect={redirect} testId="link-failed" />
      ) : (
        <p className="notice" role="status" aria-busy="true">
          {m.acc_link_checking()}
        </p>
      )}
    </PageIntro>
  )
}
