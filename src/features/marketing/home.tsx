import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { FAQ_TEASER_ANCHORS } from '#app/content/faq.ts'
import { HOME_FEATURES, HOME_STEPS } from '#app/content/home.ts'
import * as homeText from '#app/content/messages/home.ts'
import { pushEcommerce } from '#app/core/data-layer.ts'
import { currencyForLocale, premiumProduct } from '#app/core/ecommerce.ts'
import { legalHref } from '#app/core/locale.ts'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { PremiumGallery } from '#app/ui/gallery.tsx'
import { Icon } from '#app/ui/icons.tsx'
import { textBlocks } from '#app/ui/rich-text.ts'
import { CardText, FeatureCards, IconList, Section, SectionHeading } from '#app/ui/section.tsx'
import { t } from '#app/ui/text.tsx'
import { DEFAULT_GAME_VERSION_ID, GAME_VERSIONS } from '#constants'
import { Countdown } from './countdown.tsx'
import { DownloadButton } from './download-button.tsx'
import { PremiumOfferLink, usePremiumAdd } from './premium-link.tsx'
import { VersionSelector } from './version-selector.tsx'

export const HERO_IMAGE = {
  src: '/images/hero-launcher.webp',
  srcSet: '/images/hero-launcher-480.webp 480w, /images/hero-launcher.webp 960w',
  /** One column up to 900 px (the page width minus its margins), then about half of the 1160 px shell. */
  sizes: '(max-width: 900px) calc(100vw - 2rem), (max-width: 1192px) calc(50vw - 3rem), 560px',
  width: 960,
  height: 640,
} as const

export function HomeHero({ versionId }: { versionId: number }) {
  const { product, brand } = useSite()
  const onPremium = usePremiumAdd()
  // R1: each brand has its own tagline and lead, chosen on the server for the first paint.
  const heading = brand === 'mirror' ? m.mirror_home_heading({ product }) : m.page_home_heading({ product })
  const lead = brand === 'mirror' ? m.mirror_home_intro({ product }) : m.page_home_intro({ product })
  return (
    <section className="hero" aria-labelledby="home-heading">
      <div className="hero__copy">
        <p className="kicker">{m.home_hero_kicker()}</p>
        <h1 id="home-heading" className="hero__title" data-testid="hero-heading">
          {heading}
        </h1>
        <p className="hero__lead" data-testid="hero-lead">
          {lead}
        </p>
        <div className="hero__actions">
          <DownloadButton versionId={versionId} testId="hero-download">
            {m.home_hero_cta_download()}
          </DownloadButton>
          <Link to="/premium" className="button button--ghost button--lg" onClick={onPremium} data-testid="hero-premium">
            {m.home_hero_cta_premium()}
          </Link>
        </div>
        <p className="hero__note">{m.home_hero_note()}</p>
        <IconList
          className="trust"
          items={[
            { icon: 'eye', text: m.mk_hero_trust_local() },
            { icon: 'shield', text: m.mk_hero_trust_inventory() },
            { icon: 'card', text: m.mk_hero_trust_payment() },
          ]}
        />
      </div>
      <div className="hero__art">
        <img
          src={HERO_IMAGE.src}
          srcSet={HERO_IMAGE.srcSet}
          sizes={HERO_IMAGE.sizes}
          width={HERO_IMAGE.width}
          height={HERO_IMAGE.height}
          alt={m.promo_slide_1_alt()}
          fetchPriority="high"
          decoding="async"
        />
      </div>
    </section>
  )
}

export function VersionsSection({ versionId, onChange }: { versionId: number; onChange: (id: number) => void }) {
  const version = GAME_VERSIONS.find((v) => v.id === versionId) ?? GAME_VERSIONS[0]
  return (
    <section className="section versions" id="download" aria-labelledby="versions-title">
      <div className="versions__intro">
        <SectionHeading id="versions-title" title={m.home_versions_title()} lead={m.home_versions_text()} />
      </div>
      <div className="versions__panel">
        <VersionSelector value={versionId} onChange={onChange} />
        <div className="versions__cta">
          <DownloadButton versionId={versionId}>{m.mk_download_version({ version: version.name })}</DownloadButton>
          <span className="versions__hint">{m.mk_download_windows()}</span>
        </div>
      </div>
    </section>
  )
}

