import type { Meta, StoryObj } from '@storybook/react-vite'
import { expectVisible } from '../../.storybook/play'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { m } from '~/paraglide/messages'
import { ModalHost } from './modal-host'
import { ModalActor } from './ui-actors'
import type { SiteParameters } from '../../.storybook/site'

/**
 * Spec 3, 4: the modal machine's host. The story frame renders `ModalHost` (as the root layout
 * does); the story gives a button that opens it and the modal's state.
 */
const CONTENT = {
  title: 'Reset the bound device?',
  body: 'The launcher signs out on the device it is bound to. You can bind another device after that.',
  actions: (close: () => void) => (
    <>
      <button type="button" className="button button--ghost" onClick={close}>Keep it</button>
      <button type="button" className="button" onClick={close}>Reset</button>
    </>
  ),
}

function ModalDemo() {
  const modal = ModalActor.useActorRef()
  const state = ModalActor.useSelector((s) => String(s.value))
  return (
    <div>
      <p>
        Modal state: <output data-testid="modal-state">{state}</output>
      </p>
      <button type="button" className="button" onClick={() => modal.send({ type: 'modal.open', content: CONTENT })}>
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

/** `standard`: title, body, actions and the close button. */
export const Open: Story = {
  parameters: { site: { ui: { modal: [{ type: 'modal.open', content: CONTENT }] } } satisfies SiteParameters },
  play: async () => {
    await expectVisible(within(document.body).findByRole('dialog', { name: CONTENT.title }))
  },
}

/** `custom`: any content, not closable by the backdrop. */
export const Custom: Story = {
  parameters: {
    site: {
      ui: {
        modal: [
          {
            type: 'modal.openCustom',
            content: <div className="dialog__body"><h2>Custom content</h2><p>A modal with content of its own.</p></div>,
            options: { label: 'Custom content', closable: false },
          },
        ],
      },
    } satisfies SiteParameters,
  },
  play: async () => {
    await expectVisible(within(document.body).findByRole('dialog', { name: 'Custom content' }))
  },
}

/** Opened by its button, closed with Escape; focus goes back. */
export const OpenAndEscape: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Open the modal' }))
    await expectVisible(within(document.body).findByRole('dialog'))
    await expect(canvas.getByTestId('modal-state')).toHaveTextContent('standard')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(canvas.getByTestId('modal-state')).toHaveTextContent('hidden'))
  },
}

/** The close button is labelled in each language. */
export const CloseLabel: Story = {
  ...Open,
  play: async () => {
    await expectVisible(within(document.body).findByRole('button', { name: m.ui_modal_close() }))
  },
}
