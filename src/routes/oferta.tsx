import { createFileRoute } from '@tanstack/react-router'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { LegalPage } from '#app/site/legal-page.tsx'

export const Route = createFileRoute('/oferta')({
  staticData: { page: 'oferta' },
  component: OfertaPage,
})

function OfertaPage() {
  const { product } = useSite()
  return <LegalPage document="oferta" heading={m.page_oferta_heading({ product })} intro={m.page_oferta_intro({ product })} />
}
