import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { getLocale } from '~/paraglide/runtime'
import { PageIntro } from '~/components/page-intro'
import { PremiumPlans } from '~/components/premium/premium-plans'
import { PremiumGallerySection } from '~/components/premium/premium-gallery'
import { useSite } from '~/lib/use-site'
import { getPlans } from '~/lib/premium/plans-server'
import { plansFailure } from '~/lib/premium/plans-result'
import { setErrorStatus } from '~/lib/route-error'

/**
 * Spec 2, 3, 4, 9: premium subscription and payment, then the premium monitor gallery. The plans
 * come from the loader (on the server for the first paint); a failed load is part of the page,
 * which still answers 200.
 */
export const Route = createFileRoute('/premium')({
  loader: async () => {
    try {
      return await getPlans({ data: { locale: getLocale() } })
    } catch (error) {
      // The server function itself could not be reached (a client-side navigation offline).
      return plansFailure(error)
    }
  },
  onError: setErrorStatus,
  component: PremiumPage,
})

function PremiumPage() {
  const { product } = useSite()
  const plans = Route.useLoaderData()
  return (
    <>
      <PageIntro heading={m.page_premium_heading({ product })} intro={m.page_premium_intro({ product })} />
      <PremiumPlans initial={plans} locale={getLocale()} />
      <PremiumGallerySection />
    </>
  )
}
