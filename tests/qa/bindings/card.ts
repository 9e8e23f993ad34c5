/**
 * R9.22: replacing the card renewals are charged to, on the English account page of a subscriber
 * with the sandbox's Visa on file, on a desktop, with CloudPayments (decision 122). The visitor asks
 * to replace the card, holds the new one in the sandbox's form (or a card its bank declines, or
 * closes the form); the world answers: the stand-in opens the card check or refuses it, the
 * provider's script loads or not, the stand-in's check of the hold answers done, not yet, refused
 * or not at all, and the card on file is read again or not (card-world.ts). Time passes between
 * the checks as the site waits, 1 to 8 s.
 */
import { expect } from '@playwright/test'
import { msg } from '../../e2e/support/messages.ts'
import type { Snap, TestEvent } from '../../machines/harness.ts'
import type { Binding, StateView, World } from '../binding.ts'
import {
  blockWidgetScript,
  type CheckAnswer,
  cardDialog,
  DECLINED_CARD,
  DECLINED_REASON,
  MASTERCARD,
  NO_SUBSCRIPTION,
  payWithCard,
  queueCheck,
  queueCreate,
  queueLoad,
  subscriberWithVisa,
} from './card-world.ts'

type Ctx = { card: { brand: string | null; last4: string } | null; checks: number }
const ctx = (s: Snap) => s.context as Ctx
const outputOf = (event: TestEvent) => String((event as { output?: unknown }).output)

/** What the stand-in's check answers for each outcome the site tells apart (readCardCheck). */
const CHECK: Record<string, { answer: CheckAnswer; words: string }> = {
  replaced: { answer: 'stand-in', words: 'the stand-in has the new card on file and the hold released' },
  pending: { answer: { status: 'pending' }, words: 'the stand-in has no word from the bank yet' },
  refused: { answer: { status: 'failed', failure: 'scheme_mismatch' }, words: 'the stand-in refuses the card check' },
}
/** The state each world's answer comes in. */
const ANSWERED_IN: Record<string, string> = {
  createCardCheck: 'creating',
  loadWidgetScript: 'loadingWidget',
  checkCard: 'confirming.checking',
  wait: 'confirming.waiting',
  loadCard: 'reading',
}
const stateOf = (s: Snap) => (typeof s.value === 'string' ? s.value : Object.entries(s.value).map(([k, v]) => `${k}.${String(v)}`)[0]!)

const button = (w: World) => w.page.getByTestId('replace-card')
const toast = (w: World, kind: 'success' | 'error' | 'info', text: string) =>
  w.page.locator(`[data-sonner-toast][data-type="${kind}"]`).filter({ hasText: text, visible: true }).first()

