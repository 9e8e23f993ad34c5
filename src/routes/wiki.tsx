import { createFileRoute } from '@tanstack/react-router'
import { MarketingPage } from '#app/features/marketing/marketing-page.tsx'
import { Wiki } from '#app/features/marketing/wiki.tsx'
import { m } from '#app/paraglide/messages.js'

export const Route = createFileRoute('/wiki')({
  staticData: { page: 'wiki' },
  component: () => (
    <MarketingPage heading={m.page_wiki_heading} intro={m.page_wiki_intro}>
      <Wiki />
    </MarketingPage>
  ),
})
