import type { Meta, StoryObj } from '@storybook/react-vite'
import { inLocale } from '#stories/support.tsx'
import { SiteFooter } from './site-footer.tsx'

const meta = { title: 'Site/Footer', component: SiteFooter } satisfies Meta<typeof SiteFooter>
export default meta
type Story = StoryObj<typeof meta>

export const Original: Story = {}
export const Mirror: Story = { globals: { brand: 'mirror' } }
export const Russian: Story = inLocale('ru')
export const German: Story = inLocale('de')
