/**
 * Module-level state that outlives a story in the shared preview document, and its reset.
 * The stories test renders story after story in one page (decision 042), so whatever one story
 * leaves behind (a language, a toast, a stored plan, a cookie, a scroll position, the hydration
 * mark) would otherwise become the next story's starting point. `resetStoryGlobals` runs before
 * every story (the preview's `beforeEach`) with that story's own globals.
 */
import { toast } from 'sonner'
import { ENGLISH, installValidationMessages } from '#app/core/validation-messages.ts'
import { type Locale, overwriteGetLocale } from '#app/paraglide/runtime.js'
import { isLocale } from '#machines/rules/locale.ts'
import { resetInspection } from './inspector.ts'

let currentLocale: Locale = 'en'
// Paraglide reads the locale through this function on every message call.
overwriteGetLocale(() => currentLocale)

/** The language of the messages and `<html lang>`, as a document in that language has them. */
export function setStoryLocale(locale: Locale): void {
  currentLocale = locale
  document.documentElement.lang = locale
}

/** The locale a story's globals ask for (English unless the toolbar or the story says otherwise). */
export function localeOf(globals: Record<string, unknown>): Locale {
  return isLocale(globals.locale) ? globals.locale : 'en'
}

export function resetStoryGlobals(globals: Record<string, unknown>): void {
  setStoryLocale(localeOf(globals))
  // The validation messages are module state too: a Russian story's stay until a form asks again.
  installValidationMessages(ENGLISH)
  // Toasts of the previous story are gone (sonner keeps them in a module-level store).
  toast.dismiss()
  resetInspection()
  // Each story starts from a fresh visit: no stored premium state, countdown deadline or cookie.
  window.sessionStorage.clear()
  window.localStorage.clear()
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; max-age=0; path=/`
  })
  // The page is not interactive yet (the navigation effects mark it), nothing holds the scroll.
  delete document.documentElement.dataset.hydrated
  document.body.style.overflow = ''
  window.scrollTo(0, 0)
}
