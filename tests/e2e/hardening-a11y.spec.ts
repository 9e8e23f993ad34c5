/**
 * Issue 9: accessibility. axe-core in Chromium on every route in en, ru and de (with the 404
 * page, the account page of a signed-in user, the premium page with a plan chosen, an open
 * modal, the lightbox, a toast and the mobile menu at phone width): no violation at all. Then
 * keyboard-only use of the menu, the language switcher, dialogs, the promo slider, the forms
 * and the payment flow with the sandbox card form.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { BACKEND } from '../../playwright.config.ts'
import { expect, test } from './support/fixtures.ts'
import { LOCALES, msg, product } from './support/messages.ts'
import { PAGE_ROUTES } from './support/routes.ts'

test.describe.configure({ timeout: 180_000 })

/** Every page route, the pages that take a code or a link, and a page that does not exist. */
const ROUTES = [...PAGE_ROUTES, '/login/abc123', '/join/FRIEND1', '/confirm-email/abc123', '/no-such-page']

/** axe with every WCAG 2.x A/AA rule and best practices; the violations as readable lines. */
async function violations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
  if (include) builder = builder.include(include)
  const result = await builder.analyze()
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join(' ').trim()}`),
  )
}

async function settle(page: Page) {
  // Animations and transitions done, so colours are measured at rest.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))))
}

test.describe('issue 9: axe finds no violation', () => {
  for (const locale of LOCALES) {
    test(`every route in ${locale}`, async ({ page, hydrated }) => {
      const found: string[] = []
      // Hydration must take over the server's page as it is (decision 026: each language's own
      // browser build renders exactly what the server rendered).
      let current = ''
      const react = /Minified React error|hydrat/i
      page.on('console', (m) => {
        if (m.type() === 'error' && react.test(m.text())) found.push(`${current}: ${m.text().slice(0, 160)}`)
      })
      page.on('pageerror', (e) => found.push(`${current}: ${e.message.slice(0, 160)}`))
      for (const route of ROUTES) {
        current = `${locale}${route}`
        await page.goto(`/${locale}${route}`)
        await hydrated()
        await page.waitForLoadState('load')
        await settle(page)
        for (const v of await violations(page)) found.push(`${locale}${route}: ${v}`)
      }
      expect(found).toEqual([])
    })
  }
})

/** Presses Tab until the element has focus: it is reachable by keyboard alone. */
async function tabTo(page: Page, selector: string, max = 120, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement === document.querySelector(s), selector)) return
    await page.keyboard.press(key)
  }
  throw new Error(`${selector} was not reached with ${max} presses of ${key}`)
}

test.describe('issue 9: axe finds no violation in open states', () => {
  for (const locale of LOCALES) {
    test(`account with the modal open and a toast, premium with a plan chosen, lightbox, phone menu (${locale})`, async ({
      page,
      request,
      hydrated,
      signIn,
    }) => {
      const found: string[] = []
      const check = async (what: string, include?: string) => {
        await settle(page)
        for (const v of await violations(page, include)) found.push(`${locale} ${what}: ${v}`)
      }

      // The home page's lightbox.
      await page.goto(`/${locale}`)
      await hydrated()
      await page.getByTestId('gallery-thumb').first().click()
      await expect(page.getByTestId('lightbox')).toBeVisible()
      await check('lightbox')
      await page.keyboard.press('Escape')

      // The account of a signed-in user, its confirmation modal, then the toast.
      const { email } = await signIn({ locale })
      expect((await request.post(`${BACKEND}/__dev/device?email=${encodeURIComponent(email)}`)).ok()).toBe(true)
      await page.goto(`/${locale}/account`)
      await hydrated()
      await expect(page.getByTestId('account')).toBeVisible()
      await check('account')
      await page.getByTestId('reset-device').click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await check('modal')
      await page.getByTestId('confirm-yes').click()
      await expect(page.locator('[data-sonner-toast]').first()).toBeVisible()
      await check('toast')

      // Premium with a plan chosen and both agreements ticked.
      await page.goto(`/${locale}/premium`)
      await expect(page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
      await page.locator('.premium-plans [aria-pressed]').nth(1).click()
      await expect(page.locator('.premium-plans [aria-pressed="true"]')).toHaveCount(1)
      await page.locator('#agreement-premium').check()
      await check('premium with a plan')

      // The mobile menu, open at phone width.
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto(`/${locale}/faq`)
      await hydrated()
      await page.getByTestId('menu-toggle').click()
      await expect(page.locator('#site-menu')).toBeVisible()
      await check('phone menu')
      expect(found).toEqual([])
    })
  }
})

test.describe('issue 9: keyboard only', () => {
  test('the mobile menu opens with Enter and Space, Escape closes it and focus returns to its button', async ({ page, hydrated }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/en/faq')
    await hydrated()
    const toggle = page.getByTestId('menu-toggle')
    await tabTo(page, '[data-testid="menu-toggle"]')
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(page.locator('#site-menu')).toBeVisible()
    // The first link of the menu comes next.
    await page.keyboard.press('Tab')
    await expect(page.locator('#site-menu a').first()).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(page.locator('#site-menu')).toBeHidden()
    await expect(toggle).toBeFocused()
    await page.keyboard.press('Space')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toBeFocused()
  })

  test('the language switcher is reached with Tab and changes the language with Enter', async ({ page }) => {
    // The switcher's links work before the page is interactive: no waiting for it.
    await page.goto('/en/wiki')
    await tabTo(page, '.lang-switcher a[data-locale="de"]')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/de\/wiki$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.locator('h1')).toHaveText(msg('de', 'page_wiki_heading', { product: product('de') }))
  })

  test('the confirmation modal traps focus, Escape closes it and focus returns to its opener', async ({ page, request, hydrated, signedIn }) => {
    const { email } = signedIn
    expect((await request.post(`${BACKEND}/__dev/device?email=${encodeURIComponent(email)}`)).ok()).toBe(true)
    await page.goto('/en/account')
    await hydrated()
    await tabTo(page, '[data-testid="reset-device"]')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: msg('en', 'acc_confirm_reset_title') })
    await expect(dialog).toBeVisible()
    for (let i = 0; i < 8; i++) {
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true)
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab')
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(page.getByTestId('reset-device')).toBeFocused()
    // And once more, confirmed with the keyboard.
    await page.keyboard.press('Enter')
    await expect(dialog).toBeVisible()
    await tabTo(page, '[data-testid="confirm-yes"]', 10)
    await page.keyboard.press('Enter')
    await expect(page.locator('[data-sonner-toast]').first()).toBeVisible()
    await expect(page.getByTestId('reset-device')).toHaveCount(0)
  })

  test('the lightbox opens from the gallery with Enter, Escape closes it and focus returns', async ({ page, hydrated }) => {
    await page.goto('/en')
    await hydrated()
    await tabTo(page, '[data-testid="gallery-thumb"]', 200)
    await page.keyboard.press('Enter')
    const lightbox = page.getByRole('dialog', { name: msg('en', 'ui_lightbox_label') })
    await expect(lightbox).toBeVisible()
    expect(await lightbox.evaluate((node) => node.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Tab')
    expect(await lightbox.evaluate((node) => node.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(lightbox).toHaveCount(0)
    await expect(page.getByTestId('gallery-thumb').first()).toBeFocused()
  })

  test('the promo slider: arrows and dots by keyboard, autoplay paused by focus and by its button', async ({ page, hydrated }) => {
    await page.goto('/en/promo')
    await hydrated()
    const slider = page.getByTestId('promo-slider')
    await tabTo(page, '[data-testid="promo-next"]', 200)
    // Focus inside the slider pauses autoplay (WCAG 2.2.2).
    await expect(slider).toHaveAttribute('data-paused', 'true')
    const before = Number(await slider.getAttribute('data-current'))
    await page.keyboard.press('Enter')
    await expect(slider).toHaveAttribute('data-current', String((before + 1) % 5))
    await page.keyboard.press('Shift+Tab')
    await expect(page.getByTestId('promo-dot').last()).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(slider).toHaveAttribute('data-current', '4')
    await tabTo(page, '[data-testid="promo-pause"]', 5)
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('promo-pause')).toHaveAttribute('aria-pressed', 'true')
    // Stopped stays stopped after focus leaves.
    await page.keyboard.press('Tab')
    await page.mouse.move(0, 0)
    await expect(slider).toHaveAttribute('data-paused', 'true')
    await page.waitForTimeout(3500)
    await expect(slider).toHaveAttribute('data-current', '4')
  })

  test('sign-in form: an invalid e-mail is announced and focus goes to the field', async ({ page }) => {
    // Typed and sent as soon as the page appears, with the keyboard only.
    await page.goto('/ru/login')
    const email = page.getByLabel(msg('ru', 'acc_email_label'))
    await tabTo(page, 'input[name="email"]')
    await page.keyboard.type('not-an-email')
    await page.keyboard.press('Enter')
    const error = page.locator('.field__error[role="alert"]')
    await expect(error).toBeVisible()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAttribute('aria-describedby', (await error.getAttribute('id'))!)
    await expect(email).toBeFocused()
  })

  test('account forms: submitting empty moves focus to the first invalid field', async ({ page, signedIn, hydrated }) => {
    await page.goto('/de/account')
    await hydrated()
    const form = page.getByTestId('change-password')
    await tabTo(page, '[data-testid="change-password"] button[type="submit"]', 200)
    await page.keyboard.press('Enter')
    const password = form.locator('input[name="password"]')
    await expect(password).toBeFocused()
    await expect(password).toHaveAttribute('aria-invalid', 'true')
    await expect(form.locator('[role="alert"]').first()).toBeVisible()
  })

  test('the payment flow by keyboard: plan, agreements, pay, the sandbox card form', async ({ page, signedIn }) => {
    await page.goto('/en/premium')
    await expect(page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
    const plans = page.locator('.premium-plans [aria-pressed]')
    await plans.nth(1).evaluate((el) => el.setAttribute('data-kbd', 'plan'))
    await tabTo(page, '[data-kbd="plan"]', 200)
    await page.keyboard.press('Enter')
    await expect(plans.nth(1)).toHaveAttribute('aria-pressed', 'true')
    await tabTo(page, '#agreement-premium', 40)
    await page.keyboard.press('Space')
    await expect(page.locator('#agreement-premium')).toBeChecked()
    await tabTo(page, '#agreement-promo', 40)
    await page.keyboard.press('Space')
    await expect(page.locator('#agreement-promo')).toBeChecked()
    await tabTo(page, '.premium-payment__pay', 40)
    await page.keyboard.press('Enter')
    // The sandbox card dialog is the widget's own page, in a full-screen iframe titled as the dialog (R7).
    const widget = page.frameLocator('iframe[title="Card payment"]')
    const card = widget.getByRole('dialog', { name: 'Card payment' })
    await expect(card).toBeVisible({ timeout: 20_000 })
    // Focus starts in the card number; the rest follows with Tab; Enter submits.
    await expect(card.getByLabel('Card number')).toBeFocused()
    await page.keyboard.type('4242424242424242')
    await card.getByLabel('Expiry date (MM/YY)').evaluate((el) => el.setAttribute('data-kbd', 'expiry'))
    await card.getByLabel('CVC').evaluate((el) => el.setAttribute('data-kbd', 'cvc'))
    /** Tab inside the widget's frame until the element is the frame's focused one. */
    const tabInWidget = async (selector: string, max: number) => {
      for (let i = 0; i < max; i++) {
        if (await widget.locator(selector).evaluate((el) => el === document.activeElement)) return
        await page.keyboard.press('Tab')
      }
      throw new Error(`${selector} was not reached with ${max} presses of Tab`)
    }
    await tabInWidget('[data-kbd="expiry"]', 10)
    await page.keyboard.type('1234')
    await tabInWidget('[data-kbd="cvc"]', 10)
    await page.keyboard.type('123')
    await page.keyboard.press('Enter')
    await expect(page.getByText(msg('en', 'payments_success'))).toBeVisible({ timeout: 20_000 })
    await expect(page).toHaveURL(/\/en\/account$/)
  })
})
