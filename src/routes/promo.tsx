import { createFileRoute, Link, useHydrated } from '@tanstack/react-router'
import { useEffect } from 'react'
import { m } from '~/paraglide/messages'
import { getLocale } from '~/paraglide/runtime'
import { PageIntro } from '~/components/page-intro'
import { PromoSlider } from '~/components/marketing/promo-slider'
import { Countdown } from '~/components/marketing/countdown'
import { Icon } from '~/components/marketing/icons'
import { pushEcommerce } from '~/integrations/data-layer'
import { currencyForLocale, premiumProduct } from '~/lib/marketing/ecommerce'
import { legalHref } from '~/lib/locale'
import { useSite } from '~/lib/use-site'

export const Route = createFileRoute('/promo')({
  staticData: { middleware: ['promo'] },
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
  const onPremium = () => pushEcommerce('add', { currencyCode: currencyForLocale(locale), products: [premiumProduct(product)] })
  return (
    <div className="marketing promo" data-hydrated={hydrated}>
      <div className="promo__head">
        <PageIntro heading={m.page_promo_heading({ product })} intro={m.page_promo_intro({ product })} />
        <div className="promo__offer">
          <p className="offer__title">{m.home_countdown_title()}</p>
          <Countdown />
          <Link to="/premium" className="button button--lg button--block" onClick={onPremium} data-testid="promo-cta">
            {m.promo_cta()}
            <Icon name="arrowRight" size={18} />
          </Link>
        </div>
      </div>
      <PromoSlider />
      <p className="promo__terms">
        {m.promo_terms()} <a href={legalHref(locale, 'oferta')}>{m.mk_promo_terms_link()}</a>
      </p>
    </div>
  )
}
