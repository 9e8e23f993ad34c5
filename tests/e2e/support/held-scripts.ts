import type { Page } from '@playwright/test'

/**
 * Holds the site's scripts until `release()`: the visitor acts on the page as the server sent it,
 * before any of the site's code has run. `requested()` is how many are waiting; scripts asked for
 * after `release()` go through.
 */
export async function holdSiteScripts(page: Page, baseURL: string) {
  const held: Array<() => void> = []
  let holding = true
  await page.route(
    (url) => url.origin === new URL(baseURL).origin && url.pathname.endsWith('.js'),
    (route) => (holding ? new Promise<void>((release) => held.push(() => void route.continue().finally(release))) : route.continue()),
  )
  return {
    requested: () => held.length,
    release: () => {
      holding = false
      for (const release of held.splice(0)) release()
    },
  }
}
