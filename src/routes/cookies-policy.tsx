import { createFileRoute } from '@tanstack/react-router'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { CookieSettingsLink } from '#app/site/consent.tsx'
import { CookieCategories, CookieTable } from '#app/site/cookie-list.tsx'
import { LegalPage } from '#app/site/legal-page.tsx'

export const Route = createFileRoute('/cookies-policy')({
  staticData: { page: 'cookies_policy' },
  component: CookiesPolicyPage,
})

/** The policy's categories and cookies come from the list the site decides with; its settings reopen the banner. */
function CookiesPolicyPage() {
  const { product } = useSite()
  const settings = (
    <p className="legal__settings">
      <CookieSettingsLink className="button button--ghost" testId="policy-cookie-settings" />
    </p>
  )
  return (
    <LegalPage
      document="cookies_policy"
      heading={m.page_cookies_policy_heading({ product })}
      intro={m.page_cookies_policy_intro({ product })}
      extra={{ categories: <CookieCategories />, 'cookie-list': <CookieTable />, 'managing-cookies': settings }}
    />
  )
}
