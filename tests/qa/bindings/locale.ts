/**
 * R2, R4, R8: the site language, met on the FAQ page on a desktop (decision 122). The visitor
 * opens the German FAQ, or the mirror site's unprefixed FAQ with Russian remembered in the cookie;
 * picks a language in the switcher (the same page follows in that language, as a new document), or
 * opens the sign-in page, whose form asks for its validation messages. The files a change loads
 * answer when a step says so (locale-world.ts): a language's list of files, or its validation
 * file, comes or is missing; English stands in for a missing one, with the language toast.
 */
import { readFileSync } from 'node:fs'
import { expect } from '@playwright/test'
import { type Locale, msg } from '../../e2e/support/messages.ts'
import type { Snap } from '../../machines/harness.ts'
import { type Binding, type World, whenInteractive } from '../binding.ts'
import { acting, answerHeld, answerNext, changing, holdLanguageFiles } from './locale-world.ts'

type Ctx = { locale: Locale; pageLocale: Locale; path: string; validationLocale: Locale | null; validationWanted: boolean }
const ctx = (s: Snap) => s.context as Ctx

const NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский', de: 'Deutsch' }
const COOKIE = 'i18n_redirected'
const isSiteLocale = (l: unknown): l is Locale => l === 'en' || l === 'ru' || l === 'de'

/** The page the visitor is on, without its language: the FAQ until they open the sign-in page. */
const pages = new WeakMap<World['page'], '/faq' | '/login'>()
const pageOf = (w: World) => pages.get(w.page) ?? '/faq'

/** The mirror site (MIRROR_BASE_URL of the suite's site): the same port, the host `mirror.localhost`. */
const mirror = (w: World) => process.env.QA_MIRROR ?? w.site.replace('//localhost', '//mirror.localhost')

/** R5: the e-mail field's message for a malformed address, with the page's label, from a language's validation file. */
function emailMessage(page: Locale, file: Locale): string {
  const templates = JSON.parse(readFileSync(`public/locales/validation/${file}.json`, 'utf8')).messages as Record<string, string>
  return templates.email!.replace('{_field_}', msg(page, 'acc_email_label'))
}

const switcher = (w: World) =>
  w.page
    .getByRole('navigation', { name: msg('en', 'lang_switch_label') })
    .or(w.page.locator('nav.lang-switcher'))
    .first()
