import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { TextField } from './text-field'
import { useField, type FieldOptions } from './use-form'

/** Spec 5: a text field run by the field machine: untouched, invalid after blur, valid. */
function Field(props: FieldOptions & { hint?: string }) {
  const field = useField(props)
  return <TextField field={field} hint={props.hint} />
}

const meta = {
  title: 'Forms/Text field',
  component: Field,
  args: { name: 'email', label: 'E-mail', type: 'email', required: true, maxLength: 254, hint: 'We send the code here.' },
} satisfies Meta<typeof Field>
export default meta
type Story = StoryObj<typeof meta>

export const Untouched: Story = {}

export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const input = await within(canvasElement).findByRole('textbox')
    await userEvent.type(input, 'not-an-address')
    await userEvent.tab()
    await expect(input).toHaveAttribute('aria-invalid', 'true')
  },
}

export const Valid: Story = {
  play: async ({ canvasElement }) => {
    const input = await within(canvasElement).findByRole('textbox')
    await userEvent.type(input, 'alex@example.com')
    await userEvent.tab()
    await expect(input).not.toHaveAttribute('aria-invalid')
  },
}

export const InvalidRussian: Story = { ...Invalid, globals: { locale: 'ru' }, args: { label: 'Эл. почта' } }
export const InvalidGerman: Story = { ...Invalid, globals: { locale: 'de' }, args: { label: 'E-Mail' } }
