/**
 * R3, R4, R7, R8, R9: the payment, met on the English Premium page by a signed-in subscriber with
 * the special offer, on a desktop, with CloudPayments (decision 122). The visitor chooses, ticks,
 * pays with the sandbox's cards and closes its form; the world answers: the stand-in opens the
 * payment or refuses, the provider's script loads or not, and the stand-in's check of the payment
 * answers paid, not yet, refused, or not at all (payment-world.ts). Time passes between the checks
 * as the site waits, 1 to 8 s (CONFIRMATION_BACKOFF_MS).
 */
import { expect } from '@playwright/test'
import { PAY_BUTTON_WORDS, selectPayButtonState, selectPayHint } from '#machines/payment-words.ts'
import { msg, payButtonName, planButtonName } from '../../e2e/support/messages.ts'
import type { Snap, TestEvent } from '../../machines/harness.ts'
import { type Binding, type StateView, type World, whenInteractive } from '../binding.ts'
import {
  answerNextCheck,
  blockWidgetScript,
  type CheckAnswer,
  cardDialog,
  DECLINED_CARD,
  DECLINED_REASON,
  failAccountReads,
  GOOD_CARD,
  payWithCard,
  refuseNextPayment,
  signInViaApi,
  subscribeViaApi,
} from './payment-world.ts'

/** The plans the stand-in lists in English that a visitor chooses on the page. */
const PLANS_ON_THE_PAGE = ['Trial', '30 days']
/** The agreements an English page asks for (R4.1), in a tester's words. */
const AGREEMENTS: Record<string, string> = {
  premium: 'the public offer and the user license agreement',
  promo: 'automatic renewal',
}
/** What the stand-in's check answers for each outcome the site tells apart (readPaymentCheck). */
const CHECK: Record<string, { answer: CheckAnswer; words: string }> = {
  paid: { answer: 'stand-in', words: 'the stand-in has the payment as paid' },
  pending: { answer: { status: 'pending' }, words: 'the stand-in has no word from the bank yet' },
  refused: { answer: { status: 'failed', failure: 'scheme_mismatch' }, words: 'the stand-in refuses the payment' },
  trial_used: { answer: { status: 'failed', failure: 'trial_used' }, words: 'the stand-in refuses the trial: the account has used it meanwhile' },
  offer_used: { answer: { status: 'failed', failure: 'offer_used' }, words: 'the stand-in refuses the offer: the account has taken it meanwhile' },
  offer_expired: { answer: { status: 'failed', failure: 'offer_expired' }, words: 'the stand-in refuses the offer: it ended before the payment' },
  refunded: { answer: { status: 'failed', refund: 'pending' }, words: 'the stand-in refuses the payment and returns the money' },
}
/** The toast each refusal is told with (R4.5, R9.2, decision 117). */
const REFUSAL_TOAST: Record<string, string> = {
  refused: 'payments_fail',
  trial_used: 'payments_trial_used',
  offer_used: 'payments_offer_used',
  offer_expired: 'payments_offer_expired',
  refunded: 'payments_refunded',
}

type Ctx = {
  subscription: { id: number } | null
  label: string
  special: boolean
  agreements: Record<string, boolean>
  requiredAgreements: readonly string[]
  loggedIn: boolean
  hasEmail: boolean
  trialUsed: boolean
}
const outputOf = (event: TestEvent) => String((event as { output?: unknown }).output)
const labelOf = (event: TestEvent) => String((event as { label?: unknown }).label)
const payButton = (w: World) => w.page.getByRole('button', { name: payButtonName(msg('en', 'premium_pay')) })
const payButtonAny = (w: World) => w.page.locator('.premium-payment__pay')
/** The newest toast on screen with these words (an older one may still be behind it). */
const toast = (w: World, key: string) =>
  w.page
    .locator('[data-sonner-toast]')
    .filter({ hasText: msg('en', key), visible: true })
    .first()
const planButton = (w: World, label: string) => w.page.getByRole('button', { name: planButtonName('en', label) })

