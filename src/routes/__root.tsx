/// <reference types="vite/client" />
import { HeadContent, Outlet, Scripts, createRootRouteWithContext } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { getLocale } from '~/paraglide/runtime'
import { m } from '~/paraglide/messages'
import { currentPrefix } from '~/lib/i18n'
import { getSiteContext, type SiteContext } from '~/lib/site-context'
import { buildMeta } from '~/lib/meta'
import { useSite } from '~/lib/use-site'
import { runRouteMiddleware } from '~/lib/route-middleware'
import { readSession } from '~/lib/session'
import type { SessionFacts } from '#machines/rules/access'
import { SiteHeader } from '~/components/site-header'
import { SiteFooter } from '~/components/site-footer'
import { NavigationProgress } from '~/components/navigation-progress'
import { NavigationEffects } from '~/components/navigation-effects'
import { ErrorPage } from '~/components/error-page'
import { AuthProvider } from '~/components/auth-provider'
import { LocaleProvider } from '~/components/locale-provider'
import { UiActors } from '~/components/ui-actors'
import { ModalHost } from '~/components/modal-host'
import { LightboxHost } from '~/components/lightbox-host'
import { Toaster } from '~/components/toaster'
import { ExternalScripts } from '~/components/marketing/external-scripts'
import { NotFoundPage } from '~/components/not-found-page'
// Imported for their side effect: the build lists them in the root route's manifest entry and
// inlines them into the server-rendered page (no render-blocking stylesheet request).
import '~/styles/app.css'
import '~/styles/account.css'
import '~/styles/premium.css'
import '~/styles/marketing.css'

/** What every route's guard reads: the stored session of this navigation (R2, R3). */
export interface RouterContext {
  session: SessionFacts
}

export const Route = createRootRouteWithContext<RouterContext>()({
  loader: () => getSiteContext({ data: { locale: getLocale() } }),
  staleTime: Number.POSITIVE_INFINITY,
  shouldReload: false,
  beforeLoad: ({ matches, location }) => {
    runRouteMiddleware(matches, location)
    return { session: readSession() }
  },
  head: ({ loaderData, matches }) => {
    const site = loaderData as SiteContext | undefined
    const leaf = matches[matches.length - 1]
    const base = [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#0d1117' },
    ]
    if (!site) return { meta: base }
    const meta = buildMeta({
      pathname: leaf?.pathname ?? '/',
      atRoot: currentPrefix() === '',
      locale: getLocale(),
      origin: site.origin,
      brand: site.brandInfo,
      config: site.config,
      // R8: an unknown address answers 404 with its own page, and a failed page its error page.
      standIn: matches.some((m) => m.status === 'notFound' || m._notFound === true) ? 'not_found' : matches.some((m) => m.status === 'error') ? 'error' : null,
    })
    return { meta: [...base, ...meta.meta], links: meta.links }
  },
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
  shellComponent: RootDocument,
  component: RootLayout,
})

function RootDocument({ children }: { children: ReactNode }) {
  return (
    <html lang={getLocale()} dir="ltr">
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  )
}

/** What a form sent without JavaScript said on the page it led to (decision 063). */
function FlashNotice() {
  const { flash } = useSite()
  if (flash?.form !== 'notice' || !flash.notice) return null
  return (
    <p className="notice page-notice" role="status" data-testid="flash-notice">
      {flash.notice}
    </p>
  )
}

function RootLayout() {
  return (
    <LocaleProvider>
    <AuthProvider>
      <UiActors>
        <a className="skip-link" href="#main">
          {m.skip_to_content()}
        </a>
        <NavigationProgress />
        <NavigationEffects />
        <SiteHeader />
        <main id="main" className="page" tabIndex={-1}>
          <FlashNotice />
          <Outlet />
        </main>
        <SiteFooter />
        <ModalHost />
        <LightboxHost />
        <Toaster />
        <ExternalScripts />
      </UiActors>
    </AuthProvider>
    </LocaleProvider>
  )
}
