import type { ReactNode } from 'react'
import { legalHref } from '#app/core/locale.ts'
import { m } from '#app/paraglide/messages.js'
import type { Agreement } from '#machines/payment.ts'
import type { Locale } from '#machines/rules/locale.ts'
import { richText } from './rich-text.tsx'

interface AgreementsProps {
  locale: Locale
  /** The agreements this visitor must tick (on German pages, the withdrawal acknowledgement too). */
  required: readonly Agreement[]
  values: Record<Agreement, boolean>
  disabled: boolean
  /** The id of the text that says why paying is not possible yet. */
  describedBy?: string
  onChange: (agreement: Agreement, value: boolean) => void
}

function LegalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
    </a>
  )
}

/** One agreement's checkbox; while it is unchecked it points to the text that says why paying waits. */
function AgreementBox({
  agreement,
  values,
  describedBy,
  onChange,
  children,
}: Pick<AgreementsProps, 'values' | 'describedBy' | 'onChange'> & { agreement: Agreement; children: ReactNode }) {
  return (
    <div className="agreement">
      <input
        id={`agreement-${agreement}`}
        type="checkbox"
        checked={values[agreement]}
        aria-describedby={values[agreement] ? undefined : describedBy}
        onChange={(event) => onChange(agreement, event.currentTarget.checked)}
      />
      <label htmlFor={`agreement-${agreement}`}>{children}</label>
    </div>
  )
}

/**
 * The premium and promo agreements, the withdrawal acknowledgement where required, and how the
 * data is processed (information, not a tick); legal pages in the page's language (decision 123).
 */
export function Agreements({ locale, required, values, disabled, describedBy, onChange }: AgreementsProps) {
  return (
    <fieldset className="agreements" disabled={disabled}>
      <legend>{m.premium_agreements_legend()}</legend>
      <AgreementBox agreement="premium" values={values} describedBy={describedBy} onChange={onChange}>
        {richText(m.premium_agreement_premium, {
          offer: <LegalLink href={legalHref(locale, 'oferta')}>{m.premium_agreement_offer_link()}</LegalLink>,
          license: <LegalLink href={legalHref(locale, 'user-license')}>{m.premium_agreement_license_link()}</LegalLink>,
        })}
      </AgreementBox>
      <AgreementBox agreement="promo" values={values} describedBy={describedBy} onChange={onChange}>
        {m.premium_agreement_promo()}
      </AgreementBox>
      {required.includes('withdrawal') ? (
        <AgreementBox agreement="withdrawal" values={values} describedBy={describedBy} onChange={onChange}>
          {m.premium_agreement_withdrawal()}
        </AgreementBox>
      ) : null}
      {/* Processing the data the subscription needs is not a consent (decision 130): it is said, not ticked. */}
      <p className="agreements__note" data-testid="privacy-note">
        {richText(m.premium_privacy_note, {
          policy: <LegalLink href={legalHref(locale, 'policy')}>{m.premium_agreement_policy_link()}</LegalLink>,
        })}
      </p>
    </fieldset>
  )
}
