import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { m } from '#app/paraglide/messages.js'
import { SellerDetails } from './seller-details.tsx'

const OPERATOR = {
  name: 'Demo Operator Ltd. (fictional)',
  address: '1 Example Street, 00000 Sample City (fictional)',
  registration: 'Register No. 000000 (fictional)',
  taxId: '0000000000',
}
const EMAIL = 'support@skinvault.gg'

/** Decisions 073, 076: who sells and runs the site, on the requisites page and the Impressum. */
const meta = {
  title: 'Site/Seller details',
  component: SellerDetails,
  args: { operator: OPERATOR, email: EMAIL },
} satisfies Meta<typeof SellerDetails>
export default meta
type Story = StoryObj<typeof meta>

export const Full: Story = {
  play: async ({ canvasElement }) => {
    const details = await within(canvasElement).findByTestId('seller-details')
    for (const text of [OPERATOR.name, OPERATOR.address, OPERATOR.registration, OPERATOR.taxId]) {
      await expect(details).toHaveTextContent(text)
    }
    await expect(within(details).getByRole('link', { name: EMAIL })).toHaveAttribute('href', `mailto:${EMAIL}`)
  },
}
/** Only the name is known: the rows without a value are left out. */
export const NameOnly: Story = {
  args: { operator: { name: OPERATOR.name, address: null, registration: null, taxId: null } },
  play: async ({ canvasElement }) => {
    const details = await within(canvasElement).findByTestId('seller-details')
    await expect(details.querySelectorAll('dt')).toHaveLength(2)
  },
}
/** No seller configured: support sends the details on request. */
export const OnRequest: Story = {
  args: { operator: null },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('seller-on-request')).toHaveTextContent(m.requisites_on_request({ email: EMAIL }))
  },
}
export const FullGerman: Story = { globals: { locale: 'de' } }
export const FullRussian: Story = { globals: { locale: 'ru' } }
