import { type AnyRouter, useRouter } from '@tanstack/react-router'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { reportFailure } from '#app/api/report.ts'
import { identifyUser } from '#app/core/data-layer.ts'
import { splitLocalePrefix } from '#app/core/locale.ts'
import { createWithEffects } from '#app/core/machine-effects.ts'
import { useMachineInspect } from '#app/core/machine-inspect.ts'
import { notify, siteNavigates } from '#app/core/toast.ts'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { createAuthMachine } from '#machines/auth.ts'
import type { AuthUser, PageInfo } from '#machines/auth-types.ts'
import { isLocale } from '#machines/rules/locale.ts'
import { pageAccess } from './access.ts'
import { authCalls, endBackendSession } from './auth.effects.ts'
import { AuthActor } from './auth-actor.ts'
import { registerPageAuth } from './auth-client.ts'
import { clearStoredSession, storeSession } from './auth-storage.ts'
import { readSession } from './session.ts'

/** The page the router shows: its access rule, its address as typed, its language. */
function pageInfo(router: AnyRouter): PageInfo {
  const { matches, location } = router.state
  const locale = splitLocalePrefix(location.publicHref).locale ?? getLocale()
  return { access: pageAccess(matches), href: location.publicHref, locale: isLocale(locale) ? locale : 'en' }
}

/**
 * A page of another language is a new document (each language has its own build, decision 026);
 * within the language the router navigates. Settles once the router's navigation has.
 */
export async function navigateTo(router: AnyRouter, href: string): Promise<void> {
  const target = splitLocalePrefix(href.split(/[?#]/u, 1)[0] ?? href).locale
  const current = splitLocalePrefix(window.location.pathname).locale
  if (target !== null && target !== (current ?? 'en')) window.location.assign(href)
  else {
    siteNavigates()
    await router.navigate({ href })
  }
}

/**
 * The auth machine with the site's side effects: the backend calls, the cookie and storage,
 * navigation, toasts. Its input comes from the stored session and the server (user, time), so
 * the server and the browser render the same first state.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const router = useRouter()
  const site = useSite()
  const locale = getLocale()
  const crossOrigin = site.config.cookiesCrossOrigin
  const logic = useMemo(() => {
    return createWithEffects(createAuthMachine, () => ({
      // A failure without the backend's own message (no answer, a broken body) reads as a plain
      // sentence, never as the request's technical detail; the backend's message is kept.
      actors: authCalls({ base: site.config.apiBrowserBase, locale, fallbackMessage: () => m.acc_login_unreachable() }),
      actions: {
        storeSession: (_, params) => storeSession(params, crossOrigin),
        clearStoredSession: () => clearStoredSession(crossOrigin),
        navigate: (_, params) => void navigateTo(router, params.to),
        toast: (_, params) => notify(params),
        logError: (_, params) => reportFailure('auth:', params.error),
        reportExpired: (_, params) => console.warn(params.message),
        endBackendSession: (_, params) => void endBackendSession({ base: site.config.apiBrowserBase, locale }, params),
      },
    }))
  }, [router, site.config.apiBrowserBase, locale, crossOrigin])
  const [input] = useState(() => ({ ...readSession(), now: site.now, user: (site.user as AuthUser | null) ?? null, page: pageInfo(router) }))
  return (
    <AuthActor.Provider logic={logic} options={{ inspect: useMachineInspect(), input }}>
      <AuthFollowsRouter />
      <AnalyticsUser />
      {children}
    </AuthActor.Provider>
  )
}

/** R3: the signed-in user's id goes to analytics as its user id. */
function AnalyticsUser() {
  const userId = AuthActor.useSelector((s) => (s.matches('loggedIn') ? (s.context.user?.id ?? null) : null))
  useEffect(() => identifyUser(userId), [userId])
  return null
}

/**
 * R4: the token is checked before every navigation, as before every request; and the
 * machine knows which page is on show (what a session that ends there does depends on it).
 */
function AuthFollowsRouter() {
  const router = useRouter()
  const auth = AuthActor.useActorRef()
  useEffect(() => {
    registerPageAuth(auth)
    return () => registerPageAuth(null)
  }, [auth])
  useEffect(() => {
    const before = router.subscribe('onBeforeNavigate', () => auth.send({ type: 'token.check', now: Date.now() }))
    const resolved = router.subscribe('onResolved', () => auth.send({ type: 'page.changed', page: pageInfo(router) }))
    return () => {
      before()
      resolved()
    }
  }, [router, auth])
  return null
}
