import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { navigateTo } from '#app/core/auth-provider.tsx'
import { splitLocalePrefix } from '#app/core/locale.ts'
import { takeEarlyNavigation } from '#app/core/paint-first.ts'
import { chunksToPrefetch, PREFETCH_MAP_PATH, type PrefetchMap, readPrefetchMap } from '#app/core/prefetch-map.ts'
import { getLocale } from '#app/paraglide/runtime.js'
import { CONSTANTS } from '#constants'
import { CHUNK_RELOAD_KEY, canPrefetch, isChunkLoadError, prefetchableHref, shouldReloadForChunkError } from './navigation.ts'

let prefetchMap: Promise<PrefetchMap | null> | null = null
function loadPrefetchMap(): Promise<PrefetchMap | null> {
  // In the page language's chunks (decision 026).
  prefetchMap ??= fetch(`${PREFETCH_MAP_PATH}?v=${encodeURIComponent(import.meta.env.VITE_BUILD_ID ?? 'dev')}&l=${getLocale()}`)
    .then((response) => (response.ok ? response.json() : null))
    .then(readPrefetchMap)
    .catch(() => null)
  return prefetchMap
}

/** Script URLs the document already loads or preloads. */
function requestedScripts(): Set<string> {
  const urls = new Set<string>()
  for (const el of Array.from(document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[rel="modulepreload"][href], script[src]'))) {
    const url = new URL(el instanceof HTMLLinkElement ? el.href : el.src, window.location.href)
    if (url.origin === window.location.origin) urls.add(url.pathname)
  }
  return urls
}

/**
 * Browser-only navigation duties (R2): reload once when a code chunk fails to load, and
 * prefetch the code of the links in view when the browser is idle (2000 ms), unless offline, on
 * 2g or with data-saver. Prefetching fetches and compiles the chunks (`modulepreload`) but runs
 * nothing: the page stays responsive (decision 024).
 */
export function NavigationEffects() {
  const router = useRouter()

  // The page is interactive: browser tests and styles can tell by `html[data-hydrated]`.
  useEffect(() => {
    const mark = () => {
      document.documentElement.dataset.hydrated = 'true'
      performance.mark?.('hydrated')
      // A link clicked while the page was still hydrating is followed now: a page of another
      // language (the German pages' legal links) as a new document, as the link would have.
      const early = takeEarlyNavigation()
      if (early) navigateTo(router, early).catch(() => window.location.assign(early))
    }
    // The root commits before the page's own content has hydrated (it hydrates in later tasks);
    // the first idle moment comes after all of it. Until then the page's starter script leaves
    // link clicks to the browser (decision 025).
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(mark, { timeout: 1000 })
      return () => window.cancelIdleCallback(id)
    }
    const id = window.setTimeout(mark, 0)
    return () => window.clearTimeout(id)
  }, [router])

  useEffect(() => {
    const reload = (error: unknown) => {
      if (!isChunkLoadError(error)) return
      const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 'NaN')
      const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined
      if (!shouldReloadForChunkError(Number.isFinite(last) ? last : null, Date.now(), entry?.type === 'reload')) return
      sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()))
      // The router's lazy route components reload once per error on their own, under this
      // key; marking it keeps the reloaded page from reloading a second time for the same chunk.
      if (error instanceof Error) sessionStorage.setItem(`tanstack_router_reload:${error.message}`, '1')
      window.location.reload()
    }
    const onPreloadError = (event: Event) => {
      event.preventDefault()
      reload((event as Event & { payload?: unknown }).payload ?? new Error('Unable to preload CSS'))
    }
    const onRejection = (event: PromiseRejectionEvent) => reload(event.reason)
    window.addEventListener('vite:preloadError', onPreloadError)
    window.addEventListener('unhandledrejection', onRejection)
    const unsubscribe = router.subscribe('onResolved', () => {
      const failed = router.state.matches.find((m) => m.status === 'error')
      if (failed) reload(failed.error)
    })
    return () => {
      window.removeEventListener('vite:preloadError', onPreloadError)
      window.removeEventListener('unhandledrejection', onRejection)
      unsubscribe()
    }
  }, [router])

  useEffect(() => {
    const hasIdle = typeof window.requestIdleCallback === 'function'
    const idle = (cb: () => void): number =>
      hasIdle ? window.requestIdleCallback(cb, { timeout: CONSTANTS.prefetchIdleTimeoutMs }) : window.setTimeout(cb, CONSTANTS.prefetchIdleTimeoutMs)
    const cancel = (id: number) => (hasIdle ? window.cancelIdleCallback(id) : window.clearTimeout(id))
    let handle: number | undefined
    const schedule = () => {
      if (handle !== undefined) cancel(handle)
      handle = idle(() => {
        if (!canPrefetch(navigator as never)) return
        const routeIds = new Set<string>()
        for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'))) {
          const rect = a.getBoundingClientRect()
          // Not rendered (a closed menu) or outside the viewport: not in view.
          if (rect.width === 0 || rect.height === 0 || rect.bottom < 0 || rect.top > window.innerHeight) continue
          const href = prefetchableHref(a.href, window.location.origin)
          if (!href) continue
          const [matched] = router.getMatchedRoutes(splitLocalePrefix(new URL(href, window.location.origin).pathname).rest)
          for (const route of matched) routeIds.add(route.id)
        }
        if (routeIds.size === 0) return
        void loadPrefetchMap().then((map) => {
          if (!map) return
          for (const href of chunksToPrefetch(map, [...routeIds], requestedScripts())) {
            const link = document.createElement('link')
            link.rel = 'modulepreload'
            link.href = href
            document.head.append(link)
          }
        })
      })
    }
    schedule()
    const unsubscribe = router.subscribe('onResolved', schedule)
    // Links scrolled into view are prefetched too; the scroll is looked at every 100 ms at most (R9).
    let throttled: number | undefined
    const onScroll = () => {
      if (throttled !== undefined) return
      throttled = window.setTimeout(() => {
        throttled = undefined
        schedule()
      }, CONSTANTS.visibilityThrottleMs)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      unsubscribe()
      window.removeEventListener('scroll', onScroll)
      if (throttled !== undefined) window.clearTimeout(throttled)
      if (handle !== undefined) cancel(handle)
    }
  }, [router])

  return null
}
