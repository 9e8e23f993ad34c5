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

export const Route = createFileRoute('/')({
  staticData: { page: 'home' },
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
