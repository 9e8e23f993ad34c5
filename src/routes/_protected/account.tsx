import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { PageIntro } from '~/components/page-intro'
import { useSite } from '~/lib/use-site'

export const Route = createFileRoute('/_protected/account')({
  component: AccountPage,
})

function AccountPage() {
  const { product } = useSite()
  return <PageIntro heading={m.page_account_heading({ product })} intro={m.page_account_intro({ product })} />
}
