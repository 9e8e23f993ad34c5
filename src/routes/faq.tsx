import { createFileRoute } from '@tanstack/react-router'
import { FaqList } from '#app/features/marketing/faq-list.tsx'
import { MarketingPage } from '#app/features/marketing/marketing-page.tsx'
import { m } from '#app/paraglide/messages.js'

export const Route = createFileRoute('/faq')({
  staticData: { page: 'faq' },
  component: () => (
    <MarketingPage heading={m.page_faq_heading} intro={m.page_faq_intro}>
      <FaqList />
    </MarketingPage>
  ),
})
