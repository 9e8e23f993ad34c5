import { formAction, LOGIN_LINK_FORM } from '#app/core/form-endpoints.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { PageIntro } from '#app/ui/page-intro.tsx'
import { LOGIN_LINK_WORDS, type LoginLinkState, type LoginLinkWordKey } from '#machines/login-link-words.ts'
import { LOGIN_LINK_TEXT } from './login-link-words.ts'
import { SignInFailed } from './sign-in-failed.tsx'

export interface LoginLinkViewProps {
  state: LoginLinkState
  product: string
  code: string
  redirect?: string
  /** Why the link was refused, in the auth machine's words (the `failed` state). */
  failure: string | null
  onContinue: () => void
}

/**
 * R4.24: the sign-in link's page in one of its states: the heading, lead and action of that state
 * only (machines/login-link-words.ts). Without JavaScript the button posts the link's form.
 */
export function LoginLinkView({ state, product, code, redirect, failure, onContinue }: LoginLinkViewProps) {
  const words = LOGIN_LINK_WORDS[state]
  const say = (key: LoginLinkWordKey | null) => (key ? LOGIN_LINK_TEXT[key]({ product }) : '')
  return (
    <PageIntro heading={say(words.heading)} intro={say(words.lead)}>
      {state === 'failed' ? (
        <SignInFailed error={failure ?? ''} action={say(words.action)} redirect={redirect} testId="link-failed" />
      ) : state === 'checking' ? (
        <p className="notice" role="status" aria-busy="true">
          {m.acc_link_checking()}
        </p>
      ) : (
        <form method="post" action={formAction(LOGIN_LINK_FORM)} className="form-card" data-testid="link-ask" data-state={state}>
          <input type="hidden" name="locale" value={getLocale()} />
          <input type="hidden" name="code" value={code} />
          {redirect ? <input type="hidden" name="redirect" value={redirect} /> : null}
          <button
            type="submit"
            className="button"
            onClick={(event) => {
              event.preventDefault()
              onContinue()
            }}
          >
            {say(words.action)}
          </button>
        </form>
      )}
    </PageIntro>
  )
}
