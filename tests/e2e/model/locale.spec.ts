/**
 * R2, R4, R8: the locale machine's browser paths, generated from the machine itself (graph.ts): the language
 * switcher on a page without a form and on the login form, whose validation messages load on
 * demand and follow the language, with a validation file missing and with both missing.
 * Coverage is observed on the real machine (observe.ts).
 */

import { readFileSync } from 'node:fs'
import type { Page, Route } from '@playwright/test'
import { COOKIES } from '#app/core/cookies.ts'
import type { Snap } from '../../machines/harness.ts'
import { expect, test, waitForHydration } from '../support/fixtures.ts'
import { type Locale, msg } from '../support/messages.ts'
import { type BrowserPath, browserPaths, type PathStep } from './graph.ts'
import { type LocaleStep, localeGraph, NEXT_LANGUAGE, onForm } from './graphs.ts'
import { checkObserved, recordMachines, reportCoverage } from './observe.ts'

const paths = browserPaths(localeGraph)
test.describe.configure({ timeout: 120_000 })
test.afterAll(({}, testInfo) => reportCoverage(testInfo, 'locale', 'locale', localeGraph, paths.length))

const NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский', de: 'Deutsch' }
const ENGLISH_TEMPLATES = JSON.parse(readFileSync('public/locales/validation/en.json', 'utf8')).messages as Record<string, string>
/** R5: the e-mail field's message for a malformed address, with the page's label, from a language's validation file. */
function emailMessage(page: Locale, file: Locale | 'built-in'): string {
  const templates =
    file === 'built-in' ? ENGLISH_TEMPLATES : (JSON.parse(readFileSync(`public/locales/validation/${file}.json`, 'utf8')).messages as Record<string, string>)
  return templates.email!.replace('{_field_}', msg(page, 'acc_email_label'))
}

async function cookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === COOKIES.locale)?.value
}
async function onPage(page: Page, locale: Locale, url: RegExp) {
  await expect(page).toHaveURL(url)
  await expect(page.locator('html')).toHaveAttribute('lang', locale)
  await expect(page.getByRole('link', { name: NAMES[locale] })).toHaveAttribute('aria-current', 'true')
  await waitForHydration(page)
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
  await page.route(
    (url) => files.has(url.pathname),
    (route) => route.fulfill({ status: 404, body: 'not found' }),
  )
}
/** R4: the language toast, in English, after the fallback. */
async function languageToast(page: Page) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: msg('en', 'notifications_errors_language') })).toBeVisible({ timeout: 20_000 })
}

type Ctx = { locale: Locale; pageLocale: Locale; path: string; validationLocale: Locale | null }
const ctx = (s: Snap) => s.context as Ctx

/**
 * What the page shows in each state of the locale machine: the language it is in, the page
 * (the form's page once it asked for its validation messages), the switcher's current language,
 * and on the form, a field message from the validation file the machine loaded (none: built in).
 */
async function sees(page: Page, s: Snap) {
  if (!s.matches('ready')) throw new Error(`no view written for the locale state ${JSON.stringify(s.value)}`)
  const c = ctx(s)
  const path = onForm(s) ? `/${c.pageLocale}/login` : c.path
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe(path)
  // The sign-in page remembers the page it was opened from (R2.17).
  await onPage(page, c.pageLocale, new RegExp(`${path.replace(/\//gu, '\\/')}${onForm(s) ? '(?:\\?redirect=[^#]*)?' : ''}$`, 'u'))
  if (onForm(s)) await fieldMessage(page, c.pageLocale, emailMessage(c.pageLocale, c.validationLocale ?? 'built-in'))
}

