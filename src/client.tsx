/**
 * The browser entry: the framework's own (React hydrates the document in a transition), but the
 * router is built first, in a task of its own. Built inside React's first render, the route tree
 * and the first location were one unit of work React cannot yield in, about 50 ms on a slowed
 * phone CPU added to the longest task of hydration (decision 022).
 */
import { StartClient } from '@tanstack/react-start/client'
import { installErrorBeacon } from '#app/core/error-beacon.ts'
import { hydrateRoot, StrictMode, startTransition } from './client-react.ts'
import { getRouter } from './router.tsx'

// Issue 40: what fails in the page from now on reaches the error hook.
installErrorBeacon()

setTimeout(() => {
  getRouter()
  setTimeout(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <StartClient />
        </StrictMode>,
      )
    })
  }, 0)
}, 0)