export function FeaturesSection() {
  return (
    <Section id="features-title" title={m.home_features_title()}>
      <FeatureCards cards={HOME_FEATURES.map((f) => ({ icon: f.icon, title: t(homeText, f.title), text: t(homeText, f.text) }))} />
    </Section>
  )
}

export function StepsSection() {
  return (
    <Section id="how-title" title={m.home_how_title()}>
      <ol className="steps">
        {HOME_STEPS.map((s, i) => (
          <li key={s.id} className="step">
            <span className="step__number" aria-hidden="true">
              {i + 1}
            </span>
            <span className="visually-hidden">{m.mk_step_label({ number: String(i + 1) })}: </span>
            <span className="step__icon">
              <Icon name={s.icon} size={22} />
            </span>
            <CardText title={t(homeText, s.title)} text={t(homeText, s.text)} />
          </li>
        ))}
      </ol>
    </Section>
  )
}

/** R4, R7: seeing the teaser pushes the e-commerce `detail` once. */
export function PremiumTeaser() {
  const { product } = useSite()
  const locale = getLocale()
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    const node = ref.current
    if (!node || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          pushEcommerce('detail', { currencyCode: currencyForLocale(locale), products: [premiumProduct(product)] })
          observer.disconnect()
        }
      },
      { threshold: 0.35 },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [locale, product])
  return (
    <section ref={ref} className="section premium-teaser" aria-labelledby="premium-title" data-testid="premium-teaser">
      <div className="premium-teaser__copy">
        <span className="badge">{m.mk_premium_badge()}</span>
        <SectionHeading id="premium-title" title={m.home_premium_title()} lead={m.home_premium_text()} />
        <IconList
          className="checklist"
          items={[m.mk_premium_point_1(), m.mk_premium_point_2(), m.mk_premium_point_3(), m.mk_premium_point_4()].map((text) => ({ icon: 'check', text }))}
        />
      </div>
      <div className="premium-teaser__offer">
        <h3 className="offer__title">{m.home_countdown_title()}</h3>
        <Countdown />
        <p className="offer__text" data-testid="countdown-explained">
          {m.home_countdown_text()}
        </p>
        <PremiumOfferLink testId="premium-cta">{m.home_premium_cta()}</PremiumOfferLink>
      </div>
    </section>
  )
}

export function GallerySection() {
  return (
    <Section id="gallery-title" title={m.home_gallery_title()} lead={m.home_gallery_text()}>
      <PremiumGallery />
    </Section>
  )
}

/**
 * The teaser's four questions named directly, not looked up among all FAQ messages: the home
 * page then carries these texts only, not the whole FAQ (decision 022).
 */
const TEASER_TEXT: Record<(typeof FAQ_TEASER_ANCHORS)[number], { q: () => string; a: (inputs: { product: string; email: string }) => string }> = {
  'what-is-it': { q: m.faq_what_is_it_q, a: m.faq_what_is_it_a },
  'visible-to-others': { q: m.faq_visible_to_others_q, a: m.faq_visible_to_others_a },
  'free-vs-premium': { q: m.faq_free_vs_premium_q, a: m.faq_free_vs_premium_a },
  'device-binding': { q: m.faq_device_binding_q, a: m.faq_device_binding_a },
}

export function FaqTeaser() {
  const { product, brandInfo } = useSite()
  const locale = getLocale()
  return (
    <section className="section" aria-labelledby="faq-teaser-title">
      <div className="section-head">
        <SectionHeading id="faq-teaser-title" title={m.home_faq_title()} />
        <a href={legalHref(locale, 'faq')} className="link-arrow">
          {m.home_faq_cta()} <Icon name="arrowRight" size={16} />
        </a>
      </div>
      <ul className="card-grid card-grid--2 faq-teaser">
        {FAQ_TEASER_ANCHORS.map((anchor) => {
          const text = TEASER_TEXT[anchor]
          const first = textBlocks(text.a({ product, email: brandInfo.supportEmail })).find((b) => b.type === 'p')
          return (
            <li key={anchor} className="card faq-teaser__item">
              <a href={`${legalHref(locale, 'faq')}#${anchor}`} className="faq-teaser__link" data-testid="faq-teaser-link">
                <h3 className="card__title">{text.q()}</h3>
                {first && first.type === 'p' ? <p className="card__text faq-teaser__excerpt">{first.text}</p> : null}
              </a>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

export function useSelectedVersion() {
  return useState<number>(DEFAULT_GAME_VERSION_ID)
}
