import { createFileRoute, useHydrated } from '@tanstack/react-router'
import { useEffect } from 'react'
import { pushEcommerce } from '#app/core/data-layer.ts'
import { currencyForLocale, premiumProduct } from '#app/core/ecommerce.ts'
import { legalHref } from '#app/core/locale.ts'
import { useSite } from '#app/core/use-site.ts'
import { Countdown } from '#app/features/marketing/countdown.tsx'
import { PremiumOfferLink } from '#app/features/marketing/premium-link.tsx'
import { PromoSlider } from '#app/features/marketing/promo-slider.tsx'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { PageIntro } from '#app/ui/page-intro.tsx'

export const Route = createFileRoute('/promo')({
  staticData: { page: 'promo', middleware: ['promo'] },
  component: PromoPage,
})

function PromoPage() {
  const hydrated = useHydrated()
  const { product } = useSite()
  const locale = getLocale()
  // R4, R7: opening the promo page is an e-commerce `detail` of Premium.
  useEffect(() => {
    pushEcommerce('detail', { currencyCode: currencyForLocale(locale), products: [premiumProduct(product)] })
  }, [locale, product])
  return (
    <div className="marketing promo" data-hydrated={hydrated}>
      <div className="promo__head">
        <PageIntro heading={m.page_promo_heading({ product })} intro={m.page_promo_intro({ product })} />
        <div className="promo__offer">
          <p className="offer__title">{m.home_countdown_title()}</p>
          <Countdown />
          <p className="offer__text" data-testid="countdown-explained">
            {m.home_countdown_text()}
          </p>
          <PremiumOfferLink testId="promo-cta">{m.promo_cta()}</PremiumOfferLink>
        </div>
      </div>
      <PromoSlider />
      <p className="promo__terms">
        {m.promo_terms()} <a href={legalHref(locale, 'oferta')}>{m.mk_promo_terms_link()}</a>
      </p>
    </div>
  )
}
