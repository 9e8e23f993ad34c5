import { Link } from '@tanstack/react-router'
import { useMemo, useRef } from 'react'
import { DAYS, formatDate, formatPrice } from '#app/core/format.ts'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import type { Agreement } from '#machines/payment.ts'
import { selectLoginHref, selectOfferPlan, selectOpenPlans, selectPayReason, selectRestored, selectTrialUsed } from '#machines/payment-selectors.ts'
import { PAY_BUTTON_WORDS, selectPayButtonState, selectPayHint } from '#machines/payment-words.ts'
import type { OfferedPlan, SpecialOffer } from '#machines/rules/checkout.ts'
import { type Locale, localePath } from '#machines/rules/locale.ts'
import { pricesStateVat } from '#machines/rules/payment.ts'
import { chargeSchedule, daysLabel } from '#machines/rules/plans.ts'
import { Agreements } from './agreements.tsx'
import { PAY_WORDS } from './pay-words.ts'
import { PlanList } from './plan-list.tsx'
import { type PlanView, planView } from './plans.ts'
import { usePayment } from './use-payment.ts'

const REASON_ID = 'premium-pay-reason'

export interface PremiumCheckoutProps {
  /** Every plan the backend listed, with its label; the payment machine decides which are offered. */
  plans: readonly OfferedPlan[]
  offer: SpecialOffer | null
  offerDiscount: number | null
  takeOffer: boolean
  locale: Locale
}

/**
 * R3, R4: the plans and the payment panel. The payment machine decides everything: which
 * plans are offered, the stored premium state (a guest's plan before login, read after hydration
 * so the server and the first browser render agree), the special offer, why paying is not
 * possible yet, when the panel is next, and the payment's confirmation.
 */
