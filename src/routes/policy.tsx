import { createFileRoute } from '@tanstack/react-router'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { LegalPage } from '#app/site/legal-page.tsx'

export const Route = createFileRoute('/policy')({
  staticData: { page: 'policy' },
  component: PolicyPage,
})

function PolicyPage() {
  const { product } = useSite()
  return <LegalPage document="policy" heading={m.page_policy_heading({ product })} intro={m.page_policy_intro({ product })} />
}
