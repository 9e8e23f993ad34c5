import type { Meta, StoryObj } from '@storybook/react-vite'
import { SiteFooter } from './site-footer.tsx'
import { inLocale } from './story-support.tsx'

const meta = { title: 'Site/Footer', component: SiteFooter } satisfies Meta<typeof SiteFooter>
export default meta
type Story = StoryObj<typeof meta>

export const Original: Story = {}
export const Mirror: Story = { globals: { brand: 'mirror' } }
export const Russian: Story = inLocale('ru')
export const German: Story = inLocale('de')
