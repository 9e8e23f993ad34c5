import { createFileRoute, Link } from '@tanstack/react-router'
import { GALLERY_ITEMS } from '#app/content/images.ts'
import { legalHref } from '#app/core/locale.ts'
import { DownloadButton } from '#app/features/marketing/download-button.tsx'
import { MarketingPage } from '#app/features/marketing/marketing-page.tsx'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { GalleryBigImage } from '#app/ui/gallery-image.tsx'
import { Icon } from '#app/ui/icons.tsx'
import { FeatureCards, Section, SectionHeading } from '#app/ui/section.tsx'

export const Route = createFileRoute('/cs-go')({
  staticData: { page: 'csgo' },
  component: CsGoPage,
})

/** R3: the CS:GO game version (id 2). */
const CSGO_VERSION_ID = 2

/**
 * The page's picture. Its top edge is in the first screen on a phone (about 700-830 px down at
 * 390 x 844) and it is the largest thing in the first screen on tablets and desktops, so it
 * loads eagerly with high priority rather than lazily; the `srcset` keeps it small on phones.
 */
const ART = GALLERY_ITEMS[9]!
const ART_SIZES = '(max-width: 900px) calc(100vw - 2rem), 560px'

function CsGoPage() {
  const locale = getLocale()
  const differences = [
    { icon: 'layers', title: m.csgo_difference_1_title(), text: m.csgo_difference_1_text() },
    { icon: 'package', title: m.csgo_difference_2_title(), text: m.csgo_difference_2_text() },
    { icon: 'refresh', title: m.csgo_difference_3_title(), text: m.csgo_difference_3_text() },
  ]
  return (
    <MarketingPage heading={m.page_csgo_heading} intro={m.page_csgo_intro} className="csgo">
      <section className="section split" aria-labelledby="csgo-support">
        <div>
          <SectionHeading id="csgo-support" title={m.csgo_support_title()} lead={m.csgo_support_text()} />
          <a className="link-arrow" href={legalHref(locale, 'faq', 'game-versions')}>
            {m.mk_csgo_faq_link()} <Icon name="arrowRight" size={16} />
          </a>
        </div>
        <figure className="csgo__art">
          <GalleryBigImage item={ART} sizes={ART_SIZES} alt={m.mk_gallery_alt({ name: m.gallery_item_10_name() })} priority />
        </figure>
      </section>
      <Section id="csgo-differences" title={m.csgo_differences_title()}>
        <FeatureCards cards={differences} />
      </Section>
      <section className="section cta-band" aria-labelledby="csgo-download">
        <div>
          <SectionHeading id="csgo-download" title={m.csgo_download_title()} lead={m.csgo_download_text()} />
        </div>
        <div className="cta-band__actions">
          <DownloadButton versionId={CSGO_VERSION_ID}>{m.csgo_download_cta()}</DownloadButton>
          <span className="versions__hint">{m.mk_download_windows()}</span>
        </div>
      </section>
      <section className="section callout callout--row" aria-labelledby="csgo-cs2">
        <div>
          <h2 id="csgo-cs2" className="callout__title">
            {m.mk_csgo_cs2_title()}
          </h2>
          <p>{m.mk_csgo_cs2_text()}</p>
        </div>
        <Link to="/" hash="download" className="button button--ghost">
          {m.mk_csgo_cs2_link()}
        </Link>
      </section>
    </MarketingPage>
  )
}
