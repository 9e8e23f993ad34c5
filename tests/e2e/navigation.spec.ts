/**
 * R2, R8: navigation. Scroll goes to the top on a route change and comes back on Back; a
 * link with a hash jumps to its anchor; the top progress bar shows a slow navigation and is
 * marked failed on an error; a failed chunk load reloads the page once, never in a loop; a
 * failing loader shows the error page with its status. (The out-in page transition is CSS.)
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'
import { msg } from './support/messages.ts'

test.describe.configure({ timeout: 90_000 })

/** A marker that lives as long as the document: gone after a document load. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as Window & { __sameDocument?: boolean }).__sameDocument = true))
}
async function sameDocument(page: Page) {
  return page.evaluate(() => (window as Window & { __sameDocument?: boolean }).__sameDocument === true)
}
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY))
function progress(page: Page) {
  return page.getByRole('progressbar', { name: msg('en', 'progress_label'), includeHidden: true })
}
/** The server function requests a client-side navigation makes for its loaders. */
const SERVER_FN = '**/_serverFn/**'

test.describe('R2: scroll on navigation', () => {
  test('a route change starts at the top, and Back restores the position', async ({ page, hydrated }) => {
    await page.goto('/en')
    await hydrated()
    await page.evaluate(() => window.scrollTo(0, 1500))
    await expect.poll(() => scrollY(page)).toBe(1500)
    await markDocument(page)

    await page
      .getByRole('navigation', { name: msg('en', 'nav_main_label') })
      .getByRole('link', { name: msg('en', 'nav_premium') })
      .click()
    await expect(page).toHaveURL(/\/en\/premium$/)
    await expect(page.locator('.plan-card').first()).toBeVisible({ timeout: 30_000 })
    expect(await sameDocument(page), 'a client-side navigation').toBe(true)
    // The new page is long enough that "at the top" is not a short page's only position.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(1000)
    await expect.poll(() => scrollY(page)).toBe(0)

    await page.goBack()
    await expect(page).toHaveURL(/\/en$/)
    await expect.poll(() => scrollY(page)).toBe(1500)
    expect(await sameDocument(page)).toBe(true)
  })

  test('a link with a hash jumps to its anchor: the FAQ answer is open and at the top of the window', async ({ page, hydrated }) => {
    await page.goto('/en/cs-go')
    await hydrated()
    await page.getByRole('link', { name: msg('en', 'mk_csgo_faq_link') }).click()
    await expect(page).toHaveURL(/\/en\/faq#game-versions$/)
    const item = page.locator('details#game-versions')
    await expect(item).toHaveJSProperty('open', true, { timeout: 30_000 })
    await expect(item.locator('.faq-item__answer')).toBeInViewport()
    // Scrolled to the item, not left at the top of the page.
    await expect.poll(() => scrollY(page)).toBeGreaterThan(200)
    await expect.poll(() => item.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200)
  })
})

test.describe('R2, R8: the top progress bar', () => {
  test('shows while a slow page loads, then goes away', async ({ page, hydrated }) => {
    await page.goto('/en')
    await hydrated()
    await expect(progress(page)).toHaveAttribute('data-state', 'idle')
    // The premium page's loader (a server function) answers only when the test lets it.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(SERVER_FN, async (route) => {
      await held
      await route.continue()
    })
    await page
      .getByRole('navigation', { name: msg('en', 'nav_main_label') })
      .getByRole('link', { name: msg('en', 'nav_premium') })
      .click()
    await expect(progress(page)).toHaveAttribute('data-state', 'loading')
    await expect(progress(page)).toHaveAttribute('aria-busy', 'true')
    await expect(progress(page)).toBeVisible()
    release()
    await expect(page).toHaveURL(/\/en\/premium$/)
    await expect(page.locator('.plan-card').first()).toBeVisible({ timeout: 30_000 })
    await expect(progress(page)).toHaveAttribute('data-state', 'idle')
  })

  test('a failing loader: the bar is marked failed and the error page shows the status; its retry loads the page', async ({ page, signedIn, hydrated }) => {
    await page.goto('/en')
    await hydrated()
    let failing = true
    await page.route(SERVER_FN, (route) =>
      failing ? route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }) : route.continue(),
    )
    await markDocument(page)
    await page.getByTestId('account-link').click()
    await expect(progress(page)).toHaveAttribute('data-state', 'failed')
    const error = page.getByTestId('error-page')
    await expect(error).toBeVisible()
    const status = await error.getAttribute('data-status')
    expect(status).toMatch(/^5\d\d$/)
    await expect(error).toContainText(msg('en', 'error_status', { status: status! }))
    await expect(error.getByRole('heading', { level: 1 })).toHaveText(msg('en', 'page_error_heading'))
    expect(await sameDocument(page), 'no reload: an error that is not a chunk failure').toBe(true)

    failing = false
    await error.getByRole('button', { name: msg('en', 'error_retry') }).click()
    await expect(page.getByTestId('account')).toBeVisible({ timeout: 30_000 })
    await expect(progress(page)).toHaveAttribute('data-state', 'idle')
  })

  test('a navigation replaced by another is cancelled, not failed', async ({ page, hydrated }) => {
    await page.goto('/en')
    await hydrated()
    await page.route(SERVER_FN, () => {
      // Never answered: the premium page stays loading until the visitor goes elsewhere.
    })
    const nav = page.getByRole('navigation', { name: msg('en', 'nav_main_label') })
    await nav.getByRole('link', { name: msg('en', 'nav_premium') }).click()
    await expect(progress(page)).toHaveAttribute('data-state', 'loading')
    await nav.getByRole('link', { name: msg('en', 'nav_wiki') }).click()
    await expect(page).toHaveURL(/\/en\/wiki$/)
    await expect(progress(page)).toHaveAttribute('data-state', 'idle')
    await expect(page.getByTestId('error-page')).toHaveCount(0)
  })
})

