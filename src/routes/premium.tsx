import { createFileRoute } from '@tanstack/react-router'
import { whenAuthSettled } from '#app/core/auth-client.ts'
import { setErrorStatus } from '#app/core/http-error.ts'
import { useSite } from '#app/core/use-site.ts'
import { plansFailure } from '#app/features/premium/plans-result.ts'
import { PremiumGallerySection } from '#app/features/premium/premium-gallery.tsx'
import { PremiumPlans } from '#app/features/premium/premium-plans.tsx'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { PageIntro } from '#app/ui/page-intro.tsx'

/** `?offer=1`: the page was opened to take the special offer (the account's "Take the offer"). */
const PremiumSearch = (search: Record<string, unknown>): { offer?: 1 } => (search.offer === 1 || search.offer === '1' ? { offer: 1 } : {})

/**
 * R2, R3, R4, R9: premium subscription and payment, then the premium monitor gallery. The plans
 * (and a signed-in visitor's special offer) come from the loader, on the server for the first
 * paint; a failed load is part of the page, which still answers 200.
 */
export const Route = createFileRoute('/premium')({
  staticData: { page: 'premium' },
  validateSearch: PremiumSearch,
  loader: async () => {
    await whenAuthSettled()
    try {
      const { getPremiumData } = await import('#app/features/premium/plans.functions.ts')
      return await getPremiumData({ data: { locale: getLocale() } })
    } catch (error) {
      // The server function itself could not be reached (a client-side navigation offline).
      return { plans: plansFailure(error), offer: null, group: null }
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
      <PremiumPlans initial={data.plans} offer={data.offer} group={data.group} takeOffer={offer === 1} locale={getLocale()} />
      <PremiumGallerySection />
    </>
  )
}
