import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { PlansError } from './plans-error.tsx'

/** R8: the plans could not be loaded. */
const meta = {
  title: 'Premium/Plans error',
  component: PlansError,
  args: { retrying: false, onRetry: fn() },
} satisfies Meta<typeof PlansError>
export default meta
type Story = StoryObj<typeof meta>

export const Failed: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(await within(canvasElement).findByRole('button'))
    await expect(args.onRetry).toHaveBeenCalled()
  },
}
export const Retrying: Story = { args: { retrying: true } }
export const Russian: Story = { globals: { locale: 'ru' } }
export const German: Story = { globals: { locale: 'de' } }