export function PremiumCheckout({ plans, offer, offerDiscount, takeOffer, locale }: PremiumCheckoutProps) {
  const site = useSite()
  const panel = useRef<HTMLElement>(null)
  const { snapshot, send, activeUntil } = usePayment({
    locale,
    plans,
    offer,
    takeOffer,
    onPanel: (how) => {
      const node = panel.current
      if (!node) return
      const box = node.getBoundingClientRect()
      const inView = box.top >= 0 && box.bottom <= window.innerHeight
      if (how === 'focus') {
        node.scrollIntoView({ block: 'center' })
        node.focus({ preventScroll: true })
      } else if (!inView) node.scrollIntoView({ block: 'start', behavior: 'smooth' })
    },
  })
  const { context } = snapshot
  const busy = snapshot.hasTag('busy')
  const canPay = snapshot.can({ type: 'payment.submit' })
  const reason = selectPayReason(snapshot)
  const hint = selectPayHint(snapshot, locale)
  // Busy paying, or not interactive yet (decision 075): the choices wait.
  const locked = busy || reason === 'preparing'
  // biome-ignore lint/correctness/useExhaustiveDependencies: the open plans change only with these two
  const open = useMemo(() => selectOpenPlans(snapshot), [context.offered, context.trialUsed])
  const views = useMemo(() => open.map((offered) => planView(offered, locale, DAYS)), [open, locale])
  const offerPlan = selectOfferPlan(snapshot)
  const offerView = useMemo(() => (offerPlan ? planView(offerPlan, locale, DAYS) : null), [offerPlan, locale])
  const selected: PlanView | null = useMemo(() => {
    if (context.special) return offerView
    return views.find((view) => view.plan.id === context.subscription?.id) ?? null
  }, [views, offerView, context.special, context.subscription])
  // A chosen plan not on the list any more has no price to show: the button asks for a plan.
  const buttonState = ((state) => (state === 'pay' && !selected ? 'choose' : state))(selectPayButtonState(snapshot))
  const regular = selected ? views.find((view) => view.plan.id === selected.plan.id) : null

  // Issue 37: what is charged now, then what renewal charges and from when, in the plan's currency.
  const renewalOf = selected
    ? context.special
      ? regular
      : (views.find((view) => view.plan.id === (selected.plan.renews_into?.subscription_id ?? selected.plan.id)) ?? null)
    : null
  const schedule =
    selected && renewalOf
      ? chargeSchedule({
          price: selected.plan.prices.using.actual,
          days: selected.plan.days,
          renewal: { price: renewalOf.plan.prices.using.actual, days: renewalOf.plan.days },
          now: site.now,
          activeUntil,
        })
      : null

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
        {pricesStateVat(locale) ? (
          <p className="premium-plans__note" data-testid="prices-vat">
            {m.premium_prices_vat()}
          </p>
        ) : null}
        {selectTrialUsed(snapshot) ? (
          <p className="premium-plans__note" data-testid="trial-used">
            {m.premium_trial_used()}
          </p>
        ) : null}
        <PlanList
          views={views}
          selectedId={context.special ? null : (context.subscription?.id ?? null)}
          busy={locked}
          onSelect={select}
          offer={
            offerView && offerDiscount !== null
              ? { view: offerView, discount: offerDiscount, selected: context.special, onTake: () => send({ type: 'offer.take' }) }
              : null
          }
        />
      </section>

      <section ref={panel} id="premium-payment" className="premium-payment" aria-labelledby="premium-payment-heading" tabIndex={-1}>
        <h2 id="premium-payment-heading">{m.premium_checkout_heading()}</h2>
        <p className="premium-payment__summary" data-testid="premium-summary">
          {selected
            ? context.special && regular
              ? m.premium_offer_summary({ plan: selected.label, price: selected.price, old: regular.price })
              : m.premium_checkout_summary({ plan: selected.label, price: selected.price })
            : m.premium_checkout_none()}
        </p>
        {selected && schedule && renewalOf ? (
          <p className="premium-payment__schedule" data-testid="premium-schedule">
            {m.premium_charge_schedule({
              now: selected.price,
              renewal: formatPrice(schedule.renewal, selected.currency, locale),
              period: daysLabel(schedule.everyDays, locale, DAYS),
              date: formatDate(new Date(schedule.firstRenewalAt).toISOString(), locale),
            })}
          </p>
        ) : null}
        {selected && activeUntil !== null && activeUntil > site.now ? (
          <p className="premium-payment__schedule" data-testid="premium-extension">
            {m.premium_extension_note({ date: formatDate(new Date(activeUntil).toISOString(), locale) })}
          </p>
        ) : null}
        {snapshot.matches('unconfirmed') ? (
          <div className="notice" role="status" data-testid="payment-pending">
            <p>
              <strong>{m.premium_pending_title()}</strong>
            </p>
            <p>{m.payments_pending()}</p>
            <div className="actions actions--start">
              <button type="button" className="button" onClick={() => send({ type: 'payment.recheck' })}>
                {m.premium_pending_check()}
              </button>
              <Link to="/account" className="button button--ghost">
                {m.premium_pending_account()}
              </Link>
            </div>
          </div>
        ) : null}
        <Agreements
          locale={locale}
          required={context.requiredAgreements}
          values={context.agreements}
          disabled={locked}
          describedBy={reason ? REASON_ID : undefined}
          onChange={agree}
        />
        <div className="premium-payment__actions">
          <button
            type="button"
            className="button premium-payment__pay"
            aria-disabled={!canPay}
            aria-busy={busy}
            aria-describedby={reason ? REASON_ID : undefined}
            data-state={buttonState}
            onClick={() => send({ type: 'payment.submit' })}
          >
            {PAY_WORDS[PAY_BUTTON_WORDS[buttonState]]({ price: selected?.price ?? '', count: 0 })}
          </button>
          {reason === 'login' ? (
            <a className="button button--ghost" href={selectLoginHref(snapshot)}>
              {m.premium_sign_in()}
            </a>
          ) : null}
          {reason === 'email' ? (
            <Link
              to="/account"
              search={{ redirect: localePath(locale, '/premium') }}
              hash="acc-email"
              className="button button--ghost"
              data-testid="premium-add-email"
            >
              {m.premium_add_email()}
            </Link>
          ) : null}
        </div>
        <p id={REASON_ID} className="premium-payment__reason" aria-live="polite">
          {hint ? PAY_WORDS[hint.key]({ price: '', count: hint.count }) : ''}
        </p>
        <noscript>
          <p className="premium-payment__reason">{m.premium_needs_js()}</p>
        </noscript>
        <p className="premium-payment__note">{m.premium_secure_note()}</p>
      </section>
    </div>
  )
}
