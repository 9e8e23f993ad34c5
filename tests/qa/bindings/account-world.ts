/**
 * The world the account page meets in the browser (decision 122): a subscriber of the 30-day plan
 * signed in through the stand-in's API, their launcher bound to a device (the stand-in's
 * development control), and the stand-in's answers to the page's six account calls. Every call is
 * held until the path says how the world answers it: the stand-in's own answer (which the world
 * may have prepared: an address taken meanwhile, a device reset a moment ago), or no answer at all
 * where the stand-in has no refusal to give. A path that ends while a call runs is seen there.
 * What the page changes in the stand-in behind the visitor's back (renewal, a change of address)
 * goes through the same API the launcher and another tab use.
 */
import { expect, type Page, type Route } from '@playwright/test'
import { COOKIES } from '#app/core/cookies.ts'
import { type World, whenInteractive } from '../binding.ts'
import { signInViaApi, subscribeViaApi } from './payment-world.ts'

/** The account machine's calls, by its actors' names, as the page's client sends them. */
export const CALLS = {
  cancelSubscription: { method: 'GET', path: /\/users\/subscription\/cancel$/u },
  resumeRenewal: { method: 'GET', path: /\/users\/subscription\/resume$/u },
  resetDevice: { method: 'DELETE', path: /\/users\/device\/reset$/u },
  changeEmail: { method: 'PUT', path: /\/users\/email$/u },
  confirmEmailCode: { method: 'POST', path: /\/users\/email\/[^/]+$/u },
  changePassword: { method: 'POST', path: /\/users\/credentials$/u },
} as const
export type Call = keyof typeof CALLS
export const isCall = (name: string): name is Call => name in CALLS

/** How the world answers a call: the stand-in answers it, or nobody does (a network that drops it). */
export type Answer = 'stand-in' | 'unreachable'
const queues = new WeakMap<Page, Map<Call, Answer[]>>()

async function answer(route: Route, queue: Map<Call, Answer[]>): Promise<void> {
  const request = route.request()
  const pathname = new URL(request.url()).pathname
  const call = (Object.keys(CALLS) as Call[]).find((c) => CALLS[c].method === request.method() && CALLS[c].path.test(pathname))
  if (!call) return route.fallback()
  const next = queue.get(call)?.shift()
  if (next === undefined) return // held: the page still waits for the stand-in
  if (next === 'unreachable') return route.abort('internetdisconnected')
  return route.fallback()
}

/** Holds the page's account calls from now on, each until its answer is queued. */
export async function holdCalls(w: World): Promise<void> {
  const queue = new Map<Call, Answer[]>()
  queues.set(w.page, queue)
  await w.page.route(
    (url) => url.origin === new URL(w.backend).origin && url.pathname.includes('/users/'),
    (route) => answer(route, queue),
  )
}

/** Queues the world's answer to the page's next call of this kind. */
export function answerNext(w: World, call: Call, how: Answer): void {
  const queue = queues.get(w.page)
  if (!queue) throw new Error('the account calls are not held: the start did not call holdCalls')
  queue.set(call, [...(queue.get(call) ?? []), how])
}

/** The session's token, as the site keeps it in its cookie. */
async function tokenOf(w: World): Promise<string> {
  const cookie = (await w.page.context().cookies()).find((c) => c.name === COOKIES.token)
  if (!cookie) throw new Error('no session in the browser')
  return decodeURIComponent(cookie.value).replace(/^Bearer /u, '')
}

