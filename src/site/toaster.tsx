import { useHydrated } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'

const SonnerToaster = lazy(() => import('./sonner-toaster.tsx'))

/**
 * The toast region. Toasts only ever follow something the visitor did in the browser, so the
 * toast library loads after hydration instead of with the page (decision 022); `notify` waits
 * for it.
 */
export function Toaster() {
  const hydrated = useHydrated()
  if (!hydrated) return null
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  )
}
