import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { m } from '#app/paraglide/messages.js'
import { SAMPLE_USER, type SiteParameters } from '#stories/site.tsx'
import { IN_PAGE_AREA, inLocale } from '#stories/support.tsx'
import { PHONE_GLOBALS } from '#stories/viewports.ts'
import { SiteHeader } from './site-header.tsx'

const meta = {
  title: 'Site/Header',
  component: SiteHeader,
  parameters: IN_PAGE_AREA,
} satisfies Meta<typeof SiteHeader>
export default meta
type Story = StoryObj<typeof meta>

export const Guest: Story = {}

export const SignedIn: Story = { parameters: { site: { user: SAMPLE_USER } satisfies SiteParameters } }

/** R2.29: a subscriber on the trial reads the trial's name beside the account link, as on the account's card. */
export const TrialSubscriber: Story = {
  parameters: {
    site: {
      user: {
        ...SAMPLE_USER,
        scope: ['user', 'premium', 'trial'],
        subscription: { active: true, trial: true, plan_id: 1, plan_name: 'Trial', days: 3, expires_at: '2026-12-02T10:00:00.000Z' },
      },
    } satisfies SiteParameters,
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId('premium-badge')).toHaveTextContent('Trial')
  },
}

export const MirrorBrand: Story = { globals: { brand: 'mirror' } }

export const Russian: Story = inLocale('ru')

export const German: Story = inLocale('de')

/** The phone menu's parts: its button and the menu it controls (once the frame has rendered). */
async function menuParts(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  const toggle = await canvas.findByTestId('menu-toggle')
  return {
    toggle,
    header: toggle.closest<HTMLElement>('.site-header')!,
    menu: canvasElement.querySelector<HTMLElement>(`#${toggle.getAttribute('aria-controls')}`)!,
    premiumLink: () => canvas.getByRole('link', { name: m.nav_premium() }),
  }
}

async function expectClosed(canvasElement: HTMLElement) {
  const { header, menu, toggle } = await menuParts(canvasElement)
  await expect(toggle).toBeVisible()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(toggle).toHaveAccessibleName(m.nav_menu_open())
  await expect(header).toHaveAttribute('data-menu', 'closed')
  await expect(menu).not.toBeVisible()
}

async function expectOpen(canvasElement: HTMLElement) {
  const { header, menu, toggle, premiumLink } = await menuParts(canvasElement)
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(toggle).toHaveAccessibleName(m.nav_menu_close())
  await expect(header).toHaveAttribute('data-menu', 'open')
  await expect(menu).toBeVisible()
  await expect(premiumLink()).toBeVisible()
}

/** The phone menu, closed at first, opened by its button; the button is returned. */
async function openMenu(canvasElement: HTMLElement) {
  await expectClosed(canvasElement)
  const { toggle } = await menuParts(canvasElement)
  await userEvent.click(toggle)
  await expectOpen(canvasElement)
  return toggle
}

/** R2: the phone menu starts closed; its button opens it and closes it again. */
export const MobileMenuClosed: Story = {
  tags: ['mobile'],
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    await userEvent.click(await openMenu(canvasElement))
    await expectClosed(canvasElement)
  },
}

/** R2: the phone menu opened by its button, closed with Escape (focus back on the button), opened again. */
export const MobileMenuOpen: Story = {
  tags: ['mobile'],
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const toggle = await openMenu(canvasElement)
    await userEvent.keyboard('{Escape}')
    await expectClosed(canvasElement)
    await expect(toggle).toHaveFocus()
    // Left open: the stories test checks the open menu with axe.
    await userEvent.click(toggle)
    await expectOpen(canvasElement)
  },
}

/** R2: the open phone menu in Russian (the longest labels). */
export const MobileMenuOpenRussian: Story = {
  tags: ['mobile'],
  globals: { ...PHONE_GLOBALS, locale: 'ru' },
  play: (context) => MobileMenuOpen.play!(context),
}
