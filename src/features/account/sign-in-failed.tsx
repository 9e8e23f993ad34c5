import { Link } from '@tanstack/react-router'
import { AuthActor } from '#app/core/auth-actor.ts'
import { m } from '#app/paraglide/messages.js'

/** Why the last sign-in failed, in the auth machine's words; null while it is busy, once it is signed in, or when nothing failed. */
export function useSignInFailure(): string | null {
  return AuthActor.useSelector((s) => (s.hasTag('busy') || s.matches('loggedIn') ? null : s.context.error))
}

/**
 * A sign-in that failed: its title (unless the page's heading already says it), the reason, and
 * the way back to the login page (keeping the target to return to).
 */
export function SignInFailed({
  title,
  error,
  action,
  redirect,
  testId,
}: {
  title?: string
  error: string
  action?: string
  redirect?: string
  testId: string
}) {
  return (
    <div className="form-card" role="alert" data-testid={testId}>
      {title ? <h2>{title}</h2> : null}
      <p>{error}</p>
      <Link to="/login" search={redirect ? { redirect } : {}} className="button">
        {action ?? m.acc_link_retry()}
      </Link>
    </div>
  )
}
