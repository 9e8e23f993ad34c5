import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { getLocale } from '~/paraglide/runtime'
import { PageIntro } from '~/components/page-intro'
import { PremiumPlans } from '~/components/premium/premium-plans'
import { PremiumGallerySection } from '~/components/premium/premium-gallery'
import { useSite } from '~/lib/use-site'
import { whenAuthSettled } from '~/lib/auth-client'
import { getPremiumData } from '~/lib/premium/plans-server'
import { plansFailure } from '~/lib/premium/plans-result'
import { setErrorStatus } from '~/lib/route-error'

/** `?offer=1`: the page was opened to take the special offer (the account's "Take the offer"). */
const PremiumSearch = (search: Record<string, unknown>): { offer?: 1 } => (search.offer === 1 || search.offer === '1' ? { offer: 1 } : {})

/**
 * R2, R3, R4, R9: premium subscription and payment, then the premium monitor gallery. The plans
 * (and a signed-in visitor's special offer) come from the loader, on the server for the first
 * paint; a failed load is part of the page, which still answers 200.
 */
export const Route = createFileRoute('/premium')({
  validateSearch: PremiumSearch,
  loader: async () => {
    await whenAuthSettled()
    try {
      return await getPremiumData({ data: { locale: getLocale() } })
    } catch (error) {
      // The server function itself could not be reached (a client-side navigation offline).
      return { plans: plansFailure(error), offer: null }
    }
  },
  onError: setErrorStatus,
  component: PremiumPage,
})

function PremiumPage() {
  const { product } = useSite()
  const data = Route.useLoaderData()
  const { offer } = Route.useSearch()
  return (
    <>
      <PageIntro heading={m.page_premium_heading({ product })} intro={m.page_premium_intro({ product })} />
      <PremiumPlans initial={data.plans} offer={data.offer} takeOffer={offer === 1} locale={getLocale()} />
      <PremiumGallerySection />
    </>
  )
}
