import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { PageIntro } from '~/components/page-intro'
import { useSite } from '~/lib/use-site'

export const Route = createFileRoute('/_guests/login/$code')({
  component: LoginCodePage,
})

function LoginCodePage() {
  const { product } = useSite()
  return <PageIntro heading={m.page_login_code_heading({ product })} intro={m.page_login_code_intro({ product })} />
}
