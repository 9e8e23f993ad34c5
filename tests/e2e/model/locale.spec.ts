/**
 * Spec 2, 4, 8: the locale machine's browser paths, generated from its test model: the language
 * switcher on a page without a form and on the login form, whose validation messages load on
 * demand and follow the language, with a validation file missing and with both missing.
 * Coverage is observed on the real machine (observe.ts).
 */
import { expect, test, type Page, type Route } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { msg, type Locale } from '../support/messages'
import { modelPaths, validateModel, type ModelPath } from './model'
import { localeModel } from './models'
import { checkObserved, reportCoverage, recordMachines } from './observe'

validateModel(localeModel)
const paths = modelPaths(localeModel)
test.describe.configure({ timeout: 120_000 })
test.afterAll(({}, testInfo) => reportCoverage(testInfo, 'locale', 'locale', localeModel, paths.length))

const NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский', de: 'Deutsch' }
const ENGLISH_TEMPLATES = JSON.parse(readFileSync('public/locales/validation/en.json', 'utf8')).messages as Record<string, string>
/** Spec 5: the e-mail field's message for a malformed address, with the page's label, from a language's validation file. */
function emailMessage(page: Locale, file: Locale | 'built-in'): string {
  const templates = file === 'built-in' ? ENGLISH_TEMPLATES : (JSON.parse(readFileSync(`public/locales/validation/${file}.json`, 'utf8')).messages as Record<string, string>)
  return templates.email!.replace('{_field_}', msg(page, 'acc_email_label'))
}

async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', { timeout: 60_000 })
}
async function cookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'i18n_redirected')?.value
}
async function onPage(page: Page, locale: Locale, url: RegExp) {
  await expect(page).toHaveURL(url)
  await expect(page.locator('html')).toHaveAttribute('lang', locale)
  await expect(page.getByRole('link', { name: NAMES[locale] })).toHaveAttribute('aria-current', 'true')
  await hydrated(page)
}
/** Types a malformed address and leaves the field: the message is the one the visitor reads. */
async function fieldMessage(page: Page, locale: Locale, expected: string) {
  const form = page.getByTestId('sign-in-email')
  const input = form.getByLabel(msg(locale, 'acc_email_label'), { exact: false })
  // Typed again if the page was still settling (a form mounted anew loses what was typed).
  await expect(async () => {
    await input.fill('not-an-address')
    await input.blur()
    await expect(form.locator('.field__error')).toHaveText(expected, { timeout: 3_000 })
  }).toPass({ timeout: 20_000 })
}
/** A validation file answers 404, as a file missing from the deployment would. */
async function missing(page: Page, ...files: Locale[]) {
  for (const file of files) await page.route(`**/locales/validation/${file}.json`, (route) => route.fulfill({ status: 404, body: 'not found' }))
}

/** A language's files (its build of the pages, as the site lists them) answer 404, as files missing from a deployment would. */
async function languageFilesMissing(page: Page, locale: Locale) {
  const map = (await (await page.request.get(`/_app/prefetch-map.json?v=probe&l=${locale}`)).json()) as Record<string, string[]>
  const files = new Set(Object.values(map).flat())
  expect(files.size).toBeGreaterThan(0)
  await page.route((url) => files.has(url.pathname), (route) => route.fulfill({ status: 404, body: 'not found' }))
}
/** Spec 4: the language toast, in English, after the fallback. */
async function languageToast(page: Page) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: msg('en', 'notifications_errors_language') })).toBeVisible({ timeout: 20_000 })
}

