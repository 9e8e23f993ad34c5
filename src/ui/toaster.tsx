import { useHydrated } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { requestToasterForCarried, subscribeToasterRequest, toasterRequested } from '#app/core/toast.ts'

const SonnerToaster = lazy(() => import('./sonner-toaster.tsx'))

/**
 * The toast region. Toasts only ever follow something the visitor did in the browser, so the
 * toast library loads with the first toast raised (or one carried from the last page) instead
 * of with the page (decision 022); `notify` waits for it.
 */
export function Toaster() {
  const hydrated = useHydrated()
  const wanted = useSyncExternalStore(subscribeToasterRequest, toasterRequested, () => false)
  useEffect(requestToasterForCarried, [])
  if (!hydrated || !wanted) return null
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  )
}
