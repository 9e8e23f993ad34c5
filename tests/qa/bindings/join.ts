/**
 * R2, R7: the join (invitation) page, met by a guest on a desktop (decision 122). Without a code in
 * the address, or with one not of the backend's form, the visitor types a friend's code into the
 * form and goes to that code's join page; with a code, the server registers it with the stand-in
 * while it renders the page: a friend's code (a user the stand-in has) is valid and kept in the
 * referrer cookie; a code nobody has is refused by the stand-in (404, its own words). The server
 * always settles the registration before the page reaches the browser, so the page never registers
 * a code itself (the `registering` state).
 */
import { expect, type Page } from '@playwright/test'
import { COOKIES } from '#app/core/cookies.ts'
import { type Locale, msg, product } from '../../e2e/support/messages.ts'
import type { Snap, TestEvent } from '../../machines/harness.ts'
import { type Binding, type StartBinding, type World, whenInteractive } from '../binding.ts'

/** The model's codes: 64 and 65 characters. */
const CODE_64 = 'abcdefgh'.repeat(8)
const CODE_65 = `${CODE_64}X`
/** What the stand-in says of a code nobody has (backend/src/messages-en.ts, referrer_unknown). */
const UNKNOWN_CODE = 'This invitation link is not valid.'
/** The form's codes a visitor can send: the form's rules refuse the others (letters, digits, `_` and `-` only, required). */
const SENDABLE = ['FRIEND', '  Friend_1  ']

type Ctx = { locale: Locale; code: string | null; result: { code: string; valid: boolean } | null; error: string | null }
const ctx = (s: Snap) => s.context as Ctx
type Submitted = TestEvent & { form: string; values: { code?: string }; to?: Record<Locale, string> }

/** The friend's invitation code, as the stand-in spells it, by visit. */
const friends = new WeakMap<Page, string>()

/** A friend signs up with the stand-in (its API, never in this browser): their invitation code, as the stand-in gives it. */
async function friendCode(w: World): Promise<string> {
  const request = w.page.request
  const email = `friend-${w.email}`
  expect((await request.get(`${w.backend}/en/users/auth?email=${encodeURIComponent(email)}`)).status()).toBe(200)
  const verified = await request.patch(`${w.backend}/en/users/verify`, { data: { email, code: await w.codeFor(email) } })
  expect(verified.status()).toBe(200)
  const { token } = (await verified.json()) as { token: string }
  const me = await request.get(`${w.backend}/en/users/me`, { headers: { authorization: `Bearer ${token}` } })
  expect(me.status()).toBe(200)
  const code = ((await me.json()) as { referral_code: string }).referral_code
  friends.set(w.page, code)
  return code
}

async function openJoin(w: World, path: string): Promise<void> {
  await w.page.goto(path)
  await whenInteractive(w)
}

const notBound = (why: string) => ({ unreachable: why })
const SERVER_SETTLES =
  'the server registers a code of the backend’s form while it renders the page and always hands its outcome over (an answer or a failure): the page never starts without one'

const starts: Record<string, StartBinding | { unreachable: string }> = {
  'no code in the address (English)': {
    words: 'a guest on the English join page without a code',
    open: (w) => openJoin(w, '/en/join'),
  },
  'no code, one typed and sent before the page was interactive (Russian)': notBound(
    'not bound yet: a code typed and sent before the page is interactive needs the page’s scripts held while the visitor types (as the deadline binding holds them)',
  ),
  'a code not of the backend form (German)': notBound(
    'not bound yet: the code typed before the page is interactive needs the page’s scripts held while the visitor types (as the deadline binding holds them)',
  ),
  'a code of 65 characters': {
    words: 'a guest on the English join page of a code of 65 characters (longer than the backend’s codes)',
    open: (w) => openJoin(w, `/en/join/${CODE_65}`),
  },
  'a code of 64 characters, not registered yet': notBound(SERVER_SETTLES),
  'a code, not registered yet (Russian)': notBound(SERVER_SETTLES),
  'a code the server registered as valid': {
    words: 'a guest follows a friend’s invitation link to the Russian join page (the friend has an account with the stand-in)',
    open: async (w) => openJoin(w, `/ru/join/${await friendCode(w)}`),
  },
  'a code the server registered as valid, in the backend spelling': {
    words: 'a guest follows a friend’s invitation link, the code in small letters, to the German join page (the stand-in spells codes in capitals)',
    open: async (w) => openJoin(w, `/de/join/${(await friendCode(w)).toLowerCase()}`),
  },
  'a code the server found invalid': notBound(
    'the stand-in never answers a code as not valid: it refuses a code nobody has with 404, which is the start “a code whose registration failed on the server”',
  ),
  'a code whose registration failed on the server': {
    words: 'a guest follows an invitation link to the English join page with a code nobody has: the stand-in refuses it (404, in its own words)',
    open: (w) => openJoin(w, '/en/join/NOPE'),
  },
}

