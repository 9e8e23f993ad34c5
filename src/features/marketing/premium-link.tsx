import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { pushEcommerce } from '#app/core/data-layer.ts'
import { currencyForLocale, premiumProduct } from '#app/core/ecommerce.ts'
import { useSite } from '#app/core/use-site.ts'
import { getLocale } from '#app/paraglide/runtime.js'
import { Icon } from '#app/ui/icons.tsx'

/** R4, R7: a way to Premium pushes the e-commerce `add` of Premium when it is followed. */
export function usePremiumAdd() {
  const { product } = useSite()
  const locale = getLocale()
  return () => pushEcommerce('add', { currencyCode: currencyForLocale(locale), products: [premiumProduct(product)] })
}

/** The large call to go to the premium page under an offer, with its arrow. */
export function PremiumOfferLink({ testId, children }: { testId: string; children: ReactNode }) {
  const onPremium = usePremiumAdd()
  return (
    <Link to="/premium" className="button button--lg button--block" onClick={onPremium} data-testid={testId}>
      {children}
      <Icon name="arrowRight" size={18} />
    </Link>
  )
}
