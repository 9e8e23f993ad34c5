import { createFileRoute, useLocation } from '@tanstack/react-router'
import { useEffect } from 'react'
import { AuthActor } from '#app/core/auth-actor.ts'
import type { Flash } from '#app/core/flash.ts'
import { formAction } from '#app/core/form-endpoints.ts'
import { isOpenIdAnswer } from '#app/core/openid.ts'
import { useSite } from '#app/core/use-site.ts'
import { SignInFailed, useSignInFailure } from '#app/features/account/sign-in-failed.tsx'
import { EMAIL_STEP, SignInForm, type SignInStart } from '#app/features/account/sign-in-form.tsx'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { PageIntro } from '#app/ui/page-intro.tsx'
import { isSafeRedirect, loginReason } from '#machines/rules/redirect.ts'
import { SIGN_IN_CODE_FORM, SIGN_IN_EMAIL_FORM } from '#machines/sign-in-forms.ts'

/**
 * R5: only a safe local path is kept as the target to return to after login. The router
 * keeps raw search params next to validated ones, so an unsafe value is overwritten, not dropped.
 */
const LoginSearch = (s: Record<string, unknown>): { redirect?: string } => ({ redirect: isSafeRedirect(s.redirect) ? s.redirect : undefined })

export const Route = createFileRoute('/_guests/login/')({
  staticData: { page: 'login' },
  validateSearch: LoginSearch,
  component: LoginPage,
})

/** A sign-in form sent without JavaScript comes back at its step, with its notice and errors. */
function startFrom(flash: Flash | null): SignInStart {
  if (!flash || (flash.form !== SIGN_IN_EMAIL_FORM && flash.form !== SIGN_IN_CODE_FORM)) return EMAIL_STEP
  return {
    step: flash.form === SIGN_IN_CODE_FORM ? 'code' : 'email',
    email: flash.values?.email ?? '',
    code: flash.values?.code ?? '',
    notice: flash.notice ?? null,
    resendAt: flash.resendAt ?? null,
    error: flash.error ?? null,
    fieldErrors: flash.errors ?? {},
  }
}

function LoginPage() {
  const { product, flash } = useSite()
  const { redirect } = Route.useSearch()
  // The query exactly as the provider wrote it (the router's parsed search reads numbers into it).
  const searchStr = useLocation().searchStr
  const locale = getLocale()
  const reason = loginReason(redirect)
  if (isOpenIdAnswer(searchStr)) return <SteamCallback redirect={redirect} searchStr={searchStr} />
  return (
    <PageIntro heading={m.page_login_heading({ product })} intro={m.page_login_intro({ product })}>
      {reason ? (
        <p className="notice" data-testid="login-target" data-target={redirect}>
          {reason === 'checkout' ? m.login_checkout_notice() : m.login_required_notice()}
        </p>
      ) : null}
      <SignInForm redirect={redirect} start={startFrom(flash)} />
      <div className="form-card form-card--alt">
        <p className="form-card__muted">{m.acc_steam_or()}</p>
        {/* The site starts the sign-in, so that the answer is bound to this browser. */}
        <form method="post" action={formAction('steam-start')}>
          <input type="hidden" name="locale" value={locale} />
          {redirect ? <input type="hidden" name="redirect" value={redirect} /> : null}
          <button type="submit" className="button button--steam" data-testid="steam-sign-in">
            {m.acc_steam_sign_in()}
          </button>
        </form>
      </div>
    </PageIntro>
  )
}

/**
 * R2, R7: the login callback. Steam sends the visitor back here with its signed answer; the
 * auth machine hands it to the backend (GET /users/auth with the query as it came) and signs
 * in. Without JavaScript the same answer goes to the site's server as a form.
 */
function SteamCallback({ redirect, searchStr }: { redirect?: string; searchStr: string }) {
  const { product } = useSite()
  const auth = AuthActor.useActorRef()
  const failure = useSignInFailure()
  useEffect(() => {
    const params = Object.fromEntries(new URLSearchParams(searchStr))
    auth.send({ type: 'auth.callback', params, now: Date.now(), redirectTo: redirect ?? null })
  }, [auth, redirect, searchStr])
  return (
    <PageIntro heading={m.page_login_heading({ product })} intro={m.acc_steam_intro()}>
      {failure !== null ? (
        <SignInFailed title={m.acc_steam_failed_title()} error={failure} redirect={redirect} testId="steam-failed" />
      ) : (
        <>
          <p className="notice" role="status" aria-busy="true" data-testid="steam-checking">
            {m.acc_steam_checking()}
          </p>
          <noscript>
            <form method="post" action={formAction('steam')}>
              <input type="hidden" name="locale" value={getLocale()} />
              {[...new URLSearchParams(searchStr)].map(([name, value]) => (
                <input key={name} type="hidden" name={`q:${name}`} value={value} />
              ))}
              <button type="submit" className="button">
                {m.acc_steam_continue()}
              </button>
            </form>
          </noscript>
        </>
      )}
    </PageIntro>
  )
}
