import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { m } from '#app/paraglide/messages.js'
import type { SiteParameters } from '#stories/site.tsx'
import { typeIntoField } from '#stories/support.tsx'
import { ConfirmForm } from './confirm-form.tsx'

/** R7: confirming the e-mail with a code and setting a password. */
const meta = {
  title: 'Account/Confirm form',
  component: ConfirmForm,
  parameters: { site: { path: '/confirm-email' } satisfies SiteParameters },
} satisfies Meta<typeof ConfirmForm>
export default meta
type Story = StoryObj<typeof meta>

async function fill(canvasElement: HTMLElement) {
  await typeIntoField(canvasElement, m.acc_email_label(), 'alex@example.com')
  await typeIntoField(canvasElement, m.acc_confirm_code_label(), '123456')
  await typeIntoField(canvasElement, m.acc_confirm_password_label(), 'correct horse battery')
  await userEvent.click(within(canvasElement).getByRole('button', { name: m.acc_confirm_submit() }))
}

export const Empty: Story = {}

export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: m.acc_confirm_submit() }))
    await expect(canvasElement.querySelectorAll('[aria-invalid="true"]').length).toBe(3)
  },
}

export const Confirming: Story = {
  parameters: { site: { login: 'hang' } satisfies SiteParameters },
  play: async ({ canvasElement }) => {
    await fill(canvasElement)
    await expect(await within(canvasElement).findByRole('button', { name: m.acc_confirm_submit() })).toBeDisabled()
  },
}

export const WrongCode: Story = {
  parameters: { site: { login: 'wrong-code' } satisfies SiteParameters, expectedConsoleErrors: [/^confirm:/] },
  play: async ({ canvasElement }) => {
    await fill(canvasElement)
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(/wrong/)
  },
}

export const Russian: Story = { globals: { locale: 'ru' } }
export const German: Story = { globals: { locale: 'de' } }