/** The language toast, in the language of the page it shows on (the page before the fallback, or English's after it). */
const languageToast = (w: World) =>
  w.page.locator('[data-sonner-toast]').filter({
    hasText: new RegExp(
      (['en', 'ru', 'de'] as const).map((l) => msg(l, 'notifications_errors_language').replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')).join('|'),
      'u',
    ),
  })

async function cookie(w: World): Promise<string | undefined> {
  const url = w.page.url()
  return (await w.page.context().cookies(url)).find((c) => c.name === COOKIE)?.value
}

/** The page's address in a language: `/ru/faq`; English's page may be its unprefixed default form (`/faq`). */
function address(locale: Locale, page: string): RegExp {
  const prefix = locale === 'en' ? '(?:/en)?' : `/${locale}`
  // The sign-in page remembers the page it was opened from (R2.17).
  return new RegExp(`^[a-z]+://[^/]+${prefix}${page}${page === '/login' ? '(?:\\?redirect=[^#]*)?' : ''}$`, 'u')
}

/** The visitor types a malformed address and leaves the field: the message is the one they read. */
async function fieldMessage(w: World, page: Locale, expected: string): Promise<void> {
  const form = w.page.getByTestId('sign-in-email')
  const input = form.getByLabel(msg(page, 'acc_email_label'), { exact: false })
  // Typed again if the page was still settling (a form mounted anew loses what was typed).
  await expect(async () => {
    await input.fill('not-an-address')
    await input.blur()
    await expect(form.locator('.field__error')).toHaveText(expected, { timeout: 3_000 })
  }).toPass({ timeout: 20_000 })
}

const FALLEN_BACK = new Set([
  'xstate.done.actor.loadEnglishMessages',
  'xstate.error.actor.loadEnglishMessages',
  'xstate.error.actor.loadEnglishValidationMessages',
])
const TO_ENGLISH = 'English stands in, and the toast says the language could not be loaded'

export const localeBinding: Binding = {
  machine: 'locale',
  viewport: { width: 1280, height: 800 },
  timeout: 90_000,
  starts: {
    'the root, no cookie, no supported browser language (English decided at the root)': {
      unreachable:
        'the site’s server answers the root `/` with a redirect to the language it decided and writes i18n_redirected itself (foundation.spec.ts reads the header): no page is ever shown, nor its machine started, at the root',
    },
    'the root with the cookie ru, no path given (mirror)': {
      unreachable:
        'the mirror site’s server answers the root `/` with a redirect to the cookie’s language (/ru): no page is ever shown, nor its machine started, at the root',
    },
    'a German page /de/faq (nothing said about the root or the hosts)': {
      words: 'a visitor on the German FAQ page (/de/faq), on a desktop',
      open: async (w) => {
        await holdLanguageFiles(w)
        await w.page.goto('/de/faq')
        await whenInteractive(w)
      },
    },
    'an unprefixed page /faq (the English default form, whatever the cookie)': {
      words: 'a visitor with Russian remembered in the cookie, on the mirror site’s unprefixed FAQ page (/faq), on a desktop',
      open: async (w) => {
        await holdLanguageFiles(w)
        await w.page.context().addCookies([{ name: COOKIE, value: 'ru', url: mirror(w) }])
        await w.page.goto(`${mirror(w)}/faq`)
        await whenInteractive(w)
      },
    },
    'the root of a host bound to Russian (the host decides, nothing is remembered)': {
      unreachable:
        'the suite’s site binds no host to a language (its localeHosts are empty): a host bound to Russian needs a site of its own, and at the root its server would redirect as well',
    },
  },
  events: {
    'locale.change': {
      by: 'visitor',
      words: (event) => `picks ${NAMES[event.locale as Locale] ?? event.locale} in the language switcher`,
      act: async (w, event, before) => {
        if (event.locale !== ctx(before).locale) changing(w, event.locale as string)
        else acting(w)
        await whenInteractive(w)
        await switcher(w)
          .getByRole('link', { name: NAMES[event.locale as Locale] })
          .click()
        answerHeld(w)
      },
    },
    'validation.need': {
      by: 'visitor',
      words: () => 'opens the sign-in page from the header: its form asks for its validation messages',
      act: async (w, _event, before) => {
        acting(w)
        // During a change the site still goes to the page the change was made on, once its files are in.
        if (before.matches('ready')) pages.set(w.page, '/login')
        await whenInteractive(w)
        await w.page.getByTestId('login-link').click()
        await expect(w.page.getByTestId('sign-in-email')).toBeVisible()
        answerHeld(w)
      },
    },
    'xstate.done.actor.loadMessages': {
      by: 'world',
      words: () => 'the chosen language’s files come',
      arrange: async (w) => answerNext(w, 'messages', 'comes'),
    },
    'xstate.error.actor.loadMessages': {
      by: 'world',
      words: () => 'the chosen language’s list of files is missing (404, as from a broken deployment)',
      arrange: async (w) => answerNext(w, 'messages', 'missing'),
    },
    'xstate.done.actor.loadEnglishMessages': {
      by: 'world',
      words: () => 'English’s files come',
      arrange: async (w) => answerNext(w, 'englishMessages', 'comes'),
    },
    'xstate.error.actor.loadEnglishMessages': {
      by: 'world',
      words: () => 'English’s list of files is missing too (404)',
      arrange: async (w) => answerNext(w, 'englishMessages', 'missing'),
    },
    'xstate.done.actor.loadValidationMessages': {
      by: 'world',
      words: () => 'the language’s validation file comes',
      arrange: async (w) => answerNext(w, 'validation', 'comes'),
    },
    'xstate.error.actor.loadValidationMessages': {
      by: 'world',
      words: () => 'the language’s validation file is missing (404)',
      arrange: async (w) => answerNext(w, 'validation', 'missing'),
    },
    'xstate.done.actor.loadEnglishValidationMessages': {
      by: 'world',
      words: () => 'English’s validation file comes',
      arrange: async (w) => answerNext(w, 'englishValidation', 'comes'),
    },
    'xstate.error.actor.loadEnglishValidationMessages': {
      by: 'world',
      words: () => 'English’s validation file is missing too (404)',
      arrange: async (w) => answerNext(w, 'englishValidation', 'missing'),
    },
  },
  unreachableAt: (event, before) => {
    const c = ctx(before)
    switch (event.type) {
      case 'locale.change':
        if (!isSiteLocale(event.locale)) return `the switcher offers English, Русский and Deutsch only: “${String(event.locale)}” is no language of the site`
        if (event.locale === c.locale && !before.matches('ready'))
          return 'picking the language being loaded goes to its page at once: the new page’s machine starts ready in it, where the model still waits for the file'
        if (event.locale !== c.locale && before.matches('ready') && c.locale !== c.pageLocale)
          return 'after a change the site shows a new page in the language chosen, whose machine starts afresh in it; the model keeps the first page’s language, so a second change would be judged against a page no longer shown'
        return null
      case 'validation.need':
        return c.validationWanted
          ? 'the visitor is on the sign-in page already: its form asked for its validation messages as it mounted, and no page shows a second form'
          : null
      case 'xstate.error.actor.loadMessages':
        return c.locale === 'en'
          ? 'a change to English whose list of files is missing: the English fallback asks for that same list, and it is missing again'
          : null
      case 'xstate.error.actor.loadValidationMessages':
        return c.locale === 'en' ? 'English’s validation file is the one the fallback asks for again: missing once, it is missing for the fallback too' : null
      default:
        return null
    }
  },
  view: (state, by) => {
    const c = ctx(state)
    if (state.matches({ loading: 'messages' }) || state.matches({ loading: 'englishMessages' })) {
      const fallback = state.matches({ loading: 'englishMessages' })
      return {
        words: `${NAMES[c.locale]} is remembered (the cookie i18n_redirected), and the page waits for its files${fallback ? `; they are missing: ${TO_ENGLISH}` : ''}`,
        see: async (w) => {
          await expect.poll(() => cookie(w), { timeout: 10_000 }).toBe(c.locale)
          if (fallback) await expect(languageToast(w)).toBeVisible({ timeout: 20_000 })
        },
      }
    }
    if (state.matches('loading'))
      return {
        words: 'the sign-in form waits for its validation messages',
        see: async (w) => {
          await expect(w.page.getByTestId('sign-in-email')).toBeVisible({ timeout: 20_000 })
        },
      }
    const fellBack = FALLEN_BACK.has(by.type)
    return {
      words: `the page in ${NAMES[c.locale]}${c.validationWanted ? `, its form’s messages from ${c.validationLocale ? `${NAMES[c.validationLocale]}’s validation file` : 'the built-in English ones'}` : ''}${fellBack ? `; ${TO_ENGLISH}` : ''}`,
      see: async (w) => {
        const page = pageOf(w)
        await expect(w.page).toHaveURL(address(c.locale, page), { timeout: 20_000 })
        await expect(w.page.locator('html')).toHaveAttribute('lang', c.locale)
        await expect(switcher(w).getByRole('link', { name: NAMES[c.locale] })).toHaveAttribute('aria-current', 'true')
        if (fellBack) await expect(languageToast(w)).toBeVisible({ timeout: 20_000 })
        await whenInteractive(w)
        if (c.validationWanted && page === '/login') await fieldMessage(w, c.locale, emailMessage(c.locale, c.validationLocale ?? 'en'))
      },
    }
  },
}
