import { useEffect, useRef, useState } from 'react'
import type { Agreement, PremiumState } from '#machines/payment'
import { localePath } from '#machines/rules/locale'
import type { Locale } from '../../../app.constants'
import { m } from '~/paraglide/messages'
import type { PlanView } from '~/lib/premium/plans'
import { readPremiumState, reconcileRestored, sessionStorageOrNull } from '~/lib/premium/persist'
import { useSite } from '~/lib/use-site'
import { PlanList } from './plan-list'
import { Agreements } from './agreements'
import { usePayment } from './use-payment'

const REASON_ID = 'premium-pay-reason'

/**
 * Spec 3: the stored premium state (a guest's plan before login) is read after hydration, so
 * the server and the first browser render agree; when there is one, the checkout starts again
 * with it as the machine's input.
 */
export function PremiumCheckout({ views, locale }: { views: readonly PlanView[]; locale: Locale }) {
  const [restore, setRestore] = useState<{ ready: boolean; state: PremiumState | null }>({ ready: false, state: null })
  // Only once, on the first render in the browser: the plans of that render are the ones to match.
  const [firstViews] = useState(views)
  useEffect(() => {
    let live = true
    void readPremiumState(sessionStorageOrNull()).then((stored) => {
      if (live) setRestore({ ready: true, state: reconcileRestored(stored, firstViews) })
    })
    return () => {
      live = false
    }
  }, [firstViews])
  return <Checkout key={restore.state ? 'restored' : 'fresh'} views={views} locale={locale} restored={restore.state} ready={restore.ready} />
}

function Checkout({ views, locale, restored, ready }: { views: readonly PlanView[]; locale: Locale; restored: PremiumState | null; ready: boolean }) {
  const site = useSite()
  const { snapshot, send, service } = usePayment({ locale, restored, persist: ready })
  const { context } = snapshot
  const busy = snapshot.hasTag('busy')
  const unavailable = snapshot.matches('unavailable')
  const canPay = snapshot.can({ type: 'payment.submit' })
  const selected = views.find((view) => view.plan.id === context.subscription?.id) ?? null
  const panel = useRef<HTMLElement>(null)

  // Back from login with a plan chosen: the redirect is used up and the payment panel is next.
  const returned = useRef(false)
  useEffect(() => {
    if (returned.current || !context.goToSubscription || !context.loggedIn) return
    returned.current = true
    send({ type: 'redirect.consumed' })
    panel.current?.scrollIntoView({ block: 'center' })
    panel.current?.focus({ preventScroll: true })
  }, [context.goToSubscription, context.loggedIn, send])

  let reason: string | null = null
  if (busy) reason = m.premium_reason_busy()
  else if (!selected) reason = m.premium_reason_plan()
  else if (!context.loggedIn) reason = m.premium_reason_login()
  else if (!context.agreements.premium && !context.agreements.promo) reason = m.premium_reason_agreements()
  else if (!context.agreements.premium) reason = m.premium_reason_premium()
  else if (!context.agreements.promo) reason = m.premium_reason_promo()

  const select = (view: PlanView) => send({ type: 'plan.select', subscription: view.plan, label: view.label })
  const agree = (agreement: Agreement, value: boolean) => send({ type: 'agreement.set', agreement, value })

  if (unavailable) {
    return (
      <p className="notice notice--error" role="alert">
        {m.premium_unavailable({ email: site.brandInfo.supportEmail })}
      </p>
    )
  }

  return (
    <div className="premium-checkout" data-ready={ready} data-state={busy ? 'busy' : 'idle'}>
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
          {selected && !context.loggedIn ? (
            <a className="button button--ghost" href={`${localePath(locale, '/login')}?redirect=${encodeURIComponent(localePath(locale, '/premium'))}`}>
              {m.premium_sign_in()}
            </a>
          ) : null}
        </div>
        <p id={REASON_ID} className="premium-payment__reason" aria-live="polite">
          {reason ?? ''}
        </p>
        <p className="premium-payment__note">{m.premium_secure_note()}</p>
      </section>
    </div>
  )
}
