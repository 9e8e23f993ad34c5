import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { m } from '#app/paraglide/messages.js'
import { GALLERY_ITEMS } from '#app/ui/gallery.tsx'
import { expectVisible } from '#stories/play.ts'
import type { SiteParameters } from '#stories/site.tsx'
import { LightboxHost } from './lightbox-host.tsx'

/** R3: the image lightbox (rendered by the story frame, as by the root layout). */
const IMAGE = { url: GALLERY_ITEMS[0]!.big, name: 'Knife skins in the inventory' }

const meta = {
  title: 'UI/Lightbox',
  component: LightboxHost,
  render: () => <p>The lightbox opens over the page.</p>,
} satisfies Meta<typeof LightboxHost>
export default meta
type Story = StoryObj<typeof meta>

export const Closed: Story = {
  play: async () => {
    await expect(document.querySelector('[data-testid="lightbox"]')).toBeNull()
  },
}

export const Open: Story = {
  parameters: { site: { ui: { lightbox: [{ type: 'lightbox.open', ...IMAGE }] } } satisfies SiteParameters },
  play: async () => {
    const body = within(document.body)
    await expectVisible(body.findByRole('dialog', { name: m.ui_lightbox_label() }))
    await expect(body.getByText(IMAGE.name)).toBeInTheDocument()
  },
}

export const ClosedByItsButton: Story = {
  ...Open,
  play: async () => {
    const body = within(document.body)
    await userEvent.click(await body.findByRole('button', { name: m.gallery_close() }))
    await waitFor(() => expect(document.querySelector('[data-testid="lightbox"]')).toBeNull())
  },
}
