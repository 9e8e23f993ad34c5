import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { FAQ_TEASER_ANCHORS } from '#app/content/faq.ts'
import { HOME_FEATURES, HOME_STEPS } from '#app/content/home.ts'
import * as homeText from '#app/content/messages/home.ts'
import { legalHref } from '#app/features/locale/locale.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { useSite } from '#app/site/use-site.ts'
import { DEFAULT_GAME_VERSION_ID, GAME_VERSIONS } from '#constants'
import { Countdown } from './countdown.tsx'
import { pushEcommerce } from './data-layer.ts'
import { DownloadButton } from './download-button.tsx'
import { currencyForLocale, premiumProduct } from './ecommerce.ts'
import { PremiumGallery } from './gallery.tsx'
import { Icon } from './icons.tsx'
import { textBlocks } from './rich-text.ts'
import { t } from './text.tsx'
import { VersionSelector } from './version-selector.tsx'

export const HERO_IMAGE = {
  src: '/images/hero-launcher.webp',
  srcSet: '/images/hero-launcher-480.webp 480w, /images/hero-launcher.webp 960w',
  /** One column up to 900 px (the page width minus its margins), then about half of the 1160 px shell. */
  sizes: '(max-width: 900px) calc(100vw - 2rem), (max-width: 1192px) calc(50vw - 3rem), 560px',
  width: 960,
  height: 640,
} as const

function usePremiumAdd() {
  const { product } = useSite()
  const locale = getLocale()
  return () => pushEcommerce('add', { currencyCode: currencyForLocale(locale), products: [premiumProduct(product)] })
}

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
        <ul className="trust">
          <li>
            <Icon name="eye" size={18} />
            {m.mk_hero_trust_local()}
          </li>
          <li>
            <Icon name="shield" size={18} />
            {m.mk_hero_trust_inventory()}
          </li>
          <li>
            <Icon name="card" size={18} />
            {m.mk_hero_trust_payment()}
          </li>
        </ul>
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
        <h2 id="versions-title" className="section-title">
          {m.home_versions_title()}
        </h2>
        <p className="section-lead">{m.home_versions_text()}</p>
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
    <section className="section" aria-labelledby="features-title">
      <h2 id="features-title" className="section-title">
        {m.home_features_title()}
      </h2>
      <ul className="card-grid card-grid--3">
        {HOME_FEATURES.map((f) => (
          <li key={f.id} className="card feature">
            <span className="feature__icon">
              <Icon name={f.icon} />
            </span>
            <h3 className="card__title">{t(homeText, f.title)}</h3>
            <p className="card__text">{t(homeText, f.text)}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function StepsSection() {
  return (
    <section className="section" aria-labelledby="how-title">
      <h2 id="how-title" className="section-title">
        {m.home_how_title()}
      </h2>
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
            <h3 className="card__title">{t(homeText, s.title)}</h3>
            <p className="card__text">{t(homeText, s.text)}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}

/** R4, R7: seeing the teaser pushes the e-commerce `detail` once. */
export function PremiumTeaser() {
  const { product } = useSite()
  const locale = getLocale()
  const ref = useRef<HTMLElement>(null)
  const onPremium = usePremiumAdd()
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
        <h2 id="premium-title" className="section-title">
          {m.home_premium_title()}
        </h2>
        <p className="section-lead">{m.home_premium_text()}</p>
        <ul className="checklist">
          <li>
            <Icon name="check" size={18} />
            {m.mk_premium_point_1()}
          </li>
          <li>
            <Icon name="check" size={18} />
            {m.mk_premium_point_2()}
          </li>
          <li>
            <Icon name="check" size={18} />
            {m.mk_premium_point_3()}
          </li>
          <li>
            <Icon name="check" size={18} />
            {m.mk_premium_point_4()}
          </li>
        </ul>
      </div>
      <div className="premium-teaser__offer">
        <h3 className="offer__title">{m.home_countdown_title()}</h3>
        <Countdown />
        <p className="offer__text">{m.home_countdown_text()}</p>
        <Link to="/premium" className="button button--lg button--block" onClick={onPremium} data-testid="premium-cta">
          {m.home_premium_cta()}
          <Icon name="arrowRight" size={18} />
        </Link>
      </div>
    </section>
  )
}

export function GallerySection() {
  return (
    <section className="section" aria-labelledby="gallery-title">
      <h2 id="gallery-title" className="section-title">
        {m.home_gallery_title()}
      </h2>
      <p className="section-lead">{m.home_gallery_text()}</p>
      <PremiumGallery />
    </section>
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
        <h2 id="faq-teaser-title" className="section-title">
          {m.home_faq_title()}
        </h2>
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
