import { createFileRoute } from '@tanstack/react-router'
import { m } from '#app/paraglide/messages.js'
import { PageIntro } from '#app/site/page-intro.tsx'
import { SellerDetails } from '#app/site/seller-details.tsx'
import { useSite } from '#app/site/use-site.ts'

/**
 * The Impressum (decision 076): who runs the site, as German law asks; linked from the German
 * footer, readable in every language.
 */
export const Route = createFileRoute('/impressum')({
  component: ImpressumPage,
})

function ImpressumPage() {
  const { product, config, brandInfo } = useSite()
  return (
    <PageIntro heading={m.page_impressum_heading()} intro={m.page_impressum_intro({ product })}>
      <SellerDetails operator={config.operator} email={brandInfo.supportEmail} />
    </PageIntro>
  )
}
