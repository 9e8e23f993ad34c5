import { useMemo, useRef, useState } from 'react'
import { selectLoginHref, selectPayReason, selectRestored, type Agreement, type PayReason } from '#machines/payment'
import type { Locale } from '../../../app.constants'
import { m } from '~/paraglide/messages'
import type { PlanView } from '~/lib/premium/plans'
import { useSite } from '~/lib/use-site'
import { PlanList } from './plan-list'
import { Agreements } from './agreements'
import { usePayment } from './use-payment'

const REASON_ID = 'premium-pay-reason'

/** What the panel says for each reason the machine gives (spec 3, 4). */
const REASON_TEXT: Record<PayReason, () => string> = {
  busy: () => m.premium_reason_busy(),
  plan: () => m.premium_reason_plan(),
  login: () => m.premium_reason_login(),
  agreements: () => m.premium_reason_agreements(),
  premium: () => m.premium_reason_premium(),
  promo: () => m.premium_reason_promo(),
}

/**
 * Spec 3, 4: the plans and the payment panel. The payment machine decides everything: the
 * stored premium state (a guest's plan before login, read after hydration so the server and
 * the first browser render agree), why paying is not possible yet, and when the panel is next.
 */
export function PremiumCheckout({ views, locale }: { views: readonly PlanView[]; locale: Locale }) {
  const site = useSite()
  const panel = useRef<HTMLElement>(null)
  // The plans of the first render are the ones a stored plan is matched with.
  const [offered] = useState(() => views.map((view) => ({ plan: view.plan, label: view.label })))
  const { snapshot, send, service } = usePayment({
    locale,
    offered,
    onFocusPayment: () => {
      panel.current?.scrollIntoView({ block: 'center' })
      panel.current?.focus({ preventScroll: true })
    },
  })
  const { context } = snapshot
  const busy = snapshot.hasTag('busy')
  const canPay = snapshot.can({ type: 'payment.submit' })
  const reason = selectPayReason(snapshot)
  const selected = useMemo(() => views.find((view) => view.plan.id === context.subscription?.id) ?? null, [views, context.subscription])

  const select = (view: PlanView) => send({ type: 'plan.select', subscription: view.plan, label: view.label })
  const agree = (agreement: Agreement, value: boolean) => send({ type: 'agreement.set', agreement, value })

  if (snapshot.matches('unavailable')) {
    return (
      <p className="notice notice--error" role="alert">
        {m.premium_unavailable({ email: site.brandInfo.supportEmail })}
      </p>
    )
  }

  return (
    <div className="premium-checkout" data-ready={selectRestored(snapshot)} data-state={busy ? 'busy' : 'idle'}>
      <section className="premium-plans" aria-labelledby="premium-plans-heading">
        <h2 id="premium-plans-heading">{m.premium_plans_heading()}</h2>
        <p className="premium-plans__lead">{m.premium_plans_lead()}</p>
        <PlanList views={views} selectedId={context.subscription?.id ?? null} busy={busy} onSelect={select} />
      </section>

      <section ref={panel} id="premium-payment" className="premium-payment" aria-labelledby="premium-payment-heading" tabIndex={-1}>
        <h2 id="premium-payment-heading">{m.premium_checkout_heading()}</h2>
        <p className="premium-payment__summary" data-testid="premium-summary">
          {selected ? m.premium_checkout_summary({ plan: selected.label, price: selected.price }) : m.premium_checkout_none()}
        </p>
        {selected && service === 'payselection' && selected.currency !== 'RUB' ? <p className="premium-payment__note">{m.premium_rub_note()}</p> : null}
        <Agreements locale={locale} values={context.agreements} disabled={busy} describedBy={reason ? REASON_ID : undefined} onChange={agree} />
        <div className="premium-payment__actions">
          <button
            type="button"
            className="button premium-payment__pay"
            aria-disabled={!canPay}
            aria-busy={busy}
            aria-describedby={reason ? REASON_ID : undefined}
            onClick={() => send({ type: 'payment.submit' })}
          >
            {busy ? m.premium_paying() : m.premium_pay()}
          </button>
          {reason === 'login' ? (
            <a className="button button--ghost" href={selectLoginHref(snapshot)}>
              {m.premium_sign_in()}
            </a>
          ) : null}
        </div>
        <p id={REASON_ID} className="premium-payment__reason" aria-live="polite">
          {reason ? REASON_TEXT[reason]() : ''}
        </p>
        <p className="premium-payment__note">{m.premium_secure_note()}</p>
      </section>
    </div>
  )
}
