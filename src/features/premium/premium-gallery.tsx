import { m } from '#app/paraglide/messages.js'
import { PremiumGallery } from '#app/ui/gallery.tsx'
import { Section } from '#app/ui/section.tsx'

/**
 * R9: the premium monitor gallery (16 big and 16 small images; a thumbnail opens the
 * lightbox with the image's name and url) on the premium page, below the plans and the
 * payment panel. Its images load lazily, so the page's first paint does not wait for them.
 */
export function PremiumGallerySection() {
  return (
    <Section id="premium-gallery-title" title={m.premium_gallery_title()} lead={m.premium_gallery_lead()} className="premium-gallery">
      <PremiumGallery />
    </Section>
  )
}
