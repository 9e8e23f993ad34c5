import type { Meta, StoryObj } from '@storybook/react-vite'
import { userEvent, within } from 'storybook/test'
import { m } from '#app/paraglide/messages.js'
import { PremiumGallery } from '#app/ui/gallery.tsx'
import { Icon } from '#app/ui/icons.tsx'
import { RichText } from '#app/ui/text.tsx'
import { expectVisible } from '#stories/play.ts'
import { IN_PAGE_AREA, inLocale } from '#stories/support.tsx'
import { FaqList } from './faq-list.tsx'
import { PromoSlider } from './promo-slider.tsx'
import { Wiki } from './wiki.tsx'

/** The marketing content blocks: FAQ, wiki, gallery, promo slider, icons, rich text. */
const meta = {
  title: 'Marketing/Content',
  component: FaqList,
  // An object literal: Storybook adds the description above to it (a bare constant would be replaced).
  parameters: { ...IN_PAGE_AREA },
} satisfies Meta<typeof FaqList>
export default meta
type Story = StoryObj<typeof meta>

export const Faq: Story = {}
export const FaqRussian: Story = inLocale('ru')
export const FaqGerman: Story = inLocale('de')
export const FaqMirror: Story = { globals: { brand: 'mirror' } }

export const WikiArticles: Story = { render: () => <Wiki /> }
export const WikiRussian: Story = inLocale('ru', WikiArticles)

export const Gallery: Story = { render: () => <PremiumGallery /> }
/** A thumbnail opens the lightbox through the shared lightbox machine. */
export const GalleryOpensLightbox: Story = {
  render: () => <PremiumGallery />,
  play: async ({ canvasElement }) => {
    const buttons = await within(canvasElement).findAllByRole('button')
    const open = buttons.find((b) => b.getAttribute('aria-label')?.length) ?? buttons[0]!
    await userEvent.click(open)
    await expectVisible(within(document.body).findByRole('dialog', { name: m.ui_lightbox_label() }))
  },
}

export const Slider: Story = { render: () => <PromoSlider /> }
export const SliderGerman: Story = inLocale('de', Slider)

export const Icons: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '1rem' }}>
      {['crosshair', 'knife', 'eye', 'layers', 'refresh', 'download', 'mail', 'play'].map((name) => (
        <Icon key={name} name={name} size={32} />
      ))}
    </div>
  ),
}

export const Text: Story = {
  render: () => <RichText text={'Write to support@skinvault.gg if the launcher does not start.\n\nWe answer within a day.'} />,
}
