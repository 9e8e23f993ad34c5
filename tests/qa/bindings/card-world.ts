/**
 * The world a replacement of the renewal card meets in the browser (decision 122): a subscriber of
 * the 30-day plan who paid for it on the Premium page with the sandbox's Visa (so the stand-in has
 * it on file), and the stand-in's answers to the card machine's three calls, each held until the
 * path says how the world answers it: the card check opened (POST /payments/card), or refused in the
 * stand-in's own words after auto-renewal was turned off meanwhile; the check of the card check
 * (GET /payments/{id}): the stand-in's own answer once the provider's notification is in, or an
 * answer of its shape given over it ("not yet", refused), or none at all; the card on file read
 * again (GET /payments/card), or not. A path that ends while a call runs is seen there.
 */
import { expect, type Page, type Route } from '@playwright/test'
import { buyMonthByCard } from '../../e2e/support/payments.ts'
import type { World } from '../binding.ts'
import { asUser, open } from './account-world.ts'
import { signInViaApi } from './payment-world.ts'

export { blockWidgetScript, cardDialog, DECLINED_CARD, DECLINED_REASON, payWithCard } from './payment-world.ts'

/** The sandbox's other approved card, the replacement (a MasterCard ending in 4444, as the model's card read again). */
export const MASTERCARD = '5555 5555 5555 4444'
/** What the stand-in says when there is no renewing subscription (backend/src/messages-en.ts, no_subscription). */
export const NO_SUBSCRIPTION = 'There is no subscription whose card could be replaced.'

export type CreateAnswer = 'stand-in' | 'renewal-off'
export type CheckAnswer = 'stand-in' | 'unreachable' | { status: 'pending' | 'failed'; failure?: string }
export type LoadAnswer = 'stand-in' | 'unreachable'

interface Queues {
  create: CreateAnswer[]
  check: CheckAnswer[]
  load: LoadAnswer[]
}
const queues = new WeakMap<Page, Queues>()
const unavailable = (route: Route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' })

async function answerCreate(w: World, route: Route, how: CreateAnswer): Promise<void> {
  if (how === 'stand-in') return route.fallback()
  // Auto-renewal turned off in another tab: the stand-in refuses, in its words; then it is turned on again there.
  await asUser(w, 'GET', '/users/subscription/cancel')
  const refused = await route.fetch()
  await route.fulfill({ response: refused })
  await asUser(w, 'GET', '/users/subscription/resume')
}

async function answerCheck(route: Route, how: CheckAnswer): Promise<void> {
  if (how === 'unreachable') return unavailable(route)
  if (how === 'stand-in') {
    // The stand-in's own answer, once the provider's notification is in (the sandbox sends it just after the hold).
    for (let tries = 0; ; tries++) {
      const real = await route.fetch()
      const body = await real.text()
      if ((JSON.parse(body) as { status?: string }).status !== 'pending' || tries === 30) return route.fulfill({ response: real, body })
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }
  const real = (await (await route.fetch()).json()) as Record<string, unknown>
  await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...real, failure: null, refund: null, ...how }) })
}

/** Holds the card machine's calls from now on, each until its answer is queued. */
export async function holdCardCalls(w: World): Promise<void> {
  const q: Queues = { create: [], check: [], load: [] }
  queues.set(w.page, q)
  await w.page.route(
    (url) => url.origin === new URL(w.backend).origin && /\/payments\/(card|\d+)$/u.test(url.pathname),
    (route) => {
      const request = route.request()
      const pathname = new URL(request.url()).pathname
      if (request.method() === 'POST' && pathname.endsWith('/payments/card')) {
        const how = q.create.shift()
        return how === undefined ? undefined : answerCreate(w, route, how)
      }
      if (request.method() !== 'GET') return route.fallback()
      if (pathname.endsWith('/payments/card')) {
        const how = q.load.shift()
        if (how === undefined) return undefined // held
        return how === 'stand-in' ? route.fallback() : unavailable(route)
      }
      const how = q.check.shift()
      return how === undefined ? undefined : answerCheck(route, how)
    },
  )
}

function queuesOf(w: World): Queues {
  const q = queues.get(w.page)
  if (!q) throw new Error('the card calls are not held: the start did not call holdCardCalls')
  return q
}
export const queueCreate = (w: World, how: CreateAnswer) => void queuesOf(w).create.push(how)
export const queueCheck = (w: World, how: CheckAnswer) => void queuesOf(w).check.push(how)
export const queueLoad = (w: World, how: LoadAnswer) => void queuesOf(w).load.push(how)

/** A subscriber of the 30-day plan, renewing, who paid for it with the sandbox's Visa ending in 4242, signed in, on the English account page. */
export async function subscriberWithVisa(w: World): Promise<void> {
  await signInViaApi(w)
  await buyMonthByCard(w.page)
  await holdCardCalls(w)
  // Opened afresh: the provider's script, loaded on the Premium page, is not in this page yet.
  await open(w, '/en/account')
  await expect(w.page.getByTestId('replace-card')).toBeEnabled()
}
