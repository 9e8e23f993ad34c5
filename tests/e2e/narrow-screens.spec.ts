/**
 * R2.23: the narrowest phones. At 320 px and 390 px no page is wider than the window, the sign-in
 * code step included, with an address as long as people have (64 characters and more), in every
 * language. tests/e2e/layout.spec.ts measures pictures and badges at 390 and 768 px; this file
 * measures the width only, on every route and at each sign-in step.
 */
import type { Page } from '@playwright/test'
import { allowEverything, expect, test } from './support/fixtures.ts'
import { LOCALES } from './support/messages.ts'
import { PAGE_ROUTES } from './support/routes.ts'

test.beforeEach(({ context }) => allowEverything(context))
test.describe.configure({ timeout: 240_000 })

const WIDTHS = [320, 390] as const

/** The pages a guest opens besides PAGE_ROUTES: the sign-in link's, an invitation's, the confirmation link's, the seller's. */
const MORE_ROUTES = ['/login/4F7K2Q', '/confirm-email/4F7K2Q', '/impressum'] as const

/** How much wider than the window the document is, in px (0 when it fits). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth))
}

/** A fresh address of 80 characters: its local part is one unbreakable word of 60. */
function longAddress(): string {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`
  const local = `firstname.middlename.lastname.department.${unique}`.padEnd(60, 'x')
  return `${local}@subdomain-example.com`
}

test.describe('R2.23: the sign-in steps hold at 320 and 390 px with a long address', () => {
  for (const locale of LOCALES) {
    for (const width of WIDTHS) {
      test(`the e-mail step and the code step in ${locale} at ${width} px`, async ({ page, hydrated }) => {
        await page.setViewportSize({ width, height: 800 })
        const email = longAddress()
        expect(email.length).toBeGreaterThanOrEqual(64)
        await page.goto(`/${locale}/login`)
        await hydrated()
        expect(await overflow(page), 'the e-mail step').toBe(0)
        await page.locator('input[name="email"]').fill(email)
        await page.getByTestId('sign-in-email').locator('button[type="submit"]').click()
        const codeStep = page.getByTestId('sign-in-code')
        await expect(codeStep).toBeVisible()
        // The notice names the address the code went to: the long word is on the page.
        await expect(codeStep.getByRole('status')).toContainText(email)
        await codeStep.locator('input[name="code"]').fill('123')
        await codeStep.locator('input[name="code"]').blur()
        expect(await overflow(page), 'the code step').toBe(0)
        // Every box of the step stays inside the window, the button and the field included.
        const outside = await codeStep.evaluate((form) =>
          [form, ...Array.from(form.querySelectorAll('*'))]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
            .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> ends at ${Math.round(el.getBoundingClientRect().right)} px`),
        )
        expect(outside).toEqual([])
      })
    }
  }
})

test.describe('R2.23: no page scrolls sideways at 320 and 390 px', () => {
  for (const locale of LOCALES) {
    test(`every guest page in ${locale}`, async ({ page, hydrated }) => {
      const problems: string[] = []
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 })
        for (const path of [...PAGE_ROUTES, ...MORE_ROUTES]) {
          const url = `/${locale}${path}`
          await page.goto(url)
          await hydrated()
          const extra = await overflow(page)
          if (extra > 0) problems.push(`${url} at ${width} px is ${extra} px too wide`)
        }
      }
      expect(problems).toEqual([])
    })
  }
})
