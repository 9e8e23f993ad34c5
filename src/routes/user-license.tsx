import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { LegalPage } from '~/components/legal-page'
import { useSite } from '~/lib/use-site'

export const Route = createFileRoute('/user-license')({
  component: UserLicensePage,
})

function UserLicensePage() {
  const { product } = useSite()
  return <LegalPage document="user_license" heading={m.page_user_license_heading({ product })} intro={m.page_user_license_intro({ product })} />
}
