import { createFileRoute } from '@tanstack/react-router'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { LegalPage } from '#app/site/legal-page.tsx'

export const Route = createFileRoute('/user-license')({
  staticData: { page: 'user_license' },
  component: UserLicensePage,
})

function UserLicensePage() {
  const { product } = useSite()
  return <LegalPage document="user_license" heading={m.page_user_license_heading({ product })} intro={m.page_user_license_intro({ product })} />
}
