/**
 * R4.21, R7, R2.17: the account page's actions, met by a subscriber of the 30-day plan whose
 * launcher is bound to a device, on a desktop: in English, or in Russian, sent from the Russian
 * checkout to confirm an address (decision 122). The visitor turns renewal off and on, resets the
 * device (both asked in a confirmation), changes the address, enters its code and sets the
 * launcher password; the world answers each call: the stand-in's own answer, or its refusal (an
 * address another account took meanwhile, a device reset a moment ago), or no answer at all where
 * the stand-in has no refusal to give (account-world.ts). Until the path answers it, a call waits.
 */
import { expect } from '@playwright/test'
import { type Locale, msg } from '../../e2e/support/messages.ts'
import type { Snap, TestEvent } from '../../machines/harness.ts'
import type { Binding, EventBinding, StateView, World } from '../binding.ts'
import { ANSWERS, accountHolder, answerNext, type Call, changeAsked, holdCalls, isCall, newAddress, offering, open, SAID } from './account-world.ts'

type Ctx = { confirming: 'cancel' | 'reset' | null; error: string | null; returnTo: string | null }
const ctx = (s: Snap) => s.context as Ctx
/** The page the visitor is on: the Russian one when sent from the Russian checkout (the model's return address). */
const localeOf = (s: Snap): Locale => (ctx(s).returnTo === null ? 'en' : 'ru')
const callOf = (event: TestEvent) => event.type.replace(/^xstate\.(done|error)\.actor\./u, '')

/** The busy state each call runs in. */
const BUSY: Record<Call, string> = {
  cancelSubscription: 'cancelling',
  resetDevice: 'resetting',
  resumeRenewal: 'resuming',
  changeEmail: 'changingEmail',
  confirmEmailCode: 'confirmingEmailCode',
  changePassword: 'changingPassword',
}
const FORM_OF: Record<string, string> = { 'account-email': 'change-email', 'account-email-code': 'confirm-email-code', 'account-password': 'change-password' }

const dialog = (w: World, locale: Locale, kind: 'cancel' | 'reset') => w.page.getByRole('dialog', { name: msg(locale, `acc_confirm_${kind}_title`) })
const form = (w: World, name: string) => w.page.getByTestId(FORM_OF[name] ?? name)
const toast = (w: World, kind: 'success' | 'error', text: string) =>
  w.page.locator(`[data-sonner-toast][data-type="${kind}"]`).filter({ hasText: text, visible: true }).first()

/** The world's answer to each call, done or refused, by the machine's event types. */
function worldAnswers(): Record<string, EventBinding> {
  const bound: Record<string, EventBinding> = {}
  for (const call of Object.keys(ANSWERS) as Call[]) {
    bound[`xstate.done.actor.${call}`] = { by: 'world', words: () => ANSWERS[call].done, arrange: async (w) => answerNext(w, call, 'stand-in') }
    bound[`xstate.error.actor.${call}`] = {
      by: 'world',
      words: () => ANSWERS[call].error,
      arrange: async (w) => {
        await ANSWERS[call].prepare?.(w)
        answerNext(w, call, SAID[call].error ? 'stand-in' : 'unreachable')
      },
    }
  }
  return bound
}
const values = (event: TestEvent) => (event as { values?: Record<string, string> }).values ?? {}

