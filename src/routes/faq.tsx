import { createFileRoute, useHydrated } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { PageIntro } from '~/components/page-intro'
import { FaqList } from '~/components/marketing/faq-list'
import { useSite } from '~/lib/use-site'

export const Route = createFileRoute('/faq')({
  component: FaqPage,
})

function FaqPage() {
  const hydrated = useHydrated()
  const { product } = useSite()
  return (
    <div className="marketing" data-hydrated={hydrated}>
      <PageIntro heading={m.page_faq_heading({ product })} intro={m.page_faq_intro({ product })} />
      <FaqList />
    </div>
  )
}
