import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import type { SiteParameters } from '#stories/site.tsx'
import { inLocale } from '#stories/support.tsx'
import { ConsentBanner, CookieSettingsLink } from './consent.tsx'

/**
 * R9.24, R9.25, R9.27, R9.28: the cookie banner of a first visit, with its settings, the note of a GPC
 * browser, and the dialog "Cookie settings" opens.
 */
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
    await expect(within(banner).getByText('Settings', { selector: 'summary' })).toHaveAttribute('aria-expanded', 'false')
  },
}

/** The settings open: a switch per optional category, all off until the visitor turns one on. */
export const Settings: Story = {
  play: async ({ canvasElement }) => {
    const banner = await within(canvasElement).findByTestId('consent-banner')
    const summary = within(banner).getByText('Settings', { selector: 'summary' })
    await userEvent.click(summary)
    await expect(summary).toHaveAttribute('aria-expanded', 'true')
    for (const name of ['Analytics', 'Marketing', 'Support chat']) await expect(within(banner).getByLabelText(new RegExp(`^${name}`))).not.toBeChecked()
    await userEvent.click(within(banner).getByLabelText(/^Analytics/))
    await expect(within(banner).getByLabelText(/^Analytics/)).toBeChecked()
  },
}

/** "Cookie settings" after a choice: the settings as a dialog, the switches as the choice is, the focus in it. */
export const FromCookieSettings: Story = {
  parameters: { site: { consent: { stored: { analytics: true, marketing: false, chat: true } } } satisfies SiteParameters },
  render: () => (
    <>
      <CookieSettingsLink testId="cookie-settings" />
      <ConsentBanner />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByTestId('consent-banner')).toBeNull()
    await userEvent.click(canvas.getByTestId('cookie-settings'))
    const dialog = await within(document.body).findByRole('dialog', { name: 'Cookies on this site' })
    await expect(dialog.contains(document.activeElement)).toBe(true)
    await expect(within(dialog).getByLabelText(/^Analytics/)).toBeChecked()
    await expect(within(dialog).getByLabelText(/^Marketing/)).not.toBeChecked()
    await userEvent.keyboard('{Escape}')
    await expect(within(document.body).queryByRole('dialog')).toBeNull()
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