const form = (w: World) => w.page.getByTestId('join-code-form')

export const joinBinding: Binding = {
  machine: 'join',
  viewport: { width: 1280, height: 800 },
  starts,
  events: {
    'form.submitted': {
      by: 'visitor',
      words: (event) => `types “${(event as Submitted).values.code}” as the invitation code and applies it`,
      act: async (w, event, before) => {
        const locale = ctx(before).locale
        await form(w)
          .getByLabel(msg(locale, 'acc_join_code_label'))
          .fill((event as Submitted).values.code!)
        await form(w)
          .getByRole('button', { name: msg(locale, 'acc_join_code_submit') })
          .click()
      },
    },
    'xstate.done.actor.registerReferrer': { unreachable: SERVER_SETTLES },
    'xstate.error.actor.registerReferrer': { unreachable: SERVER_SETTLES },
  },
  unreachableAt: (event, before) => {
    const submitted = event as Submitted
    if (!before.matches('entering')) return 'the code form shows only on the join page without a code: a page with one shows its outcome'
    if (submitted.form !== 'join-code') return 'the join page has no such form: a sign-in form is the sign-in page’s'
    if (!SENDABLE.includes(submitted.values.code ?? ''))
      return 'the form’s own rules refuse it (a code is required, of letters, digits, “_” and “-”): it is not sent'
    return null
  },
  view: (state, by) => {
    const c = ctx(state)
    const locale = c.locale
    if (by.type === 'form.submitted') {
      const to = (by as Submitted).to![locale]
      return {
        words: `the join page of the code typed, trimmed (${to})`,
        see: async (w) => {
          await expect(w.page).toHaveURL(new RegExp(`${to.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}$`, 'u'))
          await expect(w.page.getByTestId('join-no-code')).toHaveCount(0)
        },
      }
    }
    if (state.matches('entering'))
      return {
        words: 'the join page asks for a friend’s invitation code, and offers to sign in without one',
        see: async (w) => {
          await expect(w.page.getByRole('heading', { level: 1 })).toHaveText(msg(locale, 'page_join_heading', { product: product(locale) }))
          await expect(w.page.getByTestId('join-no-code')).toContainText(msg(locale, 'acc_join_no_code'))
          await expect(form(w).getByLabel(msg(locale, 'acc_join_code_label'))).toBeEditable()
          await expect(form(w).getByRole('button', { name: msg(locale, 'acc_join_code_submit') })).toBeEnabled()
          await expect(w.page.getByTestId('join-sign-in')).toHaveText(msg(locale, 'acc_join_cta'))
        },
      }
    if (state.matches('registered'))
      return {
        words: 'the page says the friend’s invitation is saved, and keeps the code, as the stand-in spells it, in the referrer cookie',
        see: async (w) => {
          await expect(w.page.getByRole('heading', { level: 1 })).toHaveText(msg(locale, 'page_join_heading', { product: product(locale) }))
          await expect(w.page.getByTestId('join-valid').getByRole('status')).toHaveText(msg(locale, 'acc_join_valid'))
          await expect(w.page.getByTestId('join-valid').getByRole('link', { name: msg(locale, 'acc_join_cta') })).toBeVisible()
          const cookie = (await w.page.context().cookies()).find((k) => k.name === COOKIES.referrer)
          expect(cookie?.value, 'the referrer cookie').toBe(friends.get(w.page))
        },
      }
    return {
      words: 'the page says the invitation link is not valid, in the stand-in’s words, offers to sign in without one, and keeps no referrer cookie',
      see: async (w) => {
        await expect(w.page.getByRole('heading', { level: 1 })).toHaveText(msg(locale, 'page_join_invalid_heading'))
        await expect(w.page.getByTestId('join-invalid').getByRole('alert')).toHaveText(UNKNOWN_CODE)
        await expect(w.page.getByTestId('join-invalid')).toContainText(msg(locale, 'acc_join_invalid_hint'))
        await expect(w.page.getByTestId('join-invalid').getByRole('link', { name: msg(locale, 'acc_join_cta') })).toBeVisible()
        expect((await w.page.context().cookies()).some((k) => k.name === COOKIES.referrer)).toBe(false)
      },
    }
  },
}
