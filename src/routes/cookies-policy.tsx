import { createFileRoute } from '@tanstack/react-router'
import { m } from '#app/paraglide/messages.js'
import { LegalPage } from '#app/site/legal-page.tsx'
import { useSite } from '#app/site/use-site.ts'

export const Route = createFileRoute('/cookies-policy')({
  component: CookiesPolicyPage,
})

function CookiesPolicyPage() {
  const { product } = useSite()
  return <LegalPage document="cookies_policy" heading={m.page_cookies_policy_heading({ product })} intro={m.page_cookies_policy_intro({ product })} />
}
