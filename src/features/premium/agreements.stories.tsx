import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { getLocale } from '#app/paraglide/runtime.js'
import { requiredAgreementsFor } from '#machines/rules/payment.ts'
import { Agreements } from './agreements.tsx'

/** R3, R4, R9.20: the agreements before paying; legal links under /ru for Russian, /en otherwise; on German pages the withdrawal acknowledgement too. */
const meta = {
  title: 'Premium/Agreements',
  component: Agreements,
  args: { locale: 'en', required: ['premium', 'promo'], values: { premium: false, promo: false, withdrawal: false }, disabled: false, onChange: fn() },
  render: (args) => <Agreements {...args} locale={getLocale()} required={requiredAgreementsFor(getLocale())} />,
} satisfies Meta<typeof Agreements>
export default meta
type Story = StoryObj<typeof meta>

export const NoneTicked: Story = {
  play: async ({ canvasElement, args }) => {
    const boxes = await within(canvasElement).findAllByRole('checkbox')
    await userEvent.click(boxes[0]!)
    await expect(args.onChange).toHaveBeenCalledWith('premium', true)
  },
}
export const PremiumTicked: Story = { args: { values: { premium: true, promo: false, withdrawal: false } } }
export const BothTicked: Story = { args: { values: { premium: true, promo: true, withdrawal: false } } }
export const Disabled: Story = {
  args: { values: { premium: true, promo: true, withdrawal: true }, disabled: true },
  play: async ({ canvasElement }) => {
    for (const box of await within(canvasElement).findAllByRole('checkbox')) await expect(box).toBeDisabled()
  },
}
export const Russian: Story = { globals: { locale: 'ru' } }
/** R9.20: the German page asks for the third agreement: the immediate start and the loss of the withdrawal right. */
export const German: Story = {
  globals: { locale: 'de' },
  play: async ({ canvasElement }) => {
    const boxes = await within(canvasElement).findAllByRole('checkbox')
    await expect(boxes).toHaveLength(3)
    await expect(canvasElement).toHaveTextContent('mein Widerrufsrecht für diese digitalen Inhalte verliere')
  },
}
/** Decision 130: the renewal box is about renewal only; the privacy policy is a sentence with its link, not a box. */
export const PrivacyPolicyTold: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByLabelText(/^I agree that the subscription renews automatically/u)).toHaveAccessibleName(
      "I agree that the subscription renews automatically at the end of each period at the plan's price until I turn renewal off in my account.",
    )
    const note = canvas.getByTestId('privacy-note')
    await expect(note).toHaveTextContent('To provide the subscription, we process your data as described in the privacy policy.')
    await expect(within(note).getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/en/policy')
    await expect(note.closest('label')).toBeNull()
    await expect(canvas.getAllByRole('checkbox')).toHaveLength(2)
  },
}