export const accountBinding: Binding = {
  machine: 'account',
  viewport: { width: 1280, height: 800 },
  timeout: 60_000,
  starts: {
    'the account page of a signed-in user': {
      words: 'a subscriber of the 30-day plan, renewing, whose launcher is bound to a device, signed in, on the English account page',
      open: async (w) => {
        await accountHolder(w, { subscribed: true })
        await holdCalls(w)
        await open(w, '/en/account')
      },
    },
    'the account page opened from the checkout to add an e-mail': {
      words:
        'the same subscriber, sent from the Russian checkout to the account page’s e-mail form, with the checkout as the way back (the stand-in’s accounts signed in by e-mail have an address: it is changed, not added)',
      open: async (w) => {
        await accountHolder(w, { subscribed: true })
        await holdCalls(w)
        await open(w, `/ru/account?redirect=${encodeURIComponent('/ru/premium')}#acc-email`)
      },
    },
  },
  events: {
    'account.cancelSubscription': {
      by: 'visitor',
      words: () => 'asks to turn auto-renewal off',
      act: async (w) => {
        await offering(w, 'cancel-subscription')
        await w.page.getByTestId('cancel-subscription').click()
      },
    },
    'account.resumeRenewal': {
      by: 'visitor',
      words: () => 'turns auto-renewal back on (turned off meanwhile in another tab: the page is opened again first)',
      act: async (w) => {
        await offering(w, 'resume-renewal')
        await w.page.getByTestId('resume-renewal').click()
      },
    },
    'account.resetDevice': {
      by: 'visitor',
      words: () => 'asks to reset the bound device',
      act: async (w) => {
        await offering(w, 'reset-device')
        await w.page.getByTestId('reset-device').click()
      },
    },
    'modal.answered': {
      by: 'visitor',
      words: (event) => ((event as { answer?: string }).answer === 'confirm' ? 'confirms in the dialog' : 'chooses “Keep it” in the dialog'),
      act: (w, event, before) => {
        const box = w.page.getByRole('dialog')
        return (event as { answer?: string }).answer === 'confirm'
          ? box.getByTestId('confirm-yes').click()
          : box.getByRole('button', { name: msg(localeOf(before), 'acc_confirm_no') }).click()
      },
    },
    'form.submitted': {
      by: 'visitor',
      words: (event) =>
        ({
          'account-email': 'types a new address and asks to change to it',
          'account-email-code':
            'types the code mailed to the new address and confirms it (asked for meanwhile, unless the page shows its form: the page is opened again first)',
          'account-password': `types “${values(event).password}” twice as the launcher password and saves it`,
        })[String((event as { form?: string }).form)] ?? 'sends a form',
      act: async (w, event, before) => {
        const name = String((event as { form?: string }).form)
        const locale = localeOf(before)
        if (name === 'account-email') await form(w, name).getByLabel(msg(locale, 'acc_new_email_label')).fill(newAddress(w))
        if (name === 'account-email-code') {
          await changeAsked(w)
          await form(w, name)
            .getByLabel(msg(locale, 'acc_confirm_code_label'))
            .fill(await w.codeFor(newAddress(w)))
        }
        if (name === 'account-password') {
          await form(w, name).getByLabel(msg(locale, 'acc_password_label'), { exact: true }).fill(values(event).password!)
          await form(w, name).getByLabel(msg(locale, 'acc_password_confirm_label'), { exact: true }).fill(values(event)['password-confirm']!)
        }
        await form(w, name).getByRole('button').last().click()
      },
    },
    ...worldAnswers(),
  },
  unreachableAt: (event, before) => {
    const state = before.value as string
    if (event.type.startsWith('xstate.')) {
      const call = callOf(event)
      if (!isCall(call) || BUSY[call] !== state) return 'the stand-in answers only a call the page made and waits for'
      if (event.type.startsWith('xstate.error.') && !((event as { error?: unknown }).error instanceof Error))
        return 'the site’s client fails with an Error for every failure (a refusal, no answer): a thrown string is the machine tests’ own case'
      return null
    }
    if (event.type === 'modal.answered') return state === 'confirming' ? null : 'no confirmation is open: the dialog’s buttons are not on the page'
    if (event.type === 'form.submitted' && !FORM_OF[String((event as { form?: string }).form)])
      return 'the account page has no such form: a sign-in form is the sign-in page’s'
    if (state === 'confirming') return 'the confirmation covers the page: the page’s buttons and forms are behind it'
    if (state !== 'idle') return 'the page’s buttons wait (disabled) while a call runs'
    return null
  },
  view: (state, by) => {
    const locale = localeOf(state)
    const c = ctx(state)
    if (c.confirming)
      return {
        words: `the confirmation asks whether to ${c.confirming === 'cancel' ? 'turn auto-renewal off' : 'reset the device'}`,
        see: async (w) => {
          const box = dialog(w, locale, c.confirming!)
          await expect(box).toBeVisible()
          await expect(box.getByTestId('confirm-yes')).toHaveText(msg(locale, `acc_confirm_${c.confirming}_yes`))
          await expect(box.getByRole('button', { name: msg(locale, 'acc_confirm_no') })).toBeVisible()
        },
      }
    const busy = (Object.keys(BUSY) as Call[]).find((call) => BUSY[call] === state.value)
    if (busy) return waiting(busy)
    return idle(state, by, locale)
  },
}

/** A call runs: no dialog, and the page's buttons wait. */
function waiting(call: Call): StateView {
  return {
    words: 'the page waits for the stand-in: its buttons are disabled',
    see: async (w) => {
      await expect(w.page.getByRole('dialog')).toHaveCount(0)
      await expect(form(w, 'account-email').getByRole('button')).toBeDisabled()
      await expect(form(w, 'account-password').getByRole('button')).toBeDisabled()
      const button = { cancelSubscription: 'cancel-subscription', resumeRenewal: 'resume-renewal', resetDevice: 'reset-device' }[call as string]
      if (button) await expect(w.page.getByTestId(button)).toBeDisabled()
    },
  }
}