export const paymentBinding: Binding = {
  machine: 'payment',
  viewport: { width: 1280, height: 800 },
  timeout: 120_000,
  starts: {
    'a signed-in visitor, cloudpayments, dollars, with a special offer': {
      words: 'a subscriber of the 30-day plan, signed in, on the English Premium page, with the special offer',
      open: async (w) => {
        await subscribeViaApi(w, await signInViaApi(w))
        await w.page.goto('/en/premium')
        await whenInteractive(w)
        await expect(w.page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true')
      },
    },
    'a signed-in visitor who never had Premium': {
      words: 'a visitor signed in with an account that never had Premium, on the English Premium page',
      open: async (w) => {
        await signInViaApi(w)
        await w.page.goto('/en/premium')
        await whenInteractive(w)
        await expect(w.page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true')
      },
    },
    'a guest, payselection, roubles, the stored state read first': {
      unreachable: 'the site under test takes CloudPayments; a Payselection site is a second server (PAYMENT_SERVICE=payselection)',
    },
    'a signed-in visitor who came to take the offer': { unreachable: 'not bound yet: the account page’s offer link (account.spec.ts takes it)' },
    'a guest who came to take the offer': {
      words: 'a guest on the English Premium page, come from a link to the special offer',
      open: async (w) => {
        await w.page.goto('/en/premium?offer=1')
        await whenInteractive(w)
        await expect(w.page.locator('.premium-checkout')).toHaveAttribute('data-ready', 'true')
      },
    },
    'a signed-in visitor with an offer, the stored state read first': {
      unreachable:
        'the same visit as “a signed-in visitor, cloudpayments, dollars, with a special offer”: the stored state is read before the page is interactive, so no step lands before it',
    },
    'the debug flag': { unreachable: 'the debug prices are a development setting (DEBUG_PRICES), off on the site under test' },
    'an unknown payment service': { unreachable: 'an unknown PAYMENT_SERVICE is refused at start (ConfigError); the stories show the page' },
    'payselection with plans priced in dollars': { unreachable: 'the site under test takes CloudPayments' },
    'a signed-in visitor who used the trial': { unreachable: 'not bound yet: a trial paid before the visit' },
    'a dollar offer beside rouble plans': { unreachable: 'the stand-in prices an offer in the subscription’s currency, beside plans in the same one' },
    'an offer for a plan that is not on offer': { unreachable: 'the stand-in’s offer is always the 30-day plan' },
    'a Steam account without an e-mail': { unreachable: 'not bound yet: a Steam sign-in through the OpenID sandbox (steam.spec.ts)' },
    'no plans listed': { unreachable: 'the stand-in always lists its plans; the page with none is in the stories' },
    'both agreements given back, unticked again': {
      unreachable: 'the site reads a stored state in the browser (readStoredState); it never gives one as input',
    },
    'a signed-in visitor back from login, the state given as input': {
      unreachable: 'the site reads a stored state in the browser (readStoredState); it never gives one as input',
    },
  },
  events: {
    'plan.select': {
      by: 'visitor',
      words: (event) => `chooses the ${labelOf(event)} plan`,
      act: (w, event) => planButton(w, labelOf(event)).click(),
    },
    'offer.take': {
      by: 'visitor',
      words: () => 'takes the special offer',
      act: (w) => w.page.getByTestId('offer-card').getByRole('button').click(),
    },
    'agreement.set': {
      by: 'visitor',
      words: (event) => {
        const { agreement, value } = event as TestEvent & { agreement: string; value: boolean }
        return `${value ? 'ticks' : 'unticks'} the agreement to ${AGREEMENTS[agreement] ?? agreement}`
      },
      act: (w, event) => {
        const { agreement, value } = event as TestEvent & { agreement: string; value: boolean }
        return w.page.locator(`#agreement-${agreement}`).setChecked(value)
      },
    },
    // The button says when it cannot pay (aria-disabled), and a visitor can still press it.
    'payment.submit': { by: 'visitor', words: () => 'presses the pay button', act: (w) => payButtonAny(w).click({ force: true }) },
    'payment.recheck': {
      by: 'visitor',
      words: () => 'asks the site to check the payment again',
      act: (w) =>
        w.page
          .getByTestId('payment-pending')
          .getByRole('button', { name: msg('en', 'premium_pending_check') })
          .click(),
    },
    'widget.success': { by: 'visitor', words: () => 'pays with a card that is charged at once', act: (w) => payWithCard(w.page, GOOD_CARD) },
    'widget.fail': {
      by: 'visitor',
      words: () => 'pays with a card its bank declines, reads why, and closes the form',
      act: async (w) => {
        await payWithCard(w.page, DECLINED_CARD)
        await expect(cardDialog(w.page).getByRole('alert').filter({ hasText: DECLINED_REASON })).toBeVisible({ timeout: 20_000 })
        await cardDialog(w.page).getByRole('button', { name: 'Close' }).click()
      },
    },
    'widget.close': { by: 'visitor', words: () => 'closes the payment form', act: (w) => cardDialog(w.page).getByRole('button', { name: 'Close' }).click() },
    'xstate.done.actor.createPayment': { by: 'world', words: () => 'the stand-in opens the payment' },
    'xstate.error.actor.createPayment': {
      by: 'world',
      words: () => 'the stand-in refuses to open the payment',
      arrange: (w) => refuseNextPayment(w),
    },
    'xstate.done.actor.loadWidgetScript': { by: 'world', words: () => 'the payment form’s script loads' },
    'xstate.error.actor.loadWidgetScript': { by: 'world', words: () => 'the payment form’s script does not load', arrange: (w) => blockWidgetScript(w) },
    'xstate.done.actor.checkPayment': {
      by: 'world',
      words: (event) => CHECK[outputOf(event)]?.words ?? `the stand-in answers ${outputOf(event)}`,
      arrange: (w, event) => answerNextCheck(w, CHECK[outputOf(event)]!.answer),
    },
    'xstate.error.actor.checkPayment': {
      by: 'world',
      words: () => 'the stand-in cannot be reached to check the payment',
      arrange: (w) => answerNextCheck(w, 'unreachable'),
    },
    'xstate.done.actor.wait': { by: 'world', words: () => 'a few seconds pass before the next check' },
    'xstate.done.actor.refreshUser': { by: 'world', words: () => 'the stand-in gives the account with its Premium' },
    'xstate.error.actor.refreshUser': { by: 'world', words: () => 'the stand-in cannot give the account', arrange: (w) => failAccountReads(w) },
    'auth.changed': {
      unreachable: 'the Premium page hears of a sign-in or a sign-out in another tab; the visit has one tab (auth.spec.ts signs out in two)',
    },
    'xstate.done.actor.readStoredState': { unreachable: 'the stored state is read before the page is interactive (see the starts)' },
    'xstate.error.actor.readStoredState': { unreachable: 'reading the stored state answers null for a missing or unreadable one; it never fails' },
  },
  unreachableAt: (event, before) => {
    if (leftForSignIn(before)) return 'the guest is on the sign-in page now; the Premium page’s machine is left behind'
    if (before.matches('restoring')) return 'the stored state is read before the page is interactive: no step lands before it'
    if (['plan.select', 'offer.take', 'agreement.set'].includes(event.type) && !before.matches('selecting'))
      return 'the plans and the agreements are locked while a payment is under way or waits for its confirmation'
    if (event.type === 'plan.select' && !PLANS_ON_THE_PAGE.includes(labelOf(event))) return 'the stand-in lists no such plan in English'
    if (event.type === 'xstate.done.actor.checkPayment' && CHECK[outputOf(event)] === undefined) return `the stand-in has no answer “${outputOf(event)}”`
    return null
  },
  view: (state, by) => {
    if (state.matches({ paying: 'charging' }))
      return {
        words: 'the payment form is open, the pay button busy',
        see: async (w) => {
          await expect(cardDialog(w.page)).toBeVisible({ timeout: 20_000 })
          await expect(payButtonAny(w)).toHaveAttribute('aria-busy', 'true')
          await seePayWords(w, state, 'premium_pay_form_open')
        },
      }
    if (state.matches('paying') || state.matches('succeeded'))
      return {
        words: 'the pay button is busy while the site waits',
        see: async (w) => {
          await expect(w.page.locator('.premium-checkout')).toHaveAttribute('data-state', 'busy')
          await expect(payButtonAny(w)).toHaveAttribute('aria-busy', 'true')
          await expect(w.page.getByTestId('payment-pending')).toHaveCount(0)
          // The words of a wait that ends in a navigation are checked while it lasts, not after.
          if (state.matches('paying')) await seePayWords(w, state, state.matches({ paying: 'confirming' }) ? 'premium_confirming' : 'premium_paying')
        },
      }
    if (state.matches('unconfirmed'))
      return {
        words: 'the site says the payment is not confirmed yet, and offers to check again; paying again is not possible',
        see: async (w) => {
          const pending = w.page.getByTestId('payment-pending')
          await expect(pending).toBeVisible({ timeout: 45_000 })
          await expect(pending).toContainText(msg('en', 'premium_pending_title'))
          await expect(payButtonAny(w)).toHaveAttribute('aria-disabled', 'true')
          await expect(toast(w, 'payments_success')).toHaveCount(0)
          await seePayWords(w, state, 'premium_pay_amount')
        },
      }
    if (by.type === 'xstate.done.actor.refreshUser' || by.type === 'xstate.error.actor.refreshUser')
      return {
        words: 'the site says the payment went through',
        see: async (w) => {
          await expect(toast(w, 'payments_success')).toBeVisible({ timeout: 20_000 })
          if (by.type === 'xstate.done.actor.refreshUser') await expect(w.page).toHaveURL(/\/en\/account$/u, { timeout: 20_000 })
        },
      }
    if (leftForSignIn(state))
      return {
        words: 'the sign-in page, with the Premium page as the way back',
        see: async (w) => {
          await expect(w.page).toHaveURL(/\/en\/login\?redirect=(%2F|\/)en(%2F|\/)premium/u)
          await expect(w.page.getByTestId('sign-in-email')).toBeVisible()
        },
      }
    return selecting(state, by)
  },
}

/** A message's words as a pattern: a placeholder (the price) stands for any words. */
const wordsPattern = (words: string) => new RegExp(`^${words.replace(/[.*+?^$()|[\]\\]/gu, '\\$&').replace(/\{\w+\}/gu, '.+')}$`, 'u')

/**
 * R4.2, R4.24: the pay button says the words written out for its state here (a wrong row of the
 * words table, machines/payment-words.ts, fails a path), and the hint under it says what that
 * table's row says for the state, in the page's language.
 */
async function seePayWords(w: World, state: Snap, button: string): Promise<void> {
  expect(PAY_BUTTON_WORDS[selectPayButtonState(state)]).toBe(button)
  await expect(payButtonAny(w)).toHaveText(wordsPattern(msg('en', button)))
  const hint = selectPayHint(state, 'en')
  await expect(w.page.locator('#premium-pay-reason')).toHaveText(hint ? msg('en', hint.key, { count: String(hint.count) }) : '')
}

/** R2.17, R4.3: a guest who chose a plan has gone to sign in, the plan remembered. */
function leftForSignIn(state: Snap): boolean {
  const c = state.context as Ctx
  return state.matches('selecting') && !c.loggedIn && c.subscription !== null
}

/** The plans and the payment panel, as the state has them; after a failure or a refusal, its toast. */
function selecting(state: Snap, by: TestEvent): StateView {
  const c = state.context as Ctx
  const ticked = c.requiredAgreements.every((a) => c.agreements[a])
  const ready = c.subscription !== null && ticked && c.loggedIn && c.hasEmail
  const failed = ['xstate.error.actor.createPayment', 'xstate.error.actor.loadWidgetScript', 'widget.fail'].includes(by.type)
  const refusal = by.type === 'xstate.done.actor.checkPayment' ? REFUSAL_TOAST[outputOf(by)] : undefined
  const told = failed ? 'payments_fail' : refusal
  const chosen = c.special ? 'the special offer' : c.subscription ? `the ${c.label} plan` : 'no plan'
  return {
    words: `${told ? 'the site says the payment did not go through; ' : ''}the plans, ${chosen} chosen, the agreements ${ticked ? 'ticked' : 'not all ticked'}: ${ready ? 'the pay button is ready' : 'paying is not possible yet'}${c.trialUsed ? '; the trial is no longer offered' : ''}`,
    see: async (w) => {
      if (told) await expect(toast(w, told)).toBeVisible({ timeout: 20_000 })
      await expect(cardDialog(w.page)).toHaveCount(0)
      await expect(w.page.locator('.premium-checkout')).toHaveAttribute('data-state', 'idle')
      if (c.special) await expect(w.page.getByTestId('offer-card')).toHaveClass(/plan-card--selected/u)
      else if (c.subscription) await expect(planButton(w, c.label)).toHaveAttribute('aria-pressed', 'true')
      else await expect(w.page.getByTestId('premium-summary')).toHaveText(msg('en', 'premium_checkout_none'))
      for (const a of c.requiredAgreements) await expect(w.page.locator(`#agreement-${a}`)).toBeChecked({ checked: c.agreements[a] === true })
      await expect(payButton(w)).toHaveAttribute('aria-disabled', ready ? 'false' : 'true')
      await seePayWords(w, state, c.subscription ? 'premium_pay_amount' : 'premium_pay')
      if (c.trialUsed) {
        await expect(w.page.getByTestId('trial-used')).toBeVisible()
        await expect(planButton(w, 'Trial')).toHaveCount(0)
      }
    },
  }
}
