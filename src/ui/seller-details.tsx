import { Fragment } from 'react'
import { m } from '#app/paraglide/messages.js'
import type { Operator } from '#constants'

export interface SellerDetailsProps {
  /** The seller (OPERATOR_*); null: support sends the details on request. */
  operator: Operator | null
  /** The brand's support address. */
  email: string
  /** How the operator is named: the seller (requisites, receipts) or the service provider (the Impressum). */
  as?: 'seller' | 'provider'
}

/** Who sells and runs the site: the requisites page and the Impressum (decisions 073, 076). */
export function SellerDetails({ operator, email, as = 'seller' }: SellerDetailsProps) {
  if (!operator) return <p data-testid="seller-on-request">{m.requisites_on_request({ email })}</p>
  const rows: Array<[string, string | null]> = [
    [as === 'provider' ? m.impressum_provider() : m.requisites_name(), operator.name],
    [m.requisites_address(), operator.address],
    [m.impressum_registration(), operator.registration],
    [m.requisites_tax_id(), operator.taxId],
  ]
  return (
    <dl className="facts" data-testid="seller-details">
      {rows
        .filter((row): row is [string, string] => row[1] !== null)
        .map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      <dt>{m.requisites_email()}</dt>
      <dd>
        <a href={`mailto:${email}`}>{email}</a>
      </dd>
    </dl>
  )
}
