import type { Meta, StoryObj } from '@storybook/react-vite'
import { LegalPage } from './legal-page'

/** The legal documents; German pages show the English text with a note (decision 003). */
const meta = {
  title: 'Pages/Legal',
  component: LegalPage,
  args: { heading: 'Public offer', intro: 'The terms of the premium subscription.', document: 'oferta' },
  parameters: { site: { layout: 'page' } },
} satisfies Meta<typeof LegalPage>
export default meta
type Story = StoryObj<typeof meta>

export const Offer: Story = {}
export const UserLicense: Story = { args: { heading: 'User license', document: 'user_license' } }
export const Policy: Story = { args: { heading: 'Privacy policy', document: 'policy' } }
export const CookiesPolicy: Story = { args: { heading: 'Cookie policy', document: 'cookies_policy' } }
export const Russian: Story = { globals: { locale: 'ru' } }
export const German: Story = { globals: { locale: 'de' } }
export const Mirror: Story = { globals: { brand: 'mirror' } }
