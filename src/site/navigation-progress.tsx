import { useRouterState } from '@tanstack/react-router'
import { m } from '#app/paraglide/messages.js'

/**
 * The top progress bar (R2): shown while a navigation loads, marked failed when it ends
 * in an error. A navigation superseded by another is cancelled, not failed.
 */
export function NavigationProgress() {
  const state = useRouterState({
    select: (s) => (s.isLoading ? 'loading' : s.matches.some((match) => match.status === 'error') ? 'failed' : 'idle'),
  })
  return (
    <div
      className={`nav-progress nav-progress--${state}`}
      role="progressbar"
      aria-label={m.progress_label()}
      aria-hidden={state === 'idle'}
      aria-busy={state === 'loading'}
      data-state={state}
    />
  )
}
