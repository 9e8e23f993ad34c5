import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { getLocale } from '#app/paraglide/runtime.js'
import { Agreements } from './agreements.tsx'

/** R3, R4: the two agreements before paying; legal links under /ru for Russian, /en otherwise. */
const meta = {
  title: 'Premium/Agreements',
  component: Agreements,
  args: { locale: 'en', values: { premium: false, promo: false }, disabled: false, onChange: fn() },
  render: (args) => <Agreements {...args} locale={getLocale()} />,
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
export const PremiumTicked: Story = { args: { values: { premium: true, promo: false } } }
export const BothTicked: Story = { args: { values: { premium: true, promo: true } } }
export const Disabled: Story = {
  args: { values: { premium: true, promo: true }, disabled: true },
  play: async ({ canvasElement }) => {
    for (const box of await within(canvasElement).findAllByRole('checkbox')) await expect(box).toBeDisabled()
  },
}
export const Russian: Story = { globals: { locale: 'ru' } }
export const German: Story = { globals: { locale: 'de' } }
