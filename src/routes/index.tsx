import { createFileRoute, useHydrated } from '@tanstack/react-router'
import {
  FaqTeaser,
  FeaturesSection,
  GallerySection,
  HomeHero,
  PremiumTeaser,
  StepsSection,
  useSelectedVersion,
  VersionsSection,
} from '#app/features/marketing/home.tsx'
import type { PlansResult } from '#app/features/premium/plans-result.ts'
import { getLocale } from '#app/paraglide/runtime.js'

/**
 * R2.21: the home page shows no plan cards, but its structured data offers the plans the premium
 * page shows the same visitor (decision 112). They are read while the server renders the page, for
 * the head that search engines read; a visit in the browser does not wait for them.
 */
export const Route = createFileRoute('/')({
  loader: async (): Promise<{ plans: PlansResult | null }> => {
    if (typeof document !== 'undefined') return { plans: null }
    try {
      const { getPremiumData } = await import('#app/features/premium/plans.functions.ts')
      return { plans: (await getPremiumData({ data: { locale: getLocale() } })).plans }
    } catch {
      return { plans: null }
    }
  },
  component: HomePage,
})

function HomePage() {
  const hydrated = useHydrated()
  const [versionId, setVersionId] = useSelectedVersion()
  return (
    <div className="marketing home" data-hydrated={hydrated}>
      <HomeHero versionId={versionId} />
      <VersionsSection versionId={versionId} onChange={setVersionId} />
      <FeaturesSection />
      <StepsSection />
      <PremiumTeaser />
      <GallerySection />
      <FaqTeaser />
    </div>
  )
}
