import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { PageIntro } from '~/components/page-intro'
import { useSite } from '~/lib/use-site'

export const Route = createFileRoute('/')({
  component: HomePage,
})

function HomePage() {
  const { product } = useSite()
  return <PageIntro heading={m.page_home_heading({ product })} intro={m.page_home_intro({ product })} />
}
