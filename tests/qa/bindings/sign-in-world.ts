/**
 * The world a sign-in and an e-mail confirmation meet in the browser (decision 122): the addresses
 * a visitor types, the stand-in's answers to the page's own code requests and code checks, held
 * until a step says how the stand-in answers, and the site's scripts held or lost on their way.
 * Every answer is the stand-in's own: a refusal to send another code so soon is brought about by a
 * code asked for the same address through its API just before (as from another tab), and a code
 * turned down is one the visitor typed wrong.
 */
import { expect, type Page, type Route } from '@playwright/test'
import type { World } from '../binding.ts'

/** How the stand-in answers the page's next code request (GET /users/auth) or code check (PATCH /users/verify, POST /users/confirm). */
export type Answer = 'stand-in' | 'too-soon'

interface Visit {
  /** The addresses typed into the e-mail step, in order; the newest is the one the codes go to. */
  addresses: string[]
  requests: Answer[]
  checks: Answer[]
  /** The next code the visitor types is not the one mailed. */
  typo: boolean
  /** The visit's own address has been typed. */
  typedOnce: boolean
}
const visits = new WeakMap<Page, Visit>()

function visitOf(w: World): Visit {
  let visit = visits.get(w.page)
  if (!visit) {
    visit = { addresses: [w.email], requests: [], checks: [], typo: false, typedOnce: false }
    visits.set(w.page, visit)
  }
  return visit
}

/** The address the codes go to now: the visit's, or the newest one typed after changing it. */
export const currentAddress = (w: World): string => visitOf(w).addresses.at(-1)!

/**
 * The address the visitor types into the e-mail step: the visit's the first time, a second one of
 * theirs after “Use another e-mail” (the stand-in would refuse the same one within 30 s).
 */
export function addressToType(w: World): string {
  const visit = visitOf(w)
  if (!visit.typedOnce) {
    visit.typedOnce = true
    return w.email
  }
  const next = `other${visit.addresses.length}-${w.email}`
  visit.addresses.push(next)
  return next
}

/** The code the visitor types: the newest one mailed to the address, or, when the world says so, that code with its last digit changed. */
export async function codeToType(w: World, address = currentAddress(w)): Promise<string> {
  const visit = visitOf(w)
  const code = await w.codeFor(address)
  if (!visit.typo) return code
  visit.typo = false
  return `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`
}

/** The visitor's next code is a typo. */
export const nextCodeWrong = (w: World): void => {
  visitOf(w).typo = true
}

/** Asks the stand-in for a code for an address through its API, as another tab would. */
export async function askForCodeViaApi(w: World, address: string): Promise<void> {
  const answer = await w.page.request.get(`${w.backend}/en/users/auth?email=${encodeURIComponent(address)}`)
  if (answer.status() !== 200) throw new Error(`the stand-in sent no code to ${address}: ${answer.status()} ${await answer.text()}`)
}

async function answer(w: World, route: Route, queue: Answer[]): Promise<void> {
  const next = queue.shift()
  if (next === undefined) return // held: the page waits for the stand-in
  if (next === 'too-soon') {
    const address = new URL(route.request().url()).searchParams.get('email')!
    await askForCodeViaApi(w, address)
  }
  await route.continue()
}

/**
 * From now on the page's code requests and code checks wait for a step that says how the stand-in
 * answers: a path that ends while the site asks is seen there.
 */
export async function holdTheStandInsAnswers(w: World): Promise<void> {
  const visit = visitOf(w)
  await w.page.route(
    (url) => url.origin === new URL(w.backend).origin && /\/users\/auth$/u.test(url.pathname) && url.searchParams.has('email'),
    (route) => answer(w, route, visit.requests),
  )
  await w.page.route(
    (url) => url.origin === new URL(w.backend).origin && /\/users\/(verify|confirm)$/u.test(url.pathname),
    (route) => (route.request().method() === 'GET' ? route.fallback() : answer(w, route, visit.checks)),
  )
}

/** The stand-in's next answer to a code request: a code sent, or a refusal because one was asked for a moment ago. */
export async function answerNextRequest(w: World, how: Answer): Promise<void> {
  visitOf(w).requests.push(how)
}
/** The stand-in's next answer to a code check (sign-in or confirmation). */
export async function answerNextCheck(w: World): Promise<void> {
  visitOf(w).checks.push('stand-in')
}

/**
 * The site's scripts held on their way (a slow network): the visitor acts on the page the server
 * sent. `release` lets them through; `lose` makes the held ones fail, as after a broken deploy, so
 * a form held by the page's starter goes to the server as without JavaScript; later ones load.
 */
const held = new WeakMap<Page, { requested: () => number; release: () => void; lose: () => void }>()

export async function holdSiteScripts(w: World): Promise<void> {
  const waiting: Route[] = []
  let holding = true
  await w.page.route(
    (url) => url.origin === new URL(w.site).origin && url.pathname.endsWith('.js'),
    (route) => (holding ? void waiting.push(route) : route.continue()),
  )
  held.set(w.page, {
    requested: () => waiting.length,
    release: () => {
      holding = false
      for (const route of waiting.splice(0)) void route.continue()
    },
    lose: () => {
      holding = false
      for (const route of waiting.splice(0)) void route.abort()
    },
  })
}

export const releaseSiteScripts = (w: World): void => held.get(w.page)!.release()
/** Loses the held scripts once the page has asked for them (its starter asks after its first frame). */
export async function loseSiteScripts(w: World): Promise<void> {
  const scripts = held.get(w.page)!
  await expect.poll(scripts.requested).toBeGreaterThan(0)
  scripts.lose()
}