/** A call to the stand-in's API as the signed-in user (the launcher, another tab). */
export async function asUser(w: World, method: 'GET' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<void> {
  const answered = await w.page.request.fetch(`${w.backend}/en${path}`, {
    method,
    headers: { authorization: `Bearer ${await tokenOf(w)}` },
    ...(data === undefined ? {} : { data }),
  })
  expect(answered.status(), `${method} ${path}: ${await answered.text()}`).toBe(200)
}

/** The launcher binds the account to a PC (the stand-in's development control). */
export async function bindDevice(w: World): Promise<void> {
  expect((await w.page.request.post(`${w.backend}/__dev/device?email=${encodeURIComponent(w.email)}`)).ok()).toBe(true)
}

/** A signed-in visitor whose launcher is bound to a device; with `subscribed`, a subscriber of the 30-day plan, renewing. */
export async function accountHolder(w: World, { subscribed }: { subscribed: boolean }): Promise<void> {
  const token = await signInViaApi(w)
  if (subscribed) await subscribeViaApi(w, token)
  await bindDevice(w)
}

/** Opens a page of the site and waits until a visitor's click does something. */
export async function open(w: World, path: string): Promise<void> {
  await w.page.goto(path)
  await whenInteractive(w)
  await expect(w.page.getByTestId('account')).toBeVisible()
}

/** The page opened again where it is (after a change made elsewhere). */
async function reopen(w: World): Promise<void> {
  await w.page.reload()
  await whenInteractive(w)
  await expect(w.page.getByTestId('account')).toBeVisible()
}

/** The address the visitor moves the account to: fresh for each visit. */
export const newAddress = (w: World) => `new-${w.email}`

/** Another visitor signs up with the address the visitor is moving to (the stand-in makes the account). */
export async function takeAddress(w: World): Promise<void> {
  expect((await w.page.request.get(`${w.backend}/en/users/auth?email=${encodeURIComponent(newAddress(w))}`)).status()).toBe(200)
}

/** The device was reset a moment ago (from another tab) and the launcher bound it again: the stand-in allows one reset a day. */
export async function resetJustNow(w: World): Promise<void> {
  await asUser(w, 'DELETE', '/users/device/reset')
  await bindDevice(w)
}

/** Renewal is turned on or off elsewhere, unless the page already offers the button; the page is opened again. */
export async function offering(w: World, button: 'cancel-subscription' | 'resume-renewal' | 'reset-device'): Promise<void> {
  if ((await w.page.getByTestId(button).count()) > 0) return
  if (button === 'reset-device') await bindDevice(w)
  else await asUser(w, 'GET', button === 'resume-renewal' ? '/users/subscription/cancel' : '/users/subscription/resume')
  await reopen(w)
}

/** A change of address is waiting for its code (asked for elsewhere, unless the page shows its code form already). */
export async function changeAsked(w: World): Promise<void> {
  if ((await w.page.getByTestId('confirm-email-code').count()) > 0) return
  await asUser(w, 'PUT', '/users/email', { email: newAddress(w) })
  await reopen(w)
}

/**
 * What the page says when a call went through (renewal on or off in the site's own words, R9.29;
 * the others in the stand-in's), and when it refused (its messages, en and ru,
 * backend/src/messages-*.ts); `null`: the stand-in cannot be reached and the page says so itself.
 */
export const SAID: Record<Call, { done: Record<'en' | 'ru', (w: World) => string>; error: Record<'en' | 'ru', string> | null }> = {
  cancelSubscription: {
    done: { en: () => 'Auto-renewal is off. Your Premium stays active until', ru: () => 'Автопродление отключено. Premium действует до' },
    error: null,
  },
  resumeRenewal: { done: { en: () => 'Auto-renewal is on again. Next charge:', ru: () => 'Автопродление снова включено.' }, error: null },
  resetDevice: {
    done: { en: () => 'Your device has been unlinked.', ru: () => 'Устройство отвязано.' },
    error: { en: 'The device can be reset once every 24 hours.', ru: 'Сбросить устройство можно раз в 24 часа.' },
  },
  changeEmail: {
    done: {
      en: (w) => `We have sent a confirmation code and link to ${newAddress(w)}.`,
      ru: (w) => `Мы отправили код и ссылку для подтверждения на ${newAddress(w)}.`,
    },
    error: { en: 'This e-mail address is already in use.', ru: 'Этот e-mail уже используется.' },
  },
  confirmEmailCode: {
    done: { en: (w) => `Your e-mail address is now ${newAddress(w)}.`, ru: (w) => `Ваш e-mail изменён на ${newAddress(w)}.` },
    error: { en: 'This e-mail address is already in use.', ru: 'Этот e-mail уже используется.' },
  },
  changePassword: { done: { en: () => 'Your launcher password has been saved.', ru: () => 'Пароль для лаунчера сохранён.' }, error: null },
}

/** The world's answers, in a tester's words, and what it prepares for them. */
export const ANSWERS: Record<Call, { done: string; error: string; prepare?: (w: World) => Promise<void> }> = {
  cancelSubscription: { done: 'the stand-in turns auto-renewal off', error: 'the stand-in cannot be reached to turn renewal off' },
  resumeRenewal: { done: 'the stand-in turns auto-renewal on again', error: 'the stand-in cannot be reached to turn renewal on' },
  resetDevice: { done: 'the stand-in unlinks the device', error: 'the stand-in refuses: the device was reset less than a day ago', prepare: resetJustNow },
  changeEmail: {
    done: 'the stand-in mails a code to the new address',
    error: 'the stand-in refuses: another account took the address meanwhile',
    prepare: takeAddress,
  },
  confirmEmailCode: {
    done: 'the stand-in moves the account to the new address',
    error: 'the stand-in refuses the code: another account took the address meanwhile',
    prepare: async (w) => {
      await changeAsked(w)
      await takeAddress(w)
    },
  },
  changePassword: { done: 'the stand-in saves the launcher password', error: 'the stand-in cannot be reached to save the password' },
}
