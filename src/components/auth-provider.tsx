import { createActorContext } from '@xstate/react'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useMemo, type ReactNode } from 'react'
import { fromPromise } from 'xstate'
import { authMachine, type AuthUser, type TokenGrant } from '#machines/auth'
import { getLocale } from '~/paraglide/runtime'
import type { ApiOptions } from '~/api/client'
import type { TokenGrant as ApiTokenGrant } from '~/api/schemas'
import { clearStoredSession, storeSession } from '~/lib/auth-storage'
import { normalizeDigits } from '~/lib/forms/digits'
import { useSite } from '~/lib/use-site'
import { useMachineInspect } from '~/lib/machine-inspect'
import { notify } from '~/lib/toast'
import { m } from '~/paraglide/messages'

export const AuthActor = createActorContext(authMachine)

/** How the login forms ask the auth machine to sign in (spec 7). */
export type Credentials =
  | { kind: 'code'; email: string; code: string }
  | { kind: 'password'; email: string; password: string }
  | { kind: 'link'; code: string }
  | { kind: 'confirm'; email: string; code: string; password: string }

function toGrant(grant: ApiTokenGrant): TokenGrant {
  return {
    token: grant.token,
    expiresIn: grant.expires_in ?? null,
    refreshToken: grant.refresh_token ?? null,
    refreshExpiresIn: grant.refresh_expires_in ?? null,
  }
}

/**
 * The auth machine with the site's side effects: the backend calls, the cookie and storage,
 * navigation. Its input comes from the server (token, expiry, user, time), so the server and
 * the browser render the same first state.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const router = useRouter()
  const site = useSite()
  const locale = getLocale()
  const crossOrigin = site.config.cookiesCrossOrigin
  const logic = useMemo(() => {
    // The client (ofetch and the response schemas) loads with the first call, not with the page.
    const loadApi = async (options: ApiOptions) => (await import('~/api/client')).createApi(options)
    // A failure without the backend's own message (no answer, a broken body) reads as a plain
    // sentence, never as the request's technical detail; the backend's message is kept.
    const api = (token: string | null = null) =>
      loadApi({ base: site.config.apiBrowserBase, locale, token: () => token, fallbackMessage: () => m.acc_login_unreachable() })
    return authMachine.provide({
      actors: {
        login: fromPromise(async ({ input }: { input: { credentials: unknown } }) => {
          const c = input.credentials as Credentials
          // Spec 5: a code typed in Arabic-Indic digits passes the form; the backend takes Latin digits.
          switch (c.kind) {
            case 'code':
              return toGrant(await (await api()).verify({ email: c.email, code: normalizeDigits(c.code) }))
            case 'password':
              return toGrant(await (await api()).verify({ email: c.email, password: c.password }))
            case 'link':
              return toGrant(await (await api()).signInByCode(c.code))
            case 'confirm':
              return toGrant(await (await api()).confirm({ email: c.email, code: normalizeDigits(c.code), password: c.password }))
          }
        }),
        fetchUser: fromPromise(async ({ input }: { input: { token: string } }) => (await (await api(input.token)).me()) as AuthUser),
        refreshToken: fromPromise(async (): Promise<TokenGrant> => {
          throw new Error('The backend issues no refresh tokens')
        }),
      },
      actions: {
        storeSession: (_, params) => storeSession(params, crossOrigin),
        clearStoredSession: () => clearStoredSession(crossOrigin),
        navigate: (_, params) => {
          void router.navigate({ href: params.to })
        },
        logError: (_, params) => console.error('auth:', params.error),
        // Spec 8: the session reset; a protected page sends the visitor to login and remembers it.
        abortRequest: (_, params) => {
          console.warn(params.error.message)
          const { matches, location } = router.state
          if (matches.some((match) => String(match.routeId).startsWith('/_protected'))) {
            notify({ kind: 'warning', text: m.acc_session_expired() })
            void router.navigate({ to: '/login', search: { redirect: location.href } })
          }
        },
      },
    })
  }, [router, site.config.apiBrowserBase, locale, crossOrigin])
  return (
    <AuthActor.Provider
      logic={logic}
      options={{
        inspect: useMachineInspect(),
        input: {
          now: site.now,
          token: site.session?.token ?? null,
          expiresAt: site.session?.expiresAt ?? null,
          user: (site.user as AuthUser | null) ?? null,
        },
      }}
    >
      <TokenCheckOnNavigation />
      {children}
    </AuthActor.Provider>
  )
}

/** Spec 4: the token is checked before every navigation, as before every request. */
function TokenCheckOnNavigation() {
  const router = useRouter()
  const auth = AuthActor.useActorRef()
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', () => {
        if (auth.getSnapshot().matches('loggedIn')) auth.send({ type: 'token.check', now: Date.now() })
      }),
    [router, auth],
  )
  return null
}
