import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { PageIntro } from '~/components/page-intro'
import { useSite } from '~/lib/use-site'

export const Route = createFileRoute('/cs-go')({
  component: CsGoPage,
})

function CsGoPage() {
  const { product } = useSite()
  return <PageIntro heading={m.page_csgo_heading({ product })} intro={m.page_csgo_intro({ product })} />
}
