import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { PageIntro } from '~/components/page-intro'
import { useSite } from '~/lib/use-site'

export const Route = createFileRoute('/faq')({
  component: FaqPage,
})

function FaqPage() {
  const { product } = useSite()
  return <PageIntro heading={m.page_faq_heading({ product })} intro={m.page_faq_intro({ product })} />
}
