/**
 * R4.18, R7: confirming an e-mail address with the code sent to it and setting the launcher's
 * password, met on the English confirmation page on a desktop (decision 122): by a guest who asked
 * for a code, and by a visitor signed in as another account. The visitor fills the form, signs out
 * or stays signed in; the stand-in answers the confirmation when a step says so (sign-in-world.ts):
 * confirmed, or the code turned down because one digit was mistyped.
 */
import { expect } from '@playwright/test'
import { msg } from '../../e2e/support/messages.ts'
import type { Snap, TestEvent } from '../../machines/harness.ts'
import { type Binding, type World, whenInteractive } from '../binding.ts'
import { signInViaApi } from './payment-world.ts'
import { answerNextCheck, askForCodeViaApi, codeToType, holdTheStandInsAnswers, nextCodeWrong } from './sign-in-world.ts'

type Ctx = {
  credentials: { email: string; code: string; password: string }
  signedInAs: string | null | undefined
  otherAccount: string | null
  error: string | null
}
const ctx = (s: Snap) => s.context as Ctx

/** The address a visitor signed in as the visit's account confirms: another account's. */
const otherAddress = (w: World) => `other-${w.email}`
const PASSWORD = 'correct horse battery'
/** The stand-in's words for a code that is not the newest mailed (backend/src/messages-en.ts), written out. */
const CODE_WRONG = /^The code is incorrect\. Attempts left: \d+\.$/u

const form = (w: World) => w.page.getByTestId('confirm-form')
const submit = (w: World) => form(w).getByRole('button', { name: msg('en', 'acc_confirm_submit') })
const otherAccount = (w: World) => w.page.getByTestId('confirm-other-account')
const toast = (w: World, key: string) =>
  w.page
    .locator('[data-sonner-toast]')
    .filter({ hasText: msg('en', key), visible: true })
    .first()

async function confirmPage(w: World) {
  await holdTheStandInsAnswers(w)
  await w.page.goto('/en/confirm-email')
  await whenInteractive(w)
}

export const confirmBinding: Binding = {
  machine: 'confirm',
  viewport: { width: 1280, height: 800 },
  starts: {
    'a guest following the link (e-mail and code given)': {
      words: 'a guest who asked for a code for their address, on the English confirmation page, the e-mail with the code at hand',
      open: async (w) => {
        await askForCodeViaApi(w, w.email)
        await confirmPage(w)
      },
    },
    'a form sent before the page was interactive, the session not known yet': {
      unreachable:
        'not bound yet: the session is not known as the page starts only when the visitor signs in (in another tab) while the page is still loading, its scripts held; the server renders with the session it knows',
    },
    'a visitor signed in as another account, nothing given': {
      words: 'a visitor signed in with their account, on the English confirmation page, come to confirm another address',
      open: async (w) => {
        await signInViaApi(w)
        await confirmPage(w)
        await expect(w.page.getByTestId('account-link')).toBeVisible()
      },
    },
  },
  events: {
    'form.submitted': {
      by: 'visitor',
      words: () => 'types the address, the code from the e-mail and a launcher password, and presses “Confirm and sign in”',
      act: async (w, _event, before) => {
        const guest = ctx(before).signedInAs === null
        await form(w)
          .getByLabel(msg('en', 'acc_email_label'))
          .fill(guest ? w.email : otherAddress(w))
        // Another account's confirmation is never sent: any six digits do.
        await form(w)
          .getByLabel(msg('en', 'acc_confirm_code_label'))
          .fill(guest ? await codeToType(w, w.email) : '493021')
        await form(w).getByLabel(msg('en', 'acc_confirm_password_label')).fill(PASSWORD)
        await submit(w).click()
      },
    },
    'confirm.logout': {
      by: 'visitor',
      words: () => 'presses “Sign out to continue”',
      act: (w) =>
        otherAccount(w)
          .getByRole('button', { name: msg('en', 'acc_confirm_logout_first') })
          .click(),
    },
    'confirm.edit': {
      by: 'visitor',
      words: () => 'presses “Stay signed in”',
      act: (w) =>
        otherAccount(w)
          .getByRole('button', { name: msg('en', 'acc_confirm_keep_account') })
          .click(),
    },
    // A guest's confirmation signs in: the site's session is busy with it until the stand-in answers.
    'auth.changed': {
      by: 'world',
      words: () => 'the site’s session turns busy, signing in with the confirmation',
    },
    'xstate.done.actor.confirm': {
      by: 'world',
      words: () => 'the code is the newest mailed: the stand-in confirms the address, sets the password and signs the visitor in',
      arrange: (w) => answerNextCheck(w),
    },
    'xstate.error.actor.confirm': {
      by: 'world',
      words: () => 'the code is not the one mailed (one digit is mistyped): the stand-in turns it down',
      arrange: (w) => {
        nextCodeWrong(w)
        return answerNextCheck(w)
      },
    },
  },
  unreachableAt: (event, before) => {
    const c = ctx(before)
    switch (event.type) {
      case 'form.submitted': {
        if (event.form !== 'confirm-email') return 'the confirmation page has no sign-in form'
        if (!before.matches('editing'))
          return 'the form is sent from its button, which is busy while confirming and replaced by the question about the other account'
        const values = event.values as Record<string, string>
        return ['email', 'code', 'password'].every((f) => (values[f] ?? '').trim())
          ? null
          : 'the form’s rules refuse an empty e-mail, code or password: no submit reaches the machine'
      }
      case 'confirm.logout':
      case 'confirm.edit':
        return before.matches('otherAccount') ? null : 'the buttons to sign out or stay signed in show only while the page asks about the other account'
      case 'auth.changed':
        return before.matches('confirming') && c.signedInAs === null && event.signedInAs === undefined
          ? null
          : 'the session changes on this page only as a guest’s confirmation signs in (busy meanwhile) and as the visitor signs out (the page is left for the home page); any other change is a sign-in or a sign-out in another tab, and the visit has one'
      case 'xstate.error.actor.confirm':
        return event.error instanceof Error
          ? null
          : 'the site’s confirmation always fails with an Error carrying the stand-in’s words; a thrown non-Error is the machine tests’ case'
      default:
        return null
    }
  },
  view: (state, by) => view(state, by),
}

