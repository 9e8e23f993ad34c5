/**
 * R9.27, R9.28: the cookie banner where the visitor is. A first visit's banner leaves the page's main
 * action on the first screen of a 390×844 phone (in Russian and German, the longest) and of a 1280×800
 * desktop; its two choices are one size, its settings show their state, its tap targets are 44 px
 * tall, and a choice neither scrolls the page nor hides its first line under the sticky header.
 * "Cookie settings" at the bottom of a page opens the settings there, as a dialog with the focus in it.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, test, waitForHydration } from './support/fixtures.ts'
import { msg } from './support/messages.ts'

test.describe.configure({ timeout: 120_000 })

const banner = (page: Page) => page.getByTestId('consent-banner')

/** The box of `locator` on the screen, rounded to whole pixels. */
async function box(locator: Locator) {
  const b = await locator.boundingBox()
  if (!b) throw new Error('not on the page')
  return { top: Math.round(b.y), bottom: Math.round(b.y + b.height), width: Math.round(b.width), height: Math.round(b.height) }
}

/** Every tap target of the banner shown, with its height: links, buttons, the disclosure, the switches' rows. */
async function tapTargets(page: Page) {
  return banner(page)
    .locator('a, button, summary, label')
    .evaluateAll((els) =>
      els
        .filter((el) => el.getClientRects().length > 0)
        .map((el) => ({ text: (el.textContent ?? '').trim().slice(0, 30), height: Math.round(el.getBoundingClientRect().height) })),
    )
}

for (const { name, locale, viewport } of [
  { name: 'a Russian phone', locale: 'ru', viewport: { width: 390, height: 844 } },
  { name: 'a German phone', locale: 'de', viewport: { width: 390, height: 844 } },
  { name: 'an English desktop', locale: 'en', viewport: { width: 1280, height: 800 } },
  { name: 'a Russian desktop', locale: 'ru', viewport: { width: 1280, height: 800 } },
] as const) {
  test.describe(`R9.27: the first visit's banner, on ${name}`, () => {
    test.use({ viewport })

    test('leaves the download button on the first screen; its choices are one size and every tap target 44 px tall', async ({ page, hydrated }) => {
      await page.goto(`/${locale}`)
      await expect(banner(page)).toBeVisible()
      await expect(page.getByTestId('hero-download')).toBeInViewport({ ratio: 1 })
      const accept = await box(banner(page).getByRole('button', { name: msg(locale, 'consent_accept_all') }))
      const reject = await box(banner(page).getByRole('button', { name: msg(locale, 'consent_reject_all') }))
      expect([reject.width, reject.height]).toEqual([accept.width, accept.height])
      expect(accept.height).toBeGreaterThanOrEqual(44)
      await hydrated()
      // The settings open, their switches with them: still 44 px a row.
      const summary = banner(page).locator('summary')
      await expect(summary).toHaveAttribute('aria-expanded', 'false')
      const closedArrow = await summary.evaluate((el) => getComputedStyle(el, '::before').transform)
      await summary.click()
      await expect(summary).toHaveAttribute('aria-expanded', 'true')
      await expect(banner(page).getByTestId('consent-analytics')).toBeVisible()
      // The arrow turns with the state.
      expect(await summary.evaluate((el) => getComputedStyle(el, '::before').content)).not.toBe('none')
      await expect.poll(() => summary.evaluate((el) => getComputedStyle(el, '::before').transform)).not.toBe(closedArrow)
      for (const target of await tapTargets(page)) expect(target.height, target.text).toBeGreaterThanOrEqual(44)
      await summary.click()
      await expect(summary).toHaveAttribute('aria-expanded', 'false')
    })
  })
}

test.describe('R9.27: a choice leaves the page where it was', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('ru, phone: at the top, the page does not scroll and its heading stays below the sticky header', async ({ page, hydrated }) => {
    await page.goto('/ru')
    await hydrated()
    await banner(page).getByRole('button', { name: 'Отклонить все' }).click()
    await expect(banner(page)).toHaveCount(0)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    const header = await box(page.locator('.site-header'))
    const heading = await box(page.getByTestId('hero-heading'))
    expect(header.top).toBe(0)
    expect(heading.top).toBeGreaterThanOrEqual(header.bottom)
  })
})

for (const { name, locale, viewport } of [
  { name: 'an English desktop', locale: 'en', viewport: { width: 1280, height: 800 } },
  { name: 'a Russian phone', locale: 'ru', viewport: { width: 390, height: 844 } },
] as const) {
  test.describe(`R9.28: "Cookie settings" at the bottom of the page, on ${name}`, () => {
    test.use({ viewport })

    /** A visitor who accepted everything in the first visit's banner. */
    async function accepted(page: Page) {
      await page.goto(`/${locale}`)
      await waitForHydration(page)
      await banner(page)
        .getByRole('button', { name: msg(locale, 'consent_accept_all') })
        .click()
      await expect(banner(page)).toHaveCount(0)
    }

    test('opens the settings in sight, as a dialog with the focus in it; a new choice closes it where the visitor was', async ({ page, context }) => {
      await accepted(page)
      const link = page.getByTestId('footer-cookie-settings')
      await link.scrollIntoViewIfNeeded()
      const scrolled = await page.evaluate(() => window.scrollY)
      expect(scrolled).toBeGreaterThan(500)
      await link.click()
      const dialog = page.getByRole('dialog', { name: msg(locale, 'consent_title') })
      await expect(dialog).toBeVisible()
      await expect(dialog).toBeInViewport({ ratio: 1 })
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
      // At its settings, the switches as the choice is.
      await expect(dialog.getByTestId('consent-analytics')).toBeChecked()
      await expect(dialog.locator('summary')).toHaveAttribute('aria-expanded', 'true')
      await dialog.getByRole('button', { name: msg(locale, 'consent_reject_all') }).click()
      await expect(dialog).toHaveCount(0)
      await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'cookie_consent')?.value).toMatch(/^2\.none\./)
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
      await expect(link).toBeFocused()
    })

    test('Escape closes it and keeps the choice', async ({ page, context }) => {
      await accepted(page)
      await page.getByTestId('footer-cookie-settings').click()
      const dialog = page.getByRole('dialog', { name: msg(locale, 'consent_title') })
      await expect(dialog).toBeInViewport({ ratio: 1 })
      await page.keyboard.press('Escape')
      await expect(dialog).toHaveCount(0)
      expect((await context.cookies()).find((c) => c.name === 'cookie_consent')?.value).toMatch(/^2\.analytics-marketing-chat\./)
    })
  })
}
