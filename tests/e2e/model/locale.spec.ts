/** Spec 2, 4: the locale machine's browser paths (all simple paths over en, ru, de). */
import { expect, test, type Page } from '@playwright/test'
import { msg, type Locale } from '../support/messages'
import { modelPaths, printCoverage, validateModel, type ModelPath } from './model'
import { localeModel } from './models'

validateModel(localeModel)
const paths = modelPaths(localeModel)
test.beforeAll(() => printCoverage([localeModel, paths]))

const NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский', de: 'Deutsch' }

async function sees(page: Page, locale: Locale) {
  await expect(page).toHaveURL(new RegExp(`/${locale}/faq$`))
  await expect(page.locator('html')).toHaveAttribute('lang', locale)
  await expect(page.getByRole('link', { name: NAMES[locale] })).toHaveAttribute('aria-current', 'true')
  await expect(page.getByRole('link', { name: msg(locale, 'nav_premium') }).first()).toBeVisible()
}

async function replay(page: Page, path: ModelPath) {
  await test.step(`sees ${path.start}`, () => sees(page, path.start as Locale))
  for (const step of path.steps) {
    const locale = step.state as Locale
    await test.step(`${step.event} → sees ${locale}`, async () => {
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 60_000 })
      await page.getByRole('link', { name: NAMES[locale] }).click()
      await sees(page, locale)
    })
  }
}

for (const path of paths) {
  test(path.name, async ({ page }) => {
    await page.goto('/en/faq')
    await replay(page, path)
  })
}
