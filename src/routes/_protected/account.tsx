import { createFileRoute, redirect } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { getLocale } from '~/paraglide/runtime'
import { PageIntro } from '~/components/page-intro'
import { AccountArea } from '~/components/account/account-area'
import { getAccountData } from '~/lib/account-server'
import { setErrorStatus } from '~/lib/route-error'
import { whenAuthSettled } from '~/lib/auth-client'
import { useSite } from '~/lib/use-site'

/** R2, R7: the account area (protected). */
export const Route = createFileRoute('/_protected/account')({
  onError: setErrorStatus,
  loader: async ({ location }) => {
    await whenAuthSettled()
    const data = await getAccountData({ data: { locale: getLocale() } })
    if (data.status === 'unauthorized') throw redirect({ to: '/login', search: { redirect: location.publicHref } })
    return data
  },
  component: AccountPage,
})

function AccountPage() {
  const { product } = useSite()
  const data = Route.useLoaderData()
  return (
    <PageIntro heading={m.page_account_heading({ product })} intro={m.page_account_intro({ product })}>
      <AccountArea offer={data.status === 'ok' ? data.offer : null} unavailable={data.status === 'unavailable'} />
    </PageIntro>
  )
}
