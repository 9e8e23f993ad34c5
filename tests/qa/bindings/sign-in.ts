/**
 * R4, R5, R7: the sign-in by a code sent by e-mail, met on the English login page on a desktop
 * (decision 122). The visitor types an address, the code from the stand-in's mailbox, asks for
 * another code once the countdown is over, or changes the address; the stand-in answers each code
 * request and code check when a step says so (sign-in-world.ts): a code sent, a refusal to send one
 * so soon after the last, a code turned down. Time is the browser's own: the countdown runs as it
 * does for a visitor, so a step that waits for it takes up to 30 s.
 */
import { expect } from '@playwright/test'
import type { SignInContext } from '#machines/sign-in-types.ts'
import { msg } from '../../e2e/support/messages.ts'
import type { Snap, TestEvent } from '../../machines/harness.ts'
import { type Binding, type World, whenInteractive } from '../binding.ts'
import {
  addressToType,
  answerNextCheck,
  answerNextRequest,
  codeToType,
  currentAddress,
  holdSiteScripts,
  holdTheStandInsAnswers,
  loseSiteScripts,
  nextCodeWrong,
  releaseSiteScripts,
} from './sign-in-world.ts'

const ctx = (s: Snap) => s.context as SignInContext
/** Whole seconds until another code may be asked for, as the model has it (selectResendWait). */
const waitOf = (s: Snap) => {
  const { resendAt, now } = ctx(s)
  return Math.max(0, Math.ceil(((resendAt ?? now) - now) / 1000))
}

/** The stand-in's own words (backend/src/messages-en.ts), written out. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')
const CODE_SENT = (address: string) => new RegExp(`^${literal(`We have sent a sign-in code and link to ${address}. Check your inbox.`)}$`, 'u')
const TOO_SOON = /^Please wait \d+ s before requesting another code\.$/u
const CODE_WRONG = /^The code is incorrect\. Attempts left: \d+\.$/u
/** The model's failures (its fakes' messages), by what the stand-in said for them. */
const MODEL_ERROR: Record<string, 'wrong' | 'too-soon'> = { 'The code is not valid.': 'wrong', 'Too many attempts. Try again later.': 'too-soon' }
const COUNTDOWN = new RegExp(`^${literal(msg('en', 'acc_resend_in')).replace('\\{seconds\\}', '\\d+')}$`, 'u')

const emailForm = (w: World) => w.page.getByTestId('sign-in-email')
const codeForm = (w: World) => w.page.getByTestId('sign-in-code')
const resend = (w: World) => codeForm(w).getByRole('button', { name: msg('en', 'acc_resend') })
/**
 * A code in Arabic-Indic digits, as the model's visitor types it (the site reads them as Latin
 * digits); without the model's spaces around it: the field takes six characters at most.
 */
const arabicIndic = (code: string) => code.replace(/[0-9]/gu, (d) => String.fromCharCode(0x0660 + Number(d)))

/** The visitor types an address of theirs into the e-mail step and presses “Send code”. */
async function sendAddress(w: World) {
  await emailForm(w).getByLabel(msg('en', 'acc_email_label')).fill(addressToType(w))
  await emailForm(w)
    .getByRole('button', { name: msg('en', 'acc_send_code') })
    .click()
}

async function loginPage(w: World, query = '') {
  await holdTheStandInsAnswers(w)
  await w.page.goto(`/en/login${query}`, { waitUntil: 'domcontentloaded' })
}