test.describe('R8: the premium page when its plans cannot be loaded on the way there', () => {
  test('its own error block, not the error page, and the page stays usable', async ({ page, hydrated }) => {
    await page.goto('/en')
    await hydrated()
    await page.route(SERVER_FN, (route) => route.abort('connectionreset'))
    await page
      .getByRole('navigation', { name: msg('en', 'nav_main_label') })
      .getByRole('link', { name: msg('en', 'nav_premium') })
      .click()
    await expect(page).toHaveURL(/\/en\/premium$/)
    await expect(page.getByRole('alert').filter({ hasText: msg('en', 'premium_plans_error_title') })).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('error-page')).toHaveCount(0)
    await expect(progress(page)).toHaveAttribute('data-state', 'idle')
  })
})

test.describe('R2: a failed chunk load', () => {
  test('reloads the page once, and never again in a loop', async ({ page, hydrated }) => {
    // The wiki page's code cannot be fetched (a deployment replaced it), from the start: the
    // idle prefetch cannot have it either. Its own chunk: `wiki-<hash>.js` in a build,
    // `src/routes/wiki.tsx?tsr-split=…` in development.
    let aborted = 0
    await page.route(
      (url) => /\/wiki-[\w-]+\.js$/.test(url.pathname) || (url.pathname.endsWith('/routes/wiki.tsx') && url.searchParams.has('tsr-split')),
      (route) => {
        aborted++
        return route.abort('failed')
      },
    )
    await page.goto('/en')
    await hydrated()
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(new URL(request.url()).pathname)
    })
    const reload = page.waitForResponse((response) => response.request().isNavigationRequest() && new URL(response.url()).pathname === '/en/wiki')
    await page
      .getByRole('navigation', { name: msg('en', 'nav_main_label') })
      .getByRole('link', { name: msg('en', 'nav_wiki') })
      .click()
    // One document load of the page the visitor asked for, which the server renders whole.
    await expect.poll(() => documents, { timeout: 30_000 }).toEqual(['/en/wiki'])
    expect(aborted).toBeGreaterThan(0)
    expect(await (await reload).text()).toMatch(new RegExp(`<h1[^>]*>${msg('en', 'page_wiki_heading')}</h1>`))
    // The code is still missing after the reload: the page cannot start, and says so with its
    // retry (R8), once its script has tried; no second reload follows, however long we wait.
    await expect(page.getByTestId('error-page')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('error-page').getByRole('button', { name: msg('en', 'error_retry') })).toBeVisible()
    await page.waitForTimeout(5_000)
    expect(documents).toEqual(['/en/wiki'])
  })
})
