import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { LegalPage } from '~/components/legal-page'
import { useSite } from '~/lib/use-site'

export const Route = createFileRoute('/policy')({
  component: PolicyPage,
})

function PolicyPage() {
  const { product } = useSite()
  return <LegalPage document="policy" heading={m.page_policy_heading({ product })} intro={m.page_policy_intro({ product })} />
}
