/**
 * The fixture every walked path gets (decision 122): a `world` with the page (in the binding's
 * viewport, set by the spec), the site's and the stand-in's addresses, a fresh e-mail address and
 * the stand-in's mailbox. Used by the browser suite (tests/e2e/machines-in-the-browser.spec.ts),
 * the specs `npm run paths -- --format playwright` writes, and the features' steps (steps.ts).
 */
import { type APIRequestContext, test as base, type Page } from '@playwright/test'
import type { World } from './binding.ts'

const SITE = process.env.QA_SITE ?? `http://localhost:${process.env.E2E_PORT ?? 3210}`
const BACKEND = process.env.QA_BACKEND ?? `http://localhost:${process.env.E2E_BACKEND_PORT ?? 3211}`
let seq = 0

/**
 * `QA_FAULT=hold-scripts`: the site's scripts never load, as after a broken deploy: every page stops
 * showing what its machine's state promises, so a QA run shows what a failure looks like.
 */
const FAULT = process.env.QA_FAULT ?? null
if (FAULT !== null && FAULT !== 'hold-scripts') throw new Error(`QA_FAULT must be hold-scripts (was "${FAULT}")`)

/** The world of one visit, on `page`. */
export async function worldOn(page: Page, request: APIRequestContext): Promise<World> {
  if (FAULT === 'hold-scripts')
    await page.route(
      (url) => url.origin === new URL(SITE).origin && url.pathname.endsWith('.js'),
      (route) => route.abort(),
    )
  return {
    page,
    site: SITE,
    backend: BACKEND,
    email: `qa-${Date.now().toString(36)}-${++seq}-${Math.random().toString(36).slice(2, 6)}@example.com`,
    async codeFor(address: string) {
      const answer = await request.get(`${BACKEND}/__dev/mail?to=${encodeURIComponent(address)}`)
      const [newest] = (await answer.json()) as { code: string | null }[]
      if (!newest?.code) throw new Error(`no sign-in code was mailed to ${address}`)
      return newest.code
    },
  }
}

export const test = base.extend<{ world: World }>({
  world: async ({ page, request }, use) => {
    await use(await worldOn(page, request))
  },
})

export { expect } from '@playwright/test'
