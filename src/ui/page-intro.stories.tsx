import type { Meta, StoryObj } from '@storybook/react-vite'
import { PageIntro } from './page-intro.tsx'

const meta = {
  title: 'Site/Page intro',
  component: PageIntro,
  args: { heading: 'Premium for Skinvault', intro: 'Every skin, every weapon, every map: unlock the whole inventory.' },
} satisfies Meta<typeof PageIntro>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
export const WithContent: Story = { args: { children: <p className="notice">Content below the intro.</p> } }
