import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { PageIntro } from '~/components/page-intro'
import { useSite } from '~/lib/use-site'

export const Route = createFileRoute('/premium')({
  component: PremiumPage,
})

function PremiumPage() {
  const { product } = useSite()
  return <PageIntro heading={m.page_premium_heading({ product })} intro={m.page_premium_intro({ product })} />
}
