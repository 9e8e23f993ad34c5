import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { PageIntro } from '~/components/page-intro'
import { useSite } from '~/lib/use-site'

export const Route = createFileRoute('/promo')({
  staticData: { middleware: ['promo'] },
  component: PromoPage,
})

function PromoPage() {
  const { product } = useSite()
  return <PageIntro heading={m.page_promo_heading({ product })} intro={m.page_promo_intro({ product })} />
}
