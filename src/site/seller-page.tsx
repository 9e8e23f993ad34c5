import { useSite } from '#app/core/use-site.ts'
import type { ProductMessage } from '#app/features/marketing/marketing-page.tsx'
import { PageIntro } from '#app/ui/page-intro.tsx'
import { SellerDetails } from '#app/ui/seller-details.tsx'

/** A page that shows who sells and runs the site (the operator and the support address) under its heading. */
export function SellerPage({ heading, intro, as = 'seller' }: { heading: ProductMessage; intro: ProductMessage; as?: 'seller' | 'provider' }) {
  const { product, config, brandInfo } = useSite()
  return (
    <PageIntro heading={heading({ product })} intro={intro({ product })}>
      <SellerDetails operator={config.operator} email={brandInfo.supportEmail} as={as} />
    </PageIntro>
  )
}
