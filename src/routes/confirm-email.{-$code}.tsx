import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { PageIntro } from '~/components/page-intro'
import { useSite } from '~/lib/use-site'

export const Route = createFileRoute('/confirm-email/{-$code}')({
  component: ConfirmEmailPage,
})

function ConfirmEmailPage() {
  const { product } = useSite()
  return <PageIntro heading={m.page_confirm_email_heading({ product })} intro={m.page_confirm_email_intro({ product })} />
}
