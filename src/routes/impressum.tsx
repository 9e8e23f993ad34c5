import { createFileRoute } from '@tanstack/react-router'
import { m } from '#app/paraglide/messages.js'
import { SellerPage } from '#app/site/seller-page.tsx'

/**
 * The Impressum (decision 076): who runs the site, as German law asks; linked from the German
 * footer, readable in every language.
 */
export const Route = createFileRoute('/impressum')({
  staticData: { page: 'impressum' },
  component: ImpressumPage,
})

function ImpressumPage() {
  return <SellerPage heading={m.page_impressum_heading} intro={m.page_impressum_intro} as="provider" />
}