export const cardBinding: Binding = {
  machine: 'card',
  viewport: { width: 1280, height: 800 },
  timeout: 180_000,
  starts: {
    'a dollar subscriber with a Visa on file, CloudPayments': {
      words: 'a subscriber of the 30-day plan, renewing, who paid for it with the sandbox’s Visa ending in 4242, signed in, on the English account page',
      open: subscriberWithVisa,
    },
    'a rouble subscriber without a card on file, Payselection': {
      unreachable: 'the site under test takes CloudPayments; a Payselection site is a second server (PAYMENT_SERVICE=payselection)',
    },
  },
  events: {
    'card.replace': { by: 'visitor', words: () => 'asks to replace the card', act: (w) => button(w).click() },
    'widget.success': {
      by: 'visitor',
      words: () => 'holds the sandbox’s MasterCard ending in 4444 in the payment form',
      act: (w) => payWithCard(w.page, MASTERCARD),
    },
    'widget.fail': {
      by: 'visitor',
      words: () => 'holds a card its bank declines, reads why, and closes the form',
      act: async (w) => {
        await payWithCard(w.page, DECLINED_CARD)
        await expect(cardDialog(w.page).getByRole('alert').filter({ hasText: DECLINED_REASON })).toBeVisible({ timeout: 20_000 })
        await cardDialog(w.page).getByRole('button', { name: 'Close' }).click()
      },
    },
    'widget.close': { by: 'visitor', words: () => 'closes the payment form', act: (w) => cardDialog(w.page).getByRole('button', { name: 'Close' }).click() },
    'xstate.done.actor.createCardCheck': { by: 'world', words: () => 'the stand-in opens a card check', arrange: async (w) => queueCreate(w, 'stand-in') },
    'xstate.error.actor.createCardCheck': {
      by: 'world',
      words: () => 'the stand-in refuses the card check: auto-renewal was turned off in another tab meanwhile (and is turned on again there after)',
      arrange: async (w) => queueCreate(w, 'renewal-off'),
    },
    'xstate.done.actor.loadWidgetScript': { by: 'world', words: () => 'the payment form’s script loads' },
    'xstate.error.actor.loadWidgetScript': { by: 'world', words: () => 'the payment form’s script does not load', arrange: (w) => blockWidgetScript(w) },
    'xstate.done.actor.checkCard': {
      by: 'world',
      words: (event) => CHECK[outputOf(event)]?.words ?? `the stand-in answers ${outputOf(event)}`,
      arrange: async (w, event) => queueCheck(w, CHECK[outputOf(event)]!.answer),
    },
    'xstate.error.actor.checkCard': {
      by: 'world',
      words: () => 'the stand-in cannot be reached to check the card',
      arrange: async (w) => queueCheck(w, 'unreachable'),
    },
    'xstate.done.actor.wait': { by: 'world', words: () => 'a few seconds pass before the next check' },
    'xstate.done.actor.loadCard': {
      by: 'world',
      words: () => 'the stand-in gives the card on file: the MasterCard ending in 4444',
      arrange: async (w) => queueLoad(w, 'stand-in'),
    },
    'xstate.error.actor.loadCard': {
      by: 'world',
      words: () => 'the stand-in cannot be reached to give the card on file',
      arrange: async (w) => queueLoad(w, 'unreachable'),
    },
  },
  unreachableAt: (event, before) => {
    const state = stateOf(before)
    const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/u.exec(event.type)?.[1]
    if (actor) return ANSWERED_IN[actor] === state ? null : 'the stand-in answers only a call the page made and waits for'
    if (event.type === 'card.replace') return state === 'idle' ? null : 'the button waits (disabled) while a replacement is under way'
    return state === 'open' ? null : 'the payment form is not open'
  },
  view: (state, by) => {
    const c = ctx(state)
    if (state.matches('idle')) return idle(c, by)
    if (state.matches('open'))
      return {
        words: 'the payment form is open for a hold of $1, the button busy',
        see: async (w) => {
          await expect(cardDialog(w.page)).toBeVisible({ timeout: 20_000 })
          await expect(cardDialog(w.page)).toContainText('$1')
          await busy(w)
        },
      }
    if (state.matches('reading'))
      return {
        words: 'the page says the new card is saved; the button is busy while the card on file is read again',
        see: async (w) => {
          await expect(toast(w, 'success', msg('en', 'acc_card_replaced'))).toBeVisible({ timeout: 30_000 })
          await busy(w)
        },
      }
    return {
      words: state.matches('confirming')
        ? 'the button is busy while the site waits for the stand-in to confirm the card'
        : 'the button is busy while the form is made ready',
      see: busy,
    }
  },
}

async function busy(w: World): Promise<void> {
  await expect(button(w)).toBeDisabled()
  await expect(button(w)).toHaveAttribute('aria-busy', 'true')
  await expect(button(w)).toHaveText(msg('en', 'acc_card_replacing'))
}

/** What a step that ended the replacement told, by its event. */
function told(by: TestEvent, checks: number): { kind: 'success' | 'error' | 'info'; text: string; words: string } | null {
  const done = by.type === 'xstate.done.actor.checkCard' ? outputOf(by) : null
  if (by.type === 'xstate.error.actor.createCardCheck') return { kind: 'error', text: NO_SUBSCRIPTION, words: `the page says “${NO_SUBSCRIPTION}”` }
  if (['xstate.error.actor.loadWidgetScript', 'widget.fail'].includes(by.type) || done === 'refused')
    return { kind: 'error', text: msg('en', 'acc_card_fail'), words: 'the page says the card could not be saved' }
  if ((done === 'pending' || by.type === 'xstate.error.actor.checkCard') && checks >= 6)
    return { kind: 'info', text: msg('en', 'acc_card_pending'), words: 'the page says the bank has not confirmed the new card yet' }
  if (by.type === 'xstate.done.actor.loadCard' || by.type === 'xstate.error.actor.loadCard')
    return { kind: 'success', text: msg('en', 'acc_card_replaced'), words: 'the page says the new card is saved' }
  return null
}

function idle(c: Ctx, by: TestEvent): StateView {
  const shown = c.card ? msg('en', 'acc_card_on_file', { brand: c.card.brand ?? '', last4: c.card.last4 }) : msg('en', 'acc_card_none')
  const said = told(by, c.checks)
  return {
    words: `${said ? `${said.words}; ` : ''}the card for renewals shows “${shown}”, and the visitor may replace it`,
    see: async (w) => {
      if (said) await expect(toast(w, said.kind, said.text)).toBeVisible({ timeout: 30_000 })
      await expect(cardDialog(w.page)).toHaveCount(0)
      await expect(w.page.getByTestId('renewal-card-value')).toHaveText(shown)
      await expect(button(w)).toBeEnabled()
      await expect(button(w)).toHaveText(msg('en', 'acc_card_replace'))
    },
  }
}