const sees: Record<string, (page: Page) => Promise<void>> = {
  faq: (page) => onPage(page, 'en', /localhost:\d+\/faq$/),
  faqEn: async (page) => {
    await onPage(page, 'en', /\/en\/faq$/)
    expect(await cookie(page)).toBe('en')
  },
  faqRu: async (page) => {
    await onPage(page, 'ru', /\/ru\/faq$/)
    expect(await cookie(page)).toBe('ru')
    await expect(page.getByRole('link', { name: msg('ru', 'nav_premium') }).first()).toBeVisible()
  },
  loginRu: async (page) => {
    await onPage(page, 'ru', /\/ru\/login$/)
    await fieldMessage(page, 'ru', emailMessage('ru', 'ru'))
  },
  loginDe: async (page) => {
    await onPage(page, 'de', /\/de\/login$/)
    expect(await cookie(page)).toBe('de')
    await fieldMessage(page, 'de', emailMessage('de', 'de'))
  },
  loginRuFallback: async (page) => {
    await onPage(page, 'ru', /\/ru\/login$/)
    expect(await cookie(page)).toBe('ru')
    await fieldMessage(page, 'ru', emailMessage('ru', 'en'))
  },
  loginDeBuiltIn: async (page) => {
    await onPage(page, 'de', /\/de\/login$/)
    await expect(page.getByText(msg('de', 'notifications_errors_language'))).toBeVisible()
    await fieldMessage(page, 'de', emailMessage('de', 'built-in'))
  },
  faqEnFallback: async (page) => {
    await onPage(page, 'en', /localhost:\d+\/faq$/)
    await languageToast(page)
  },
  loginEnFallback: async (page) => {
    await onPage(page, 'en', /\/en\/login$/)
    await languageToast(page)
    await fieldMessage(page, 'en', emailMessage('en', 'en'))
  },
  loginEn: async (page) => {
    await onPage(page, 'en', /\/en\/login$/)
    expect(await cookie(page)).toBe('en')
    await fieldMessage(page, 'en', emailMessage('en', 'en'))
  },
}

async function switchTo(page: Page, locale: Locale) {
  await page.getByRole('link', { name: NAMES[locale] }).click()
}

const act: Record<string, (page: Page) => Promise<void>> = {
  PICK_CURRENT: (page) => switchTo(page, 'en'),
  SWITCH_TO_RU: (page) => switchTo(page, 'ru'),
  OPEN_LOGIN: (page) => page.getByTestId('login-link').click(),
  SWITCH_TO_DE: (page) => switchTo(page, 'de'),
  SWITCH_TO_DE_WITHOUT_FILES: async (page) => {
    await missing(page, 'de', 'en')
    await switchTo(page, 'de')
  },
  SWITCH_TO_RU_WITHOUT_LANGUAGE_FILES: async (page) => {
    await languageFilesMissing(page, 'ru')
    await switchTo(page, 'ru')
  },
  SWITCH_TO_DE_WITHOUT_LANGUAGE_FILES: async (page) => {
    await languageFilesMissing(page, 'de')
    await switchTo(page, 'de')
  },
  SWITCH_TO_RU_WITHOUT_ITS_FILE: async (page) => {
    await missing(page, 'ru')
    await switchTo(page, 'ru')
  },
  SWITCH_TWICE_WHILE_LOADING: async (page) => {
    // The Russian validation file is held until English has been picked.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const asked = new Promise<Route>((resolve) => void page.route('**/locales/validation/ru.json', (route) => resolve(route)))
    await switchTo(page, 'ru')
    const route = await asked
    await expect(page).toHaveURL(/\/de\/login$/)
    await switchTo(page, 'en')
    void held.then(() => route.continue().catch(() => {}))
    await expect(page).toHaveURL(/\/en\/login$/, { timeout: 20_000 })
    release()
  },
}

async function replay(page: Page, path: ModelPath) {
  await test.step(`sees ${path.start}`, () => sees[path.start]!(page))
  for (const step of path.steps) {
    await test.step(`${step.event} → sees ${step.state}`, async () => {
      await act[step.event]!(page)
      await sees[step.state]!(page)
    })
  }
}

for (const path of paths) {
  test(path.name, async ({ page, context }, testInfo) => {
    await recordMachines(context)
    await page.goto('/faq')
    await replay(page, path)
    await checkObserved(page, testInfo, 'locale', localeModel, path)
  })
}
