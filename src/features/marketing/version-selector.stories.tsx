import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { VersionSelector } from './version-selector.tsx'

/** R3: CS2 or CS:GO; CS2 by default. */
const meta = {
  title: 'Marketing/Version selector',
  component: VersionSelector,
  args: { value: 1, onChange: fn() },
  render: (args) => {
    const [value, setValue] = useState(args.value)
    return (
      <VersionSelector
        value={value}
        onChange={(id) => {
          setValue(id)
          args.onChange(id)
        }}
      />
    )
  },
} satisfies Meta<typeof VersionSelector>
export default meta
type Story = StoryObj<typeof meta>

export const Cs2: Story = {}
export const CsGo: Story = {
  args: { value: 2 },
}
export const Choosing: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByText('CS:GO'))
    await expect(args.onChange).toHaveBeenCalledWith(2)
  },
}