export const signInBinding: Binding = {
  machine: 'sign-in',
  viewport: { width: 1280, height: 800 },
  // A resend waits for the countdown, 30 s; a path may wait twice.
  timeout: 150_000,
  starts: {
    'a fresh sign-in page': {
      words: 'a visitor on the English login page, on a desktop',
      open: async (w) => {
        await loginPage(w)
        await whenInteractive(w)
      },
    },
    'an e-mail typed and sent before the page was interactive, with a remembered target': {
      words:
        'a visitor sent to the login page from the Premium page, who types their e-mail and presses “Send code” while the page’s scripts are still on their way',
      open: async (w) => {
        await holdSiteScripts(w)
        await loginPage(w, '?redirect=%2Fen%2Fpremium')
        await sendAddress(w)
      },
    },
    'the code step the server started (a form sent without JavaScript), its notice and wait': {
      words:
        'a visitor whose page’s scripts do not load sends their e-mail: the site’s server asks for the code, and the page comes back at the code step, its scripts loading now',
      open: async (w) => {
        await holdSiteScripts(w)
        await loginPage(w)
        await sendAddress(w)
        await expect(emailForm(w)).toHaveAttribute('aria-busy', 'true')
        await loseSiteScripts(w)
        await expect(codeForm(w)).toBeVisible({ timeout: 30_000 })
        await whenInteractive(w)
      },
    },
    'the code step with a code typed and sent before the page was interactive, no wait known': {
      unreachable:
        'not bound yet: the code step without a wait is the server’s answer to a code sent without JavaScript and turned down, after which the page’s scripts would have to be held again',
    },
  },
  events: {
    'form.submitted': {
      by: 'visitor',
      words: (event) =>
        event.form === 'sign-in-email'
          ? 'types their e-mail address and presses “Send code”'
          : 'types the six digits of the code, in Arabic-Indic digits, and presses “Sign in”',
      act: async (w, event, before) => {
        if (ctx(before).submitOnStart) {
          // The form was sent before: the page carries it out once its scripts run.
          releaseSiteScripts(w)
          await whenInteractive(w)
          return
        }
        if (event.form === 'sign-in-email') {
          await sendAddress(w)
          return
        }
        await codeForm(w)
          .getByLabel(msg('en', 'acc_code_label'))
          .fill(arabicIndic(await codeToType(w)))
        await codeForm(w)
          .getByRole('button', { name: msg('en', 'acc_sign_in'), exact: true })
          .click()
      },
    },
    'signin.resend': {
      by: 'visitor',
      words: () => 'waits for the countdown to end and presses “Send a new code”',
      act: async (w) => {
        await expect(resend(w)).toBeEnabled({ timeout: 45_000 })
        await resend(w).click()
      },
    },
    'signin.changeEmail': {
      by: 'visitor',
      words: () => 'presses “Use another e-mail”',
      act: (w) =>
        codeForm(w)
          .getByRole('button', { name: msg('en', 'acc_change_email') })
          .click(),
    },
    // The ticker runs every second by itself; a step of the model's clock past the wait is the countdown's end.
    'clock.tick': {
      by: 'visitor',
      words: () => 'lets time pass as the countdown runs',
      act: async (w, event, before) => {
        const over = Number(event.now) >= (ctx(before).resendAt ?? 0)
        if (over) await expect(resend(w)).toBeEnabled({ timeout: 45_000 })
        else await w.page.waitForTimeout(1_100)
      },
    },
    'xstate.done.actor.requestCode': {
      by: 'world',
      words: () => 'the stand-in mails a code and a link to the address',
      arrange: (w) => answerNextRequest(w, 'stand-in'),
    },
    'xstate.error.actor.requestCode': {
      by: 'world',
      words: () => 'the stand-in refuses: a code was asked for the address a moment ago (in another tab), so it asks to wait',
      arrange: (w) => answerNextRequest(w, 'too-soon'),
    },
    'xstate.done.actor.resendCode': {
      by: 'world',
      words: () => 'the stand-in mails another code, and asks to wait before the next',
      arrange: (w) => answerNextRequest(w, 'stand-in'),
    },
    'xstate.error.actor.resendCode': {
      by: 'world',
      words: () => 'the stand-in refuses: a code was asked for the address a moment ago (in another tab), so it asks to wait',
      arrange: (w) => answerNextRequest(w, 'too-soon'),
    },
    'xstate.done.actor.verifyCode': {
      by: 'world',
      words: () => 'the digits are the newest code mailed: the stand-in signs the visitor in',
      arrange: (w) => answerNextCheck(w),
    },
    'xstate.error.actor.verifyCode': {
      by: 'world',
      words: () => 'the digits are not the code mailed (one is mistyped): the stand-in turns them down',
      arrange: (w) => {
        nextCodeWrong(w)
        return answerNextCheck(w)
      },
    },
  },
  unreachableAt: (event, before) => {
    switch (event.type) {
      case 'form.submitted': {
        const form = event.form === 'sign-in-email' ? 'email' : 'code'
        if (!before.matches({ [form]: 'editing' })) return `the page shows the ${form === 'email' ? 'code' : 'e-mail'} step: its form is not on the page`
        const values = event.values as Record<string, string>
        if (!(values[form] ?? '').trim()) return `the form’s rules refuse an empty ${form === 'email' ? 'address' : 'code'}: no submit reaches the machine`
        return null
      }
      case 'signin.changeEmail':
        return before.matches({ code: 'editing' }) ? null : '“Use another e-mail” shows only at the code step, and is disabled while it is busy'
      case 'signin.resend':
        if (!before.matches({ code: 'editing' })) return '“Send a new code” shows only at the code step, and is disabled while it is busy'
        return Number(event.now) < (ctx(before).resendAt ?? 0)
          ? '“Send a new code” is disabled until the countdown ends: a press before then never reaches the machine'
          : null
      case 'clock.tick':
        return before.matches('code') ? null : 'the e-mail step runs no countdown: no tick reaches the machine'
      case 'xstate.done.actor.resendCode':
        return (event.output as { resendIn: number }).resendIn <= 0
          ? 'the stand-in always asks for 30 s between two codes; an answer that asks for no wait is the machine tests’'
          : null
      case 'xstate.error.actor.verifyCode':
        return event.error instanceof Error
          ? null
          : 'the site’s check of a code always fails with an Error carrying the stand-in’s words; a thrown non-Error is the machine tests’ case'
      default:
        return null
    }
  },
  view: (state, by) => {
    const c = ctx(state)
    if (state.matches('signedIn'))
      return {
        words: `the visitor is signed in and taken to ${c.redirectTo ? 'the Premium page they came from' : 'the home page'}`,
        see: async (w) => {
          await expect(w.page).toHaveURL(c.redirectTo ? /\/en\/premium$/u : /\/en$/u, { timeout: 20_000 })
          await expect(w.page.getByTestId('account-link')).toBeVisible()
        },
      }
    if (state.matches('email')) return emailStep(state, by)
    return codeStep(state)
  },
}

