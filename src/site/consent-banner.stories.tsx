import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import type { SiteParameters } from '#stories/site.tsx'
import { inLocale } from '#stories/support.tsx'
import { ConsentBanner } from './consent.tsx'

/** R9.24, R9.25: the cookie banner of a first visit, with its settings, and the note of a GPC browser. */
const meta = {
  title: 'Site/Cookie banner',
  component: ConsentBanner,
  parameters: { site: { consent: { stored: null } } satisfies SiteParameters },
} satisfies Meta<typeof ConsentBanner>
export default meta
type Story = StoryObj<typeof meta>

export const FirstVisit: Story = {
  play: async ({ canvasElement }) => {
    const banner = await within(canvasElement).findByTestId('consent-banner')
    await expect(within(banner).getByRole('button', { name: 'Accept all' })).toBeVisible()
    await expect(within(banner).getByRole('button', { name: 'Reject all' })).toBeVisible()
    await expect(within(canvasElement).queryByTestId('consent-gpc')).toBeNull()
  },
}

/** The settings open: a switch per optional category, all off until the visitor turns one on. */
export const Settings: Story = {
  play: async ({ canvasElement }) => {
    const banner = await within(canvasElement).findByTestId('consent-banner')
    await userEvent.click(within(banner).getByText('Settings', { selector: 'summary' }))
    for (const name of ['Analytics', 'Marketing', 'Support chat']) await expect(within(banner).getByLabelText(new RegExp(`^${name}`))).not.toBeChecked()
    await userEvent.click(within(banner).getByLabelText(/^Analytics/))
    await expect(within(banner).getByLabelText(/^Analytics/)).toBeChecked()
  },
}

export const GlobalPrivacyControl: Story = {
  parameters: { site: { consent: { stored: null, gpc: true } } satisfies SiteParameters },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('consent-gpc')).toHaveTextContent('Global Privacy Control')
  },
}

export const Russian: Story = inLocale('ru')
export const German: Story = { ...inLocale('de'), parameters: { site: { consent: { stored: null, gpc: true } } satisfies SiteParameters } }
