import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { LegalPage } from '~/components/legal-page'
import { useSite } from '~/lib/use-site'

export const Route = createFileRoute('/cookies-policy')({
  component: CookiesPolicyPage,
})

function CookiesPolicyPage() {
  const { product } = useSite()
  return <LegalPage document="cookies_policy" heading={m.page_cookies_policy_heading({ product })} intro={m.page_cookies_policy_intro({ product })} />
}
