import { createRouter } from '@tanstack/react-router'
import { currentPrefix, defineClientLocaleStrategy, requestNonce } from '#app/core/i18n.ts'
import { joinPrefix, splitLocalePrefix } from '#app/core/locale.ts'
import { isBypassedPath } from '#app/core/paths.ts'
import { ErrorPage } from '#app/site/error-page.tsx'
import { NotFoundPage } from '#app/site/not-found-page.tsx'
import { CONSTANTS } from '#constants'
import { NO_SESSION } from '#machines/rules/access.ts'
import { routeTree } from './routeTree.gen.ts'

/** The browser's one router: the client entry builds it in a task of its own (`src/client.tsx`). */
let browserRouter: ReturnType<typeof createSiteRouter> | undefined

/** A router per request on the server; in the browser, the one the page keeps. */
export function getRouter() {
  if (typeof document === 'undefined') return createSiteRouter()
  browserRouter ??= createSiteRouter()
  return browserRouter
}

function createSiteRouter() {
  defineClientLocaleStrategy()
  // The server entry puts a fresh nonce into the request's store; the router writes it into
  // its inline scripts and a `csp-nonce` meta tag, which the browser's router reads back.
  const nonce = requestNonce()
  return createRouter({
    routeTree,
    // Read again by the root route for every navigation (R2: the guards ask about the session).
    context: { session: NO_SESSION },
    ...(nonce ? { ssr: { nonce } } : {}),
    // Not on the first render in the browser: the page is visible before it hydrates
    // (decision 025), and a visitor who has scrolled meanwhile must not be sent back to the top.
    scrollRestoration: () => typeof document === 'undefined' || document.documentElement.dataset.hydrated === 'true',
    defaultPreload: false,
    defaultPreloadStaleTime: 0,
    // R9: a page's pending state, once shown, stays at least this long (no flash).
    defaultPendingMinMs: CONSTANTS.pageDataMinDelayMs,
    defaultViewTransition: true,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    rewrite: {
      // `/ru/faq` and `/faq` both reach the `/faq` route; the locale lives in the prefix.
      input: ({ url }) => {
        url.pathname = splitLocalePrefix(url.pathname).rest
        return url
      },
      // Links keep the prefix of the page they are on: `/faq` stays unprefixed, `/en/faq` prefixed.
      output: ({ url }) => {
        if (isBypassedPath(url.pathname) || splitLocalePrefix(url.pathname).locale) return url
        url.pathname = joinPrefix(currentPrefix(), url.pathname)
        return url
      },
    },
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
