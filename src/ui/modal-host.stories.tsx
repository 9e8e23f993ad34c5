import type { Meta, StoryObj } from '@storybook/react-vite'
import { useActorRef } from '@xstate/react'
import { useState } from 'react'
import { expect, userEvent, within } from 'storybook/test'
import { fromCallback } from 'xstate'
import { m } from '#app/paraglide/messages.js'
import type { ModalAnswer } from '#machines/ui.ts'
import { expectVisible } from '#stories/play.ts'
import type { SiteParameters } from '#stories/site.tsx'
import { expectReadout, Readout } from '#stories/support.tsx'
import { ModalHost } from './modal-host.tsx'
import { ModalActor } from './ui-actors.tsx'

/**
 * R3, R4: the modal machine's host. The story frame renders `ModalHost` (as the root layout
 * does); the story gives a button that opens the reset dialog, the modal's state and the answer
 * the opener heard (`modal.answered`).
 */
const RESET = { dialog: 'account.reset' } as const

const listener = fromCallback<{ type: 'modal.answered'; answer: ModalAnswer }, { heard: (answer: ModalAnswer) => void }>(({ input, receive }) => {
  receive((event) => input.heard(event.answer))
})

function ModalDemo() {
  const modal = ModalActor.useActorRef()
  const state = ModalActor.useSelector((s) => String(s.value))
  const [answer, setAnswer] = useState('none')
  const opener = useActorRef(listener, { input: { heard: setAnswer } })
  return (
    <div>
      <Readout label="Modal state" testId="modal-state" value={state} />
      <Readout label="The opener heard" testId="modal-answer" value={answer} />
      <button type="button" className="button" onClick={() => modal.send({ type: 'modal.open', content: RESET, replyTo: opener })}>
        Open the modal
      </button>
    </div>
  )
}

const meta = {
  title: 'UI/Modal',
  component: ModalHost,
  render: () => <ModalDemo />,
} satisfies Meta<typeof ModalHost>
export default meta
type Story = StoryObj<typeof meta>

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('modal-state')).toHaveTextContent('hidden')
  },
}

/** `standard`: title, body, both answers and the close button. */
export const Open: Story = {
  parameters: { site: { ui: { modal: [{ type: 'modal.open', content: RESET }] } } satisfies SiteParameters },
  play: async () => {
    const dialog = await within(document.body).findByRole('dialog', { name: m.acc_confirm_reset_title() })
    await expectVisible(dialog)
    await expect(dialog).toHaveTextContent(m.acc_confirm_reset_body())
    await expect(within(dialog).getByRole('button', { name: m.acc_confirm_reset_yes() })).toBeVisible()
    await expect(within(dialog).getByRole('button', { name: m.acc_confirm_no() })).toBeVisible()
  },
}

/** The cancellation dialog, not closable by the backdrop (`custom`). */
export const CancelNotClosableByBackdrop: Story = {
  parameters: {
    site: { ui: { modal: [{ type: 'modal.openCustom', content: { dialog: 'account.cancel' }, options: { closable: false } }] } } satisfies SiteParameters,
  },
  play: async () => {
    await expectVisible(within(document.body).findByRole('dialog', { name: m.acc_confirm_cancel_title() }))
  },
}

/** Opened by its button, answered "yes": the opener hears `confirm`, the modal closes. */
export const Confirmed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Open the modal' }))
    const dialog = await within(document.body).findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: m.acc_confirm_reset_yes() }))
    await expectReadout(canvasElement, 'modal-answer', 'confirm')
    await expect(canvas.getByTestId('modal-state')).toHaveTextContent('hidden')
  },
}

/** Escape is an answer too: the opener hears `dismiss`; the focus goes back. */
export const OpenAndEscape: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Open the modal' }))
    await expectVisible(within(document.body).findByRole('dialog'))
    await expect(canvas.getByTestId('modal-state')).toHaveTextContent('standard')
    await userEvent.keyboard('{Escape}')
    await expectReadout(canvasElement, 'modal-state', 'hidden')
    await expect(canvas.getByTestId('modal-answer')).toHaveTextContent('dismiss')
  },
}

/** The close button is labelled in each language. */
export const CloseLabel: Story = {
  ...Open,
  play: async () => {
    await expectVisible(within(document.body).findByRole('button', { name: m.ui_modal_close() }))
  },
}
export const CloseLabelRussian: Story = { ...CloseLabel, globals: { locale: 'ru' } }
export const CloseLabelGerman: Story = { ...CloseLabel, globals: { locale: 'de' } }
