/**
 * R3, R4.21, R4.22: the modal, met in the account page's confirmations, on a desktop (decision
 * 122): a signed-in visitor whose launcher is bound to a device asks to reset it, and answers the
 * confirmation. The account page opens its dialogs as the standard modal, closable (a click beside
 * them or Escape answers), and hears the answer; it never opens the custom modal nor closes one
 * without an answer.
 */
import { expect } from '@playwright/test'
import { msg } from '../../e2e/support/messages.ts'
import type { Snap, TestEvent } from '../../machines/harness.ts'
import type { Binding, World } from '../binding.ts'
import { accountHolder, open } from './account-world.ts'

type Dialog = 'account.cancel' | 'account.reset'
type Ctx = { content: { dialog: Dialog } | null; options: { closable?: boolean }; replyTo: unknown }
const ctx = (s: Snap) => s.context as Ctx
const contentOf = (event: TestEvent) => (event as { content?: { dialog?: Dialog } }).content?.dialog
const KIND: Record<Dialog, 'cancel' | 'reset'> = { 'account.cancel': 'cancel', 'account.reset': 'reset' }
/** The page's button that opens each confirmation. */
const OPENER: Record<Dialog, string> = { 'account.cancel': 'cancel-subscription', 'account.reset': 'reset-device' }
const WORDS: Record<Dialog, string> = { 'account.cancel': 'turn auto-renewal off', 'account.reset': 'reset the bound device' }

const dialog = (w: World, d: Dialog) => w.page.getByRole('dialog', { name: msg('en', `acc_confirm_${KIND[d]}_title`) })

export const modalBinding: Binding = {
  machine: 'modal',
  viewport: { width: 1280, height: 800 },
  starts: {
    'a page load': {
      words: 'a signed-in visitor whose launcher is bound to a device, on the English account page',
      open: async (w) => {
        await accountHolder(w, { subscribed: false })
        await open(w, '/en/account')
      },
    },
  },
  events: {
    'modal.open': {
      by: 'visitor',
      words: (event) => `asks to ${WORDS[contentOf(event)!]}: the account page opens its confirmation, and hears the answer`,
      act: (w, event) => w.page.getByTestId(OPENER[contentOf(event)!]).click(),
    },
    'modal.openCustom': { unreachable: 'no page opens the custom modal: only its story does (src/ui/modal-host.stories.tsx)' },
    'modal.answer': {
      by: 'visitor',
      words: (event) => ((event as { answer?: string }).answer === 'confirm' ? 'confirms in the dialog' : 'chooses “Keep it” in the dialog'),
      act: (w, event, before) => {
        const box = dialog(w, ctx(before).content!.dialog)
        return (event as { answer?: string }).answer === 'confirm'
          ? box.getByTestId('confirm-yes').click()
          : box.getByRole('button', { name: msg('en', 'acc_confirm_no') }).click()
      },
    },
    'modal.close': {
      unreachable: 'no page closes the modal without an answer: its buttons, ×, Escape and a click beside it all answer (src/ui/modal-host.tsx)',
    },
  },
  unreachableAt: (event, before) => {
    const shown = !before.matches('hidden')
    if (event.type === 'modal.open') {
      if ((event as { options?: { closable?: boolean } }).options?.closable === false)
        return 'the account page opens its confirmations closable (a click beside them answers “dismiss”); no page opens one that only its buttons close'
      if (shown) return 'a dialog is open over the page: the buttons that open another are behind it'
    }
    if (event.type === 'modal.answer' && !shown) return 'no dialog is open: there is nothing to answer'
    return null
  },
  view: (state) => {
    const content = ctx(state).content
    if (state.matches('hidden') || !content)
      return {
        words: 'no dialog is open: the account page shows',
        see: async (w) => {
          await expect(w.page.getByRole('dialog')).toHaveCount(0)
          await expect(w.page.getByTestId('account-device')).toBeVisible()
        },
      }
    return {
      words: `the dialog asks whether to ${WORDS[content.dialog]}: its confirm and “Keep it” buttons, and × to close it`,
      see: async (w) => {
        const box = dialog(w, content.dialog)
        await expect(box).toBeVisible()
        await expect(box).toHaveAttribute('aria-modal', 'true')
        await expect(box).toContainText(msg('en', `acc_confirm_${KIND[content.dialog]}_body`))
        await expect(box.getByTestId('confirm-yes')).toHaveText(msg('en', `acc_confirm_${KIND[content.dialog]}_yes`))
        await expect(box.getByRole('button', { name: msg('en', 'acc_confirm_no') })).toBeVisible()
        await expect(box.getByRole('button', { name: msg('en', 'ui_modal_close') })).toBeVisible()
      },
    }
  },
}
