import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { LegalPage } from '~/components/legal-page'
import { useSite } from '~/lib/use-site'

export const Route = createFileRoute('/oferta')({
  component: OfertaPage,
})

function OfertaPage() {
  const { product } = useSite()
  return <LegalPage document="oferta" heading={m.page_oferta_heading({ product })} intro={m.page_oferta_intro({ product })} />
}