/** Nothing runs: the page, as the last step left it, with its toast. */
function idle(state: Snap, by: TestEvent, locale: Locale): StateView {
  const back = ctx(state).returnTo !== null && by.type === 'xstate.done.actor.confirmEmailCode'
  const base = async (w: World) => {
    await expect(w.page.getByRole('dialog')).toHaveCount(0)
    if (back) return
    await expect(w.page.getByTestId('account')).toBeVisible()
    await expect(form(w, 'account-email').getByRole('button')).toBeEnabled()
    await expect(form(w, 'account-password').getByRole('button')).toBeEnabled()
    if (ctx(state).returnTo !== null) await expect(w.page.getByTestId('email-return')).toContainText(msg(locale, 'acc_email_return_text'))
  }
  const call = callOf(by)
  if (by.type.startsWith('xstate.error.') && isCall(call)) {
    const said = SAID[call].error?.[locale as 'en' | 'ru'] ?? msg(locale, 'notifications_errors_other')
    return {
      words: `the page says the stand-in did not do it: “${said}”`,
      see: async (w) => {
        await expect(toast(w, 'error', said)).toBeVisible()
        await base(w)
      },
    }
  }
  if (by.type.startsWith('xstate.done.') && isCall(call))
    return {
      words: `${DONE_WORDS[call]}${back ? ', and the visitor is back at the Russian checkout' : ''}`,
      see: async (w) => {
        await expect(toast(w, 'success', SAID[call].done[locale as 'en' | 'ru'](w))).toBeVisible()
        await base(w)
        await DONE_SEEN[call](w, locale, back)
      },
    }
  return {
    words:
      by.type === 'modal.answered'
        ? 'the dialog is gone and nothing was changed'
        : 'the account page: the subscription, the device, the e-mail and password forms',
    see: async (w) => {
      await base(w)
      await expect(w.page.getByTestId('account-subscription')).toHaveAttribute('data-active', 'true')
      await expect(w.page.getByTestId('cancel-subscription').or(w.page.getByTestId('resume-renewal'))).toBeEnabled()
      await expect(w.page.getByTestId('reset-device')).toBeEnabled()
    },
  }
}

const DONE_WORDS: Record<Call, string> = {
  cancelSubscription: 'the page says auto-renewal is off, and offers to turn it back on',
  resumeRenewal: 'the page says auto-renewal is on again, and offers to turn it off',
  resetDevice: 'the page says the device is unlinked: no device is bound',
  changeEmail: 'the page says a code was mailed to the new address, and asks for it',
  confirmEmailCode: 'the page says the account has the new address',
  changePassword: 'the page says the launcher password is saved, and its fields are empty',
}

const DONE_SEEN: Record<Call, (w: World, locale: Locale, back: boolean) => Promise<void>> = {
  cancelSubscription: async (w, locale) => {
    await expect(w.page.getByTestId('renewal-off')).toHaveText(msg(locale, 'acc_sub_renewal_off'))
    await expect(w.page.getByTestId('resume-renewal')).toBeEnabled()
  },
  resumeRenewal: async (w) => {
    await expect(w.page.getByTestId('renewal-off')).toHaveCount(0)
    await expect(w.page.getByTestId('cancel-subscription')).toBeEnabled()
  },
  resetDevice: async (w, locale) => {
    await expect(w.page.getByTestId('account-device')).toContainText(msg(locale, 'acc_device_none'))
    await expect(w.page.getByTestId('reset-device')).toHaveCount(0)
  },
  changeEmail: async (w, locale) => {
    await expect(w.page.getByText(msg(locale, 'acc_pending_email', { email: newAddress(w) }))).toBeVisible()
    await expect(form(w, 'account-email-code')).toBeVisible()
  },
  confirmEmailCode: async (w, _locale, back) => {
    if (back) {
      await expect(w.page).toHaveURL(/\/ru\/premium$/u)
      return
    }
    await expect(w.page.getByTestId('account-email')).toContainText(newAddress(w))
    await expect(form(w, 'account-email-code')).toHaveCount(0)
  },
  changePassword: async (w, locale) => {
    await expect(form(w, 'account-password').getByLabel(msg(locale, 'acc_password_label'), { exact: true })).toHaveValue('')
    await expect(form(w, 'account-password').getByLabel(msg(locale, 'acc_password_confirm_label'), { exact: true })).toHaveValue('')
  },
}