function view(state: Snap, by: TestEvent) {
  const c = ctx(state)
  if (by.type === 'confirm.logout')
    return {
      words: 'the visitor is signed out and taken to the home page',
      see: async (w: World) => {
        await expect(w.page).toHaveURL(/\/en$/u)
        await expect(w.page.getByTestId('login-link')).toBeVisible()
        await expect(toast(w, 'acc_signed_out')).toBeVisible()
      },
    }
  if (state.matches('confirmed'))
    return {
      words: 'the site says the address is confirmed and the password set, and the visitor is signed in and taken to the home page',
      see: async (w: World) => {
        await expect(toast(w, 'acc_confirm_done')).toBeVisible({ timeout: 20_000 })
        await expect(w.page).toHaveURL(/\/en$/u)
        await expect(w.page.getByTestId('account-link')).toBeVisible()
      },
    }
  if (state.matches('otherAccount'))
    return {
      words: 'the page says the visitor is signed in as another account, and offers to sign out or stay signed in; nothing is sent',
      see: async (w: World) => {
        await expect(otherAccount(w)).toHaveText(
          new RegExp(msg('en', 'acc_confirm_other_account', { current: w.email, email: otherAddress(w) }).replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'), 'u'),
        )
        await expect(otherAccount(w).getByRole('button', { name: msg('en', 'acc_confirm_logout_first') })).toBeVisible()
        await expect(submit(w)).toHaveCount(0)
      },
    }
  const busy = state.hasTag('busy')
  return {
    words: busy ? 'the form, busy confirming' : `the confirmation form${c.error ? ', saying the code is incorrect' : ''}`,
    see: async (w: World) => {
      await expect(form(w)).toBeVisible()
      await expect(otherAccount(w)).toHaveCount(0)
      await expect(submit(w)).toHaveAttribute('aria-busy', String(busy))
      if (c.error) await expect(form(w).getByRole('alert')).toHaveText(CODE_WRONG)
      else await expect(form(w).getByRole('alert')).toHaveCount(0)
    },
  }
}
