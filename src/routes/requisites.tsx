import { createFileRoute } from '@tanstack/react-router'
import { m } from '#app/paraglide/messages.js'
import { PageIntro } from '#app/site/page-intro.tsx'
import { SellerDetails } from '#app/site/seller-details.tsx'
import { useSite } from '#app/site/use-site.ts'

/**
 * The seller's details, for Russian visitors who pay by card (decision 073): the page is behind
 * the Russian-only guard of R2; other languages go to their home page.
 */
export const Route = createFileRoute('/requisites')({
  staticData: { middleware: ['russian-only'] },
  component: RequisitesPage,
})

function RequisitesPage() {
  const { product, config, brandInfo } = useSite()
  return (
    <PageIntro heading={m.page_requisites_heading()} intro={m.page_requisites_intro({ product })}>
      <SellerDetails operator={config.operator} email={brandInfo.supportEmail} />
    </PageIntro>
  )
}
