import { createFileRoute, useHydrated } from '@tanstack/react-router'
import { FaqList } from '#app/features/marketing/faq-list.tsx'
import { m } from '#app/paraglide/messages.js'
import { PageIntro } from '#app/site/page-intro.tsx'
import { useSite } from '#app/site/use-site.ts'

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