function emailStep(state: Snap, by: TestEvent) {
  const c = ctx(state)
  const sending = state.matches({ email: 'requesting' })
  const early = c.submitOnStart && by.type === 'xstate.init'
  return {
    words: sending
      ? 'the e-mail step, busy: “Sending…”'
      : early
        ? 'the e-mail step with the address typed, held busy until the page is interactive'
        : `the e-mail step${c.email ? ', the address in its field' : ''}${c.error ? ', saying the stand-in asks to wait' : ''}`,
    see: async (w: World) => {
      await expect(emailForm(w)).toBeVisible()
      await expect(codeForm(w)).toHaveCount(0)
      if (c.redirectTo) await expect(w.page.getByTestId('login-target')).toHaveText(msg('en', 'login_required_notice'))
      const field = emailForm(w).getByLabel(msg('en', 'acc_email_label'))
      if (early) {
        await expect(emailForm(w)).toHaveAttribute('aria-busy', 'true')
        await expect(field).toHaveValue(currentAddress(w))
        return
      }
      const button = emailForm(w).getByRole('button', { name: msg('en', sending ? 'acc_sending' : 'acc_send_code') })
      await expect(button).toBeVisible()
      if (sending) await expect(button).toBeDisabled()
      else await expect(button).toBeEnabled()
      if (c.email) await expect(field).toHaveValue(currentAddress(w))
      if (c.error) await expect(emailForm(w).getByRole('alert')).toHaveText(TOO_SOON)
      else await expect(emailForm(w).getByRole('alert')).toHaveCount(0)
    },
  }
}

function codeStep(state: Snap) {
  const c = ctx(state)
  const verifying = state.matches({ code: 'verifying' })
  const resending = state.matches({ code: 'resending' })
  const wait = waitOf(state)
  const wrong = c.error !== null && MODEL_ERROR[c.error] === 'wrong'
  return {
    words: `the code step, saying where the code was sent${verifying ? ', busy: “Checking…”' : resending ? ', busy sending a new code' : ''}${c.error ? (wrong ? ', saying the code is incorrect' : ', saying the stand-in asks to wait') : ''}; ${wait > 0 ? 'a new code can be asked for after a countdown' : '“Send a new code” is ready'}`,
    see: async (w: World) => {
      await expect(codeForm(w)).toBeVisible()
      await expect(emailForm(w)).toHaveCount(0)
      if (c.notice !== null) await expect(codeForm(w).getByRole('status')).toHaveText(CODE_SENT(currentAddress(w)))
      const button = codeForm(w).getByRole('button', { name: msg('en', verifying ? 'acc_checking' : 'acc_sign_in'), exact: true })
      await expect(button).toBeVisible()
      await expect(button).toHaveAttribute('aria-busy', String(verifying || resending))
      if (c.error) await expect(codeForm(w).getByRole('alert')).toHaveText(wrong ? CODE_WRONG : TOO_SOON)
      else await expect(codeForm(w).getByRole('alert')).toHaveCount(0)
      if (verifying || resending) await expect(resend(w)).toBeDisabled()
      else if (wait > 0) {
        await expect(resend(w)).toBeDisabled()
        await expect(codeForm(w).getByText(COUNTDOWN)).toBeVisible()
      } else {
        await expect(resend(w)).toBeEnabled({ timeout: 45_000 })
        await expect(codeForm(w).getByText(COUNTDOWN)).toHaveCount(0)
      }
    },
  }
}
