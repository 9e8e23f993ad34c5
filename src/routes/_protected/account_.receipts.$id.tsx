import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { whenAuthSettled } from '#app/core/auth-client.ts'
import { setErrorStatus } from '#app/core/http-error.ts'
import { useSite } from '#app/core/use-site.ts'
import { ReceiptView } from '#app/features/account/receipt.tsx'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { PageIntro } from '#app/ui/page-intro.tsx'
import type { Locale } from '#machines/rules/locale.ts'

/** Issue 37: a payment's receipt (protected): one of the visitor's own paid payments, or 404. */
export const Route = createFileRoute('/_protected/account_/receipts/$id')({
  staticData: { page: 'receipt' },
  onError: setErrorStatus,
  loader: async ({ location, params }) => {
    if (!/^\d{1,9}$/.test(params.id)) throw notFound()
    await whenAuthSettled()
    const { getReceiptData } = await import('#app/features/account/account.functions.ts')
    const data = await getReceiptData({ data: { locale: getLocale() as Locale, id: params.id } })
    if (data.status === 'unauthorized') throw redirect({ to: '/login', search: { redirect: location.publicHref } })
    if (data.status === 'not_found') throw notFound()
    return data
  },
  component: ReceiptPage,
})

function ReceiptPage() {
  const { product } = useSite()
  const data = Route.useLoaderData()
  const locale = getLocale() as Locale
  return (
    <PageIntro
      heading={data.status === 'ok' ? m.page_receipt_heading({ number: String(data.receipt.payment_id) }) : m.page_receipt_heading_plain()}
      intro={m.page_receipt_intro({ product })}
    >
      {data.status === 'ok' ? (
        <ReceiptView receipt={data.receipt} locale={locale} />
      ) : (
        <p className="notice notice--error" role="alert" data-testid="receipt-unavailable">
          {m.acc_receipt_unavailable()}
        </p>
      )}
    </PageIntro>
  )
}
