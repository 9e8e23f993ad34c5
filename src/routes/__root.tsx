/// <reference types="vite/client" />
import { createRootRouteWithContext, HeadContent, Outlet, Scripts } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { AuthProvider } from '#app/core/auth-provider.tsx'
import { currentPrefix } from '#app/core/i18n.ts'
import { LocaleProvider } from '#app/core/locale-provider.tsx'
import { type MetaInput, metaTags, type PageKey, type PageTexts, productName, routePage, shownPageKey, THEME_COLOR } from '#app/core/meta-tags.ts'
import { runRouteMiddleware } from '#app/core/middleware.ts'
import { readSession } from '#app/core/session.ts'
import type { SiteContext } from '#app/core/site-context.ts'
import { useSite } from '#app/core/use-site.ts'
import type { PlansResult } from '#app/features/premium/plans-result.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { ConsentBanner, ConsentProvider } from '#app/site/consent.tsx'
import { ErrorPage } from '#app/site/error-page.tsx'
import { NavigationEffects } from '#app/site/navigation-effects.tsx'
import { NavigationProgress } from '#app/site/navigation-progress.tsx'
import { NotFoundPage } from '#app/site/not-found-page.tsx'
import { pageStructuredData } from '#app/site/page-structured-data.ts'
import { SiteFooter } from '#app/site/site-footer.tsx'
import { SiteHeader } from '#app/site/site-header.tsx'
import { jsonLdScript } from '#app/site/structured-data.ts'
import { DialogHosts } from '#app/ui/dialog-hosts.tsx'
import { Toaster } from '#app/ui/toaster.tsx'
import { UiActors } from '#app/ui/ui-actors.tsx'
import { isRefusedCode, type JoinInput } from '#machines/join.ts'
import type { SessionFacts } from '#machines/rules/access.ts'
import type { Locale } from '#machines/rules/locale.ts'
// Imported for their side effect: the build lists them in the root route's manifest entry and
// inlines them into the server-rendered page (no render-blocking stylesheet request).
import '#app/styles/app.css'
import '#app/styles/account.css'
import '#app/styles/premium.css'
import '#app/styles/marketing.css'

/**
 * The root loader's data: the site context, and the texts of the page the document was rendered
 * for, so the browser's first head needs no messages of its own (decision 022).
 */
interface RootData extends SiteContext {
  landing: PageTexts & { key: PageKey; locale: Locale }
}

/** A page's title and description: the landing page's from the loader, another's from its messages, loaded on demand. */
async function textsOf(input: MetaInput, site: RootData): Promise<PageTexts> {
  const key = shownPageKey(input)
  if (site.landing.key === key && site.landing.locale === input.locale) return site.landing
  const { pageTexts } = await import('#app/core/meta.ts')
  return pageTexts(key, productName(site.brandInfo, input.locale), input.locale, site.brand)
}

/** What every route's guard reads: the stored session of this navigation (R2, R3). */
export interface RouterContext {
  session: SessionFacts
}

export const Route = createRootRouteWithContext<RouterContext>()({
  staleTime: Number.POSITIVE_INFINITY,
  shouldReload: false,
  beforeLoad: ({ matches, location }) => {
    runRouteMiddleware(matches, location)
    // The page the deepest matched route names: its texts travel with the root's data.
    return { session: readSession(), page: routePage(matches) }
  },
  loader: async ({ context }) => {
    const locale = getLocale()
    // In the browser this runs only when a failed page is retried: the server-function client loads then (decision 022).
    const { getSiteContext } = await import('#app/core/site-context.ts')
    const site = await getSiteContext({ data: { locale } })
    const key = context.page
    const { pageTexts } = await import('#app/core/meta.ts')
    return { ...site, landing: { key, locale, ...pageTexts(key, productName(site.brandInfo, locale), locale, site.brand) } }
  },
  head: async ({ loaderData, matches }) => {
    const site = loaderData as RootData | undefined
    const leaf = matches[matches.length - 1]
    const base = [{ charSet: 'utf-8' }, { name: 'viewport', content: 'width=device-width, initial-scale=1' }, { name: 'theme-color', content: THEME_COLOR }]
    if (!site) return { meta: base }
    const input: MetaInput = {
      pathname: leaf?.pathname ?? '/',
      page: routePage(matches),
      atRoot: currentPrefix() === '',
      locale: getLocale(),
      origin: site.origin,
      brand: site.brandInfo,
      config: site.config,
      // R8: an unknown address answers 404 with its own page, and a failed page its error page.
      standIn: matches.some((m) => m.status === 'notFound' || m._notFound === true)
        ? 'not_found'
        : matches.some((m) => m.status === 'error')
          ? 'error'
          : // A join link with a code the backend does not know: its own title, not the invitation's.
            matches.some((m) => (m.routeId as string) === '/join/{-$code}' && isRefusedCode(m.loaderData as JoinInput['settled']))
            ? 'join_invalid'
            : null,
    }
    const texts = await textsOf(input, site)
    const meta = metaTags(input, texts)
    // The page's structured data; the home and premium pages' plans come with their route's data.
    const graph = await pageStructuredData({
      meta: input,
      texts,
      operator: site.config.operator,
      debugPrices: site.config.debugPrices,
      trialUsed: site.user?.trial_used === true,
      plans: (leaf?.loaderData as { plans?: PlansResult | null } | undefined)?.plans,
    })
    return { meta: [...base, ...meta.meta], links: meta.links, scripts: [jsonLdScript(graph)] }
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
          <ConsentProvider>
            <a className="skip-link" href="#main">
              {m.skip_to_content()}
            </a>
            <ConsentBanner />
            <NavigationProgress />
            <NavigationEffects />
            <SiteHeader />
            <main id="main" className="page" tabIndex={-1}>
              <FlashNotice />
              <Outlet />
            </main>
            <SiteFooter />
            <DialogHosts />
            <Toaster />
          </ConsentProvider>
        </UiActors>
      </AuthProvider>
    </LocaleProvider>
  )
}
