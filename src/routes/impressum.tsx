import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { PageIntro } from '~/components/page-intro'
import { SellerDetails } from '~/components/seller-details'
import { useSite } from '~/lib/use-site'

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
