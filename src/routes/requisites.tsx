import { createFileRoute } from '@tanstack/react-router'
import { m } from '#app/paraglide/messages.js'
import { SellerPage } from '#app/site/seller-page.tsx'

/**
 * The seller's details, for Russian visitors who pay by card (decision 073): the page is behind
 * the Russian-only guard of R2; other languages go to their home page.
 */
export const Route = createFileRoute('/requisites')({
  staticData: { page: 'requisites', middleware: ['russian-only'] },
  component: RequisitesPage,
})

function RequisitesPage() {
  return <SellerPage heading={m.page_requisites_heading} intro={m.page_requisites_intro} />
}
