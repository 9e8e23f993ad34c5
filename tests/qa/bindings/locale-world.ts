/**
 * The world the site language meets in the browser (decision 122): the files a language change
 * loads, held until a step says how they answer. A language's messages are its build of the page
 * (decision 064), listed by the site's prefetch map in that language (`/_app/prefetch-map.json?l=ru`):
 * the list answers, or is missing (404, as from a broken deployment), and the load fails. The
 * validation messages are a file per language (`/locales/validation/ru.json`), answering or missing
 * the same way. A file the path has said nothing about is held: a path that ends while the page
 * loads is seen there. Once a file has answered, the page that follows (a new document in the
 * language chosen) gets the same answer for it, until the visitor's next change of language.
 */
import type { Page, Route } from '@playwright/test'
import type { World } from '../binding.ts'

/** How the world answers a load: the file comes, or it is missing. */
export type Answer = 'comes' | 'missing'
/** The machine's loads, in the order the world answers them. */
export type Load = 'messages' | 'englishMessages' | 'validation' | 'englishValidation'

interface Files {
  /** The language the visitor picked last: its list is the load of `messages`, English's the fallback's. */
  chosen: string | null
  /** Answers queued by the path, by kind of file, in order. */
  lists: Answer[]
  validation: Answer[]
  /** Answers given, by address: the page after a change asks for them again and gets the same. */
  given: Map<string, Answer>
  /** The queue was filled for the change under way (kept when the visitor makes it). */
  fresh: boolean
  /** Requests held until the path says how they answer, in the order the page made them. */
  waiting: { route: Route; key: string; list: boolean }[]
}
const worlds = new WeakMap<Page, Files>()

function filesOf(w: World): Files {
  const files = worlds.get(w.page)
  if (!files) throw new Error('the language files are not held: the start did not call holdLanguageFiles')
  return files
}

const isList = (url: URL) => url.pathname === '/_app/prefetch-map.json'
const isValidation = (url: URL) => /^\/locales\/validation\/[a-z]{2}\.json$/u.test(url.pathname)

async function answer(route: Route, how: Answer): Promise<void> {
  if (how === 'missing') return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' })
  return route.fallback()
}

function handle(files: Files, route: Route): Promise<void> | undefined {
  const url = new URL(route.request().url())
  const key = isList(url) ? `list:${url.searchParams.get('l')}` : url.pathname
  const before = files.given.get(key)
  if (before) return answer(route, before)
  if (isList(url)) {
    // Only the lists of the language picked and of English (the fallback) are the machine's: the
    // page's own list for its link prefetching goes through.
    const locale = url.searchParams.get('l')
    if (files.chosen === null || (locale !== files.chosen && locale !== 'en')) return route.fallback()
  }
  const list = isList(url)
  const next = (list ? files.lists : files.validation).shift()
  if (next === undefined) {
    files.waiting.push({ route, key, list }) // held: the page waits for the file
    return undefined
  }
  files.given.set(key, next)
  return answer(route, next)
}

/** A request held before the path said how it answers gets the answer now queued for its kind. */
function release(files: Files, list: boolean): void {
  const held = files.waiting.findIndex((h) => h.list === list)
  if (held < 0) return
  const queue = list ? files.lists : files.validation
  const next = queue.shift()!
  const { route, key } = files.waiting.splice(held, 1)[0]!
  files.given.set(key, next)
  void answer(route, next).catch(() => {})
}

/** From now on the files a change of language loads wait until the path says how they answer. */
export async function holdLanguageFiles(w: World): Promise<void> {
  const files: Files = { chosen: null, lists: [], validation: [], given: new Map(), fresh: false, waiting: [] }
  worlds.set(w.page, files)
  await w.page.route(
    (url) => isList(url) || isValidation(url),
    (route) => handle(files, route),
  )
}

/** The path's answer to the machine's next load of this kind. */
export function answerNext(w: World, load: Load, how: Answer): void {
  const files = filesOf(w)
  if (load === 'messages' || load === 'englishMessages') files.lists.push(how)
  else files.validation.push(how)
  files.fresh = true
}

/**
 * After the visitor's step: the requests held before it get the answers the path queued for them
 * (not before: a file that came at once could end the load before the visitor's step is taken).
 */
export function answerHeld(w: World): void {
  const files = filesOf(w)
  for (const list of [true, false])
    while ((list ? files.lists : files.validation).length > 0 && files.waiting.some((h) => h.list === list)) release(files, list)
}

/**
 * The visitor picks another language: what the files answered before is forgotten (the path says
 * it again), except what was queued for this very change.
 */
export function changing(w: World, locale: string): void {
  const files = filesOf(w)
  files.chosen = locale
  files.given.clear()
  // What the page still waits for belongs to the change now given up: it is never answered.
  files.waiting.length = 0
  if (!files.fresh) {
    files.lists.length = 0
    files.validation.length = 0
  }
  files.fresh = false
}

/** A step of the visitor that is no change of language: answers queued for it stay queued. */
export function acting(w: World): void {
  filesOf(w).fresh = false
}
