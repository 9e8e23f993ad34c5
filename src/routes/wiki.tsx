import { createFileRoute, useHydrated } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { PageIntro } from '~/components/page-intro'
import { Wiki } from '~/components/marketing/wiki'
import { useSite } from '~/lib/use-site'

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
