import { createFileRoute, redirect } from '@tanstack/react-router'
import { whenAuthSettled } from '#app/core/auth-client.ts'
import { setErrorStatus } from '#app/core/http-error.ts'
import { useSite } from '#app/core/use-site.ts'
import { AccountArea } from '#app/features/account/account-area.tsx'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { PageIntro } from '#app/ui/page-intro.tsx'
import { isSafeRedirect } from '#machines/rules/redirect.ts'

/** The page that sent the visitor to add an e-mail (the checkout), when it is a safe local path. */
const AccountSearch = (s: Record<string, unknown>): { redirect?: string } => ({ redirect: isSafeRedirect(s.redirect) ? s.redirect : undefined })

/** R2, R7: the account area (protected). */
export const Route = createFileRoute('/_protected/account')({
  staticData: { page: 'account' },
  validateSearch: AccountSearch,
  onError: setErrorStatus,
  loader: async ({ location }) => {
    await whenAuthSettled()
    const { getAccountData } = await import('#app/features/account/account.functions.ts')
    const data = await getAccountData({ data: { locale: getLocale() } })
    if (data.status === 'unauthorized') throw redirect({ to: '/login', search: { redirect: location.publicHref } })
    return data
  },
  component: AccountPage,
})

function AccountPage() {
  const { product } = useSite()
  const data = Route.useLoaderData()
  const { redirect } = Route.useSearch()
  return (
    <PageIntro heading={m.page_account_heading({ product })} intro={m.page_account_intro({ product })}>
      <AccountArea
        offer={data.status === 'ok' ? data.offer : null}
        payments={data.status === 'ok' ? data.payments : undefined}
        renewalCard={data.status === 'ok' ? data.renewalCard : undefined}
        unavailable={data.status === 'unavailable'}
        returnTo={redirect ?? null}
      />
    </PageIntro>
  )
}
