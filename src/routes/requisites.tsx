import { createFileRoute } from '@tanstack/react-router'
import { m } from '~/paraglide/messages'
import { PageIntro } from '~/components/page-intro'
import { useSite } from '~/lib/use-site'

/**
 * The seller's details, for Russian visitors who pay by card (decision 073): the page is behind
 * the Russian-only guard of spec 2; other languages go to their home page.
 */
export const Route = createFileRoute('/requisites')({
  staticData: { middleware: ['russian-only'] },
  component: RequisitesPage,
})

function RequisitesPage() {
  const { product, config, brandInfo } = useSite()
  const operator = config.operator
  const email = brandInfo.supportEmail
  return (
    <PageIntro heading={m.page_requisites_heading()} intro={m.page_requisites_intro({ product })}>
      {operator ? (
        <dl className="facts" data-testid="requisites">
          <dt>{m.requisites_name()}</dt>
          <dd>{operator.name}</dd>
          {operator.taxId ? (
            <>
              <dt>{m.requisites_tax_id()}</dt>
              <dd>{operator.taxId}</dd>
            </>
          ) : null}
          {operator.address ? (
            <>
              <dt>{m.requisites_address()}</dt>
              <dd>{operator.address}</dd>
            </>
          ) : null}
          <dt>{m.requisites_email()}</dt>
          <dd>
            <a href={`mailto:${email}`}>{email}</a>
          </dd>
        </dl>
      ) : (
        <p data-testid="requisites-on-request">{m.requisites_on_request({ email })}</p>
      )}
    </PageIntro>
  )
}