/** What each step must leave behind, beyond the state's view: the language remembered, the toast of a fallback. */
const then: Partial<Record<LocaleStep, (page: Page, step: PathStep<LocaleStep>) => Promise<void>>> = {
  PICK_CURRENT: async (page, { before }) => expect(await cookie(page)).toBe(ctx(before).locale),
  // R2.17: the header's sign-in link remembers the page it was opened from (not the English root, where signing in ends anyway).
  OPEN_LOGIN: async (page, { before }) => {
    const from = ctx(before).path
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(from === '/' ? null : from)
  },
  SWITCH: async (page, { before }) => expect(await cookie(page)).toBe(NEXT_LANGUAGE[ctx(before).locale]),
  SWITCH_VALIDATION_FILE_FAILS: async (page, { before }) => expect(await cookie(page)).toBe(NEXT_LANGUAGE[ctx(before).locale]),
  SWITCH_LANGUAGE_FILES_FAIL: (page) => languageToast(page),
  SWITCH_VALIDATION_FILES_FAIL: async (page, { after }) => {
    await expect(page.getByText(msg(ctx(after).pageLocale, 'notifications_errors_language'))).toBeVisible({ timeout: 20_000 })
  },
  SWITCH_TWICE_WHILE_LOADING: async (page, { before }) => expect(await cookie(page)).toBe(NEXT_LANGUAGE[NEXT_LANGUAGE[ctx(before).locale]]),
}

async function switchTo(page: Page, locale: Locale) {
  await page.getByRole('link', { name: NAMES[locale] }).click()
}

const act: Record<LocaleStep, (page: Page, before: Snap) => Promise<void>> = {
  PICK_CURRENT: (page, s) => switchTo(page, ctx(s).locale),
  SWITCH: (page, s) => switchTo(page, NEXT_LANGUAGE[ctx(s).locale]),
  OPEN_LOGIN: (page) => page.getByTestId('login-link').click(),
  SWITCH_VALIDATION_FILES_FAIL: async (page, s) => {
    const to = NEXT_LANGUAGE[ctx(s).locale]
    await missing(page, to, 'en')
    await switchTo(page, to)
  },
  SWITCH_LANGUAGE_FILES_FAIL: async (page, s) => {
    const to = NEXT_LANGUAGE[ctx(s).locale]
    await languageFilesMissing(page, to)
    await switchTo(page, to)
  },
  SWITCH_VALIDATION_FILE_FAILS: async (page, s) => {
    const to = NEXT_LANGUAGE[ctx(s).locale]
    await missing(page, to)
    await switchTo(page, to)
  },
  SWITCH_TWICE_WHILE_LOADING: async (page, s) => {
    const first = NEXT_LANGUAGE[ctx(s).locale]
    const second = NEXT_LANGUAGE[first]
    // The first language's validation file is held until the second has been picked; any later
    // request for it goes through. The route stays until the step has been seen (replay removes
    // it): removing it while the next page loads its scripts could leave one of them held.
    const asked = new Promise<Route>((resolve) => {
      let held = false
      void page.route(`**/locales/validation/${first}.json`, (route) => {
        if (held) return route.continue()
        held = true
        resolve(route)
      })
    })
    await switchTo(page, first)
    const route = await asked
    await expect(page).toHaveURL(new RegExp(`/${ctx(s).pageLocale}/login(?:\\?|$)`, 'u'))
    await switchTo(page, second)
    await expect(page).toHaveURL(new RegExp(`/${second}/login(?:\\?|$)`, 'u'), { timeout: 20_000 })
    // The first language's file answers late (its page has gone: the request may be cancelled).
    await route.continue().catch(() => {})
  },
}

async function replay(page: Page, path: BrowserPath<LocaleStep>) {
  await test.step(`sees ${JSON.stringify(path.start.value)}`, () => sees(page, path.start))
  for (const step of path.steps) {
    await test.step(`${step.step} → ${JSON.stringify(step.after.value)}`, async () => {
      await act[step.step](page, step.before)
      await then[step.step]?.(page, step)
      await sees(page, step.after)
      // What the world did for this step (a failing file, a refused request) ends with it.
      await page.unrouteAll({ behavior: 'ignoreErrors' })
    })
  }
}

for (const path of paths) {
  test(path.name, async ({ page, context }, testInfo) => {
    await recordMachines(context)
    await page.goto('/faq')
    await replay(page, path)
    await checkObserved(page, testInfo, 'locale', localeGraph.machine.id, path)
  })
}
