import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { SiteHeader } from './site-header'
import { SAMPLE_USER, type SiteParameters } from '../../.storybook/site'

const meta = {
  title: 'Site/Header',
  component: SiteHeader,
  parameters: { site: { layout: 'page' } satisfies SiteParameters },
} satisfies Meta<typeof SiteHeader>
export default meta
type Story = StoryObj<typeof meta>

export const Guest: Story = {}

export const SignedIn: Story = { parameters: { site: { user: SAMPLE_USER } satisfies SiteParameters } }

export const MirrorBrand: Story = { globals: { brand: 'mirror' } }

export const Russian: Story = { globals: { locale: 'ru' } }

export const German: Story = { globals: { locale: 'de' } }

/** Spec 2: the mobile menu, closed. */
export const MobileMenuClosed: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const toggle = await within(canvasElement).findByTestId('menu-toggle')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  },
}

/** Spec 2: the mobile menu, opened by its button and closed with Escape. */
export const MobileMenuOpen: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const toggle = await canvas.findByTestId('menu-toggle')
    await userEvent.click(toggle)
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(canvasElement.querySelector('.site-header')).toHaveAttribute('data-menu', 'open')
  },
}
