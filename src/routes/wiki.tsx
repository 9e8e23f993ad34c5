import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { PageIntro } from '~/components/page-intro'
import { useSite } from '~/lib/use-site'

export const Route = createFileRoute('/wiki')({
  component: WikiPage,
})

function WikiPage() {
  const { product } = useSite()
  return <PageIntro heading={m.page_wiki_heading({ product })} intro={m.page_wiki_intro({ product })} />
}
