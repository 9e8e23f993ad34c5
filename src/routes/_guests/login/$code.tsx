import { createFileRoute, useHydrated } from '@tanstack/react-router'
import { createIsomorphicFn } from '@tanstack/react-start'
import { getRequestHeader } from '@tanstack/react-start/server'
import { useCallback, useEffect } from 'react'
import { AuthActor } from '#app/core/auth-actor.ts'
import { useSite } from '#app/core/use-site.ts'
import { LoginLinkView } from '#app/features/account/login-link-view.tsx'
import { useSignInFailure } from '#app/features/account/sign-in-failed.tsx'
import { loginLinkState } from '#machines/login-link-words.ts'
import { isOwnNavigation } from '#machines/rules/navigation.ts'
import { isSafeRedirect } from '#machines/rules/redirect.ts'

const Search = (s: Record<string, unknown>): { redirect?: string } => ({ redirect: isSafeRedirect(s.redirect) ? s.redirect : undefined })

/** Whether the visitor opened the link themselves; a navigation inside the site always is. */
const openedByVisitor = createIsomorphicFn()
  .server(() => isOwnNavigation(getRequestHeader('sec-fetch-site')))
  .client(() => true)

/** R2, R7, R4.24: sign-in by the code from the e-mailed link (GET /users/auth/{code}); its words by its state (machines/login-link-words.ts). */
export const Route = createFileRoute('/_guests/login/$code')({
  staticData: { page: 'login_code' },
  validateSearch: Search,
  loader: () => ({ own: openedByVisitor() }),
  component: LoginCodePage,
})

function LoginCodePage() {
  const { product } = useSite()
  const { code } = Route.useParams()
  const { redirect } = Route.useSearch()
  const { own } = Route.useLoaderData()
  const auth = AuthActor.useActorRef()
  const failure = useSignInFailure()
  // Until the page's script runs (or without one), the link waits for the visitor's button: only
  // the script signs in on opening it, and a page without it would say "checking" for ever.
  const hydrated = useHydrated()
  const signIn = useCallback(
    () => auth.send({ type: 'auth.login', credentials: { kind: 'link', code }, now: Date.now(), redirectTo: redirect ?? '/' }),
    [auth, code, redirect],
  )
  useEffect(() => {
    // After hydration only: the server renders the "checking" state, the browser signs in. A link
    // opened from another site waits for the visitor's button.
    if (own) signIn()
  }, [signIn, own])
  return (
    <LoginLinkView
      state={loginLinkState({ failed: failure !== null, own, hydrated })}
      product={product}
      code={code}
      redirect={redirect}
      failure={failure}
      onContinue={signIn}
    />
  )
}
