import { createFileRoute, useHydrated } from '@tanstack/react-router'
import { Wiki } from '#app/features/marketing/wiki.tsx'
import { m } from '#app/paraglide/messages.js'
import { PageIntro } from '#app/site/page-intro.tsx'
import { useSite } from '#app/site/use-site.ts'

export const Route = createFileRoute('/wiki')({
  component: WikiPage,
})

function WikiPage() {
  const hydrated = useHydrated()
  const { product } = useSite()
  return (
    <div className="marketing" data-hydrated={hydrated}>
      <PageIntro heading={m.page_wiki_heading({ product })} intro={m.page_wiki_intro({ product })} />
      <Wiki />
    </div>
  )
}
