/**
 * The world a payment meets in the browser (decision 122): a subscriber signed in through the
 * stand-in's API (a 30-day plan paid with its provider's signed notification, so the stand-in has
 * a special offer for them), and the stand-in's answers to the page's own requests, given at the
 * page's edge where the stand-in has no card for them: the payment check's answers in order, a
 * refusal to open a payment, a provider script that does not load, an account that cannot be read.
 * The sandbox's cards and its form are the browser suite's (tests/e2e/support/payments.ts).
 */
import { expect, type Page, type Route } from '@playwright/test'
import { COOKIES } from '#app/core/cookies.ts'
import { payWithNotification } from '../../e2e/support/payments.ts'
import type { World } from '../binding.ts'

export { cardDialog, DECLINED_CARD, DECLINED_REASON, GOOD_CARD, payWithCard } from '../../e2e/support/payments.ts'

/** Signs the visit's e-mail in through the stand-in's API and puts the session into the browser, as the site keeps it. */
export async function signInViaApi(w: World): Promise<string> {
  const request = w.page.request
  expect((await request.get(`${w.backend}/en/users/auth?email=${encodeURIComponent(w.email)}`)).status()).toBe(200)
  const verified = await request.patch(`${w.backend}/en/users/verify`, { data: { email: w.email, code: await w.codeFor(w.email) } })
  expect(verified.status()).toBe(200)
  const grant = (await verified.json()) as { token: string; expires_in: number }
  const domain = new URL(w.site).hostname
  await w.page.context().addCookies([
    { name: COOKIES.token, value: encodeURIComponent(`Bearer ${grant.token}`), domain, path: '/' },
    { name: COOKIES.tokenExpiration, value: String(Date.now() + grant.expires_in * 1000), domain, path: '/' },
  ])
  return grant.token
}

/** The 30-day plan paid as a card payment is: POST /payments, then the provider's signed notification of the charge. */
export async function subscribeViaApi(w: World, token: string): Promise<void> {
  await payWithNotification(w.page.request, token, { subscriptionId: 3, backend: w.backend })
}

/**
 * What the stand-in answers to the page's check of a payment (GET /payments/{id}), in order: its
 * own answer once the provider's notification is in, an answer of the check's shape, or none (it
 * cannot be reached). When the queue is empty, no answer: a path that ends while the site
 * confirms stays there to be seen.
 */
export type CheckAnswer = 'stand-in' | 'unreachable' | { status: 'pending' | 'failed'; failure?: string; refund?: 'pending' }
const answers = new WeakMap<Page, CheckAnswer[]>()

async function answerCheck(route: Route, queue: CheckAnswer[]): Promise<void> {
  const answer = queue.shift()
  if (answer === undefined) return // held: the site is still waiting for the stand-in
  if (answer === 'stand-in') {
    // The stand-in's own answer, once the provider's notification is in (the sandbox sends it just after the charge).
    for (let tries = 0; ; tries++) {
      const real = await route.fetch()
      const body = await real.text()
      if ((JSON.parse(body) as { status?: string }).status !== 'pending' || tries === 30) return route.fulfill({ response: real, body })
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
  if (answer === 'unreachable') return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' })
  const real = (await (await route.fetch()).json()) as Record<string, unknown>
  await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...real, failure: null, refund: null, ...answer }) })
}

/** Queues the stand-in's next answer to the payment check. */
export async function answerNextCheck(w: World, answer: CheckAnswer): Promise<void> {
  let queue = answers.get(w.page)
  if (!queue) {
    const fresh: CheckAnswer[] = []
    queue = fresh
    answers.set(w.page, fresh)
    await w.page.route(
      (url) => /\/payments\/[^/]+$/u.test(url.pathname),
      (route) => (route.request().method() === 'GET' ? answerCheck(route, fresh) : route.fallback()),
    )
  }
  queue.push(answer)
}

/** The stand-in refuses to open the next payment, as it does for a trial already used. */
export async function refuseNextPayment(w: World): Promise<void> {
  let refused = false
  await w.page.route(
    (url) => url.pathname.endsWith('/payments'),
    (route) => {
      if (refused || route.request().method() !== 'POST') return route.fallback()
      refused = true
      return route.fulfill({ status: 422, contentType: 'application/json', body: '{"message":"The trial has already been used."}' })
    },
  )
}

/** The provider's widget script does not load (a blocker, a network that drops it). */
export async function blockWidgetScript(w: World): Promise<void> {
  let blocked = false
  await w.page.route('**/sandbox/*.js', (route) => {
    if (blocked) return route.fallback()
    blocked = true
    return route.abort()
  })
}

/** The stand-in cannot give the account (GET /users/me answers 503) from now on. */
export async function failAccountReads(w: World): Promise<void> {
  await w.page.route('**/users/me', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }))
}
