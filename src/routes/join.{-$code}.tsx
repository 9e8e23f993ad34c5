import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { PageIntro } from '~/components/page-intro'
import { useSite } from '~/lib/use-site'

export const Route = createFileRoute('/join/{-$code}')({
  component: JoinPage,
})

function JoinPage() {
  const { product } = useSite()
  return <PageIntro heading={m.page_join_heading({ product })} intro={m.page_join_intro({ product })} />
}
