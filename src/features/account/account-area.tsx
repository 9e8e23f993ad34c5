import { Link, useRouter } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { type ReactNode, useState } from 'react'
import { reportFailure } from '#app/api/report.ts'
import type { PaymentEntry, RenewalCardAnswer, SpecialOffer, User } from '#app/api/schemas.ts'
import { AuthActor } from '#app/core/auth-actor.ts'
import { navigateTo } from '#app/core/auth-provider.tsx'
import { formAction } from '#app/core/form-endpoints.ts'
import { DAYS, formatDate, formatPrice } from '#app/core/format.ts'
import { createWithEffects } from '#app/core/machine-effects.ts'
import { useMachineInspect } from '#app/core/machine-inspect.ts'
import { notify } from '#app/core/toast.ts'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { BreakableEmail } from '#app/ui/breakable-email.tsx'
import { siteForm } from '#app/ui/form-logic.ts'
import { ModalActor } from '#app/ui/ui-actors.tsx'
import { type AccountEffects, type ConfirmKind, createAccountMachine, EMAIL_CODE_FORM, EMAIL_FORM, PASSWORD_FORM } from '#machines/account.ts'
import type { FormRef } from '#machines/form.ts'
import type { Locale } from '#machines/rules/locale.ts'
import { TRIAL_SUBSCRIPTION_ID } from '#machines/rules/payment.ts'
import { offerFits, planLabel } from '#machines/rules/plans.ts'
import type { ModalDialog } from '#machines/ui.ts'
import { useAccountCalls } from './account.effects.ts'
import { EmailCard, PasswordCard } from './account-forms.tsx'
import { PaymentHistory } from './payment-history.tsx'
import { ReferralCard } from './referral-card.tsx'
import { RenewalCardSection } from './renewal-card.tsx'

/** R9: the plan as the premium page named it when it was bought: the trial by its name, others by their days. */
function subscriptionPlanLabel(sub: NonNullable<User['subscription']>, locale: Locale): string {
  const days = sub.plan_days ?? sub.days ?? 0
  return planLabel({ id: sub.trial ? TRIAL_SUBSCRIPTION_ID : Number(sub.plan_id ?? 0), name: sub.plan_name ?? '', days }, locale, DAYS)
}

/** What the machine's first state renders, on the server too: the site's forms. */
const RENDERED: AccountEffects = { actors: { form: siteForm } }

const CONFIRM_DIALOG: Record<ConfirmKind, ModalDialog> = { cancel: 'account.cancel', reset: 'account.reset' }

export function AccountArea({
  offer,
  payments,
  unavailable = false,
  returnTo = null,
  renewalCard,
}: {
  offer: SpecialOffer['offer']
  /** The payment history; null: the backend has none to give; undefined: not asked for. */
  payments?: readonly PaymentEntry[] | null
  unavailable?: boolean
  /** The card on file; null: the backend could not say; undefined: not asked for. */
  renewalCard?: RenewalCardAnswer | null
  /** The page to go back to once an added e-mail is confirmed (the checkout). */
  returnTo?: string | null
}) {
  const locale = getLocale()
  const { flash } = useSite()
  const user = AuthActor.useSelector((s) => s.context.user) as User | null
  // The user is still on its way (the auth machine fetches it), not lost.
  const fetchingUser = AuthActor.useSelector((s) => s.hasTag('busy') || s.matches('loggedIn'))
  const auth = AuthActor.useActorRef()
  const modal = ModalActor.useActorRef()
  const calls = useAccountCalls()
  const router = useRouter()
  const [logic] = useState(() =>
    createWithEffects(
      createAccountMachine,
      () => ({
        actors: calls,
        actions: {
          openConfirm: ({ self }, params) => modal.send({ type: 'modal.open', content: { dialog: CONFIRM_DIALOG[params.kind] }, replyTo: self }),
          toast: (_, params) => notify(params),
          updateUser: () => auth.send({ type: 'user.refresh' }),
          navigate: (_, params) => void navigateTo(router, params.to),
          logError: (_, params) => reportFailure('account:', params.error),
        },
      }),
      RENDERED,
    ),
  )
  const [state, send] = useMachine(logic, { input: { returnTo }, inspect: useMachineInspect() })
  const busy = state.hasTag('busy')
  if (!user && fetchingUser && !unavailable)
    return (
      <p className="notice" role="status" aria-busy="true">
        {m.route_pending()}
      </p>
    )
  if (!user) {
    // The backend did not answer: a plain sentence and a way to try again, never a crash.
    return (
      <div className="notice notice--error" role="alert" data-testid="account-unavailable">
        <p>{m.acc_unavailable()}</p>
        <button type="button" className="button button--ghost" onClick={() => window.location.reload()}>
          {m.acc_retry()}
        </button>
      </div>
    )
  }
  const sub = user.subscription ?? null
  const renewing = sub ? (sub.auto_renew ?? !sub.cancelled) : false

  return (
    <div className="account-grid" data-testid="account">
      {/* The subscription's status first: on a phone it comes before the profile and the sign-out buttons (R2.26). */}
      <section className="card" aria-labelledby="acc-sub" data-testid="account-subscription" data-active={sub?.active ?? false}>
        <h2 id="acc-sub">{m.acc_subscription_title()}</h2>
        {sub ? (
          <>
            <p className="status-line">
              <span className={`badge ${sub.active ? 'badge--ok' : 'badge--muted'}`}>
                {!sub.active ? m.acc_sub_expired() : sub.trial ? m.acc_sub_trial() : m.acc_sub_active()}
              </span>
            </p>
            <dl className="facts">
              <dt>{m.acc_sub_plan()}</dt>
              <dd data-testid="account-plan">{subscriptionPlanLabel(sub, locale)}</dd>
              {sub.active && sub.days_left != null ? (
                <>
                  <dt>{m.acc_sub_days_left()}</dt>
                  <dd data-testid="account-days-left">{sub.days_left}</dd>
                </>
              ) : null}
              {sub.active && renewing && sub.next_charge_at && sub.next_charge_amount != null && sub.currency ? (
                <>
                  <dt>{m.acc_sub_next_charge()}</dt>
                  <dd data-testid="account-next-charge">
                    {m.acc_sub_next_charge_value({
                      amount: formatPrice(sub.next_charge_amount, sub.currency, locale),
                      date: formatDate(sub.next_charge_at, locale),
                    })}
                  </dd>
                </>
              ) : sub.expires_at ? (
                <>
                  <dt>{sub.active ? m.acc_sub_ends() : m.acc_sub_expires()}</dt>
                  <dd data-testid="account-ends">{formatDate(sub.expires_at, locale)}</dd>
                </>
              ) : null}
            </dl>
            {sub.active && !renewing ? (
              <p className="form-card__muted" data-testid="renewal-off">
                {m.acc_sub_renewal_off()}
              </p>
            ) : null}
            <div className="actions actions--start">
              {sub.active && renewing ? (
                <AccountAction busy={busy} onClick={() => send({ type: 'account.cancelSubscription' })} testId="cancel-subscription">
                  {m.acc_sub_cancel()}
                </AccountAction>
              ) : null}
              {sub.active && !renewing ? (
                <AccountAction busy={busy} onClick={() => send({ type: 'account.resumeRenewal' })} testId="resume-renewal">
                  {m.acc_sub_resume()}
                </AccountAction>
              ) : null}
              <Link to="/premium" className="button">
                {sub.active ? m.acc_extend() : m.acc_get_premium()}
              </Link>
            </div>
            {sub.active && sub.expires_at ? (
              <p className="form-card__muted" data-testid="extend-note">
                {m.acc_extend_note({ date: formatDate(sub.expires_at, locale) })}
              </p>
            ) : null}
          </>
        ) : (
          <>
            <p>{m.acc_sub_none()}</p>
            <Link to="/premium" className="button">
              {m.acc_get_premium()}
            </Link>
          </>
        )}
      </section>

      <section className="card" aria-labelledby="acc-profile">
        <h2 id="acc-profile">{m.acc_profile_title()}</h2>
        <dl className="facts">
          <dt>{m.acc_email()}</dt>
          <dd data-testid="account-email">
            {user.email ? (
              <>
                <BreakableEmail address={user.email} />{' '}
                <span className="badge">{user.email_confirmed ? m.acc_email_confirmed() : m.acc_email_unconfirmed()}</span>
              </>
            ) : (
              <a href="#acc-email">{m.acc_email_none()}</a>
            )}
          </dd>
          {user.steam_id ? (
            <>
              <dt>{m.acc_steam_account()}</dt>
              <dd data-testid="account-steam">
                {user.display_name ? `${user.display_name} · ` : ''}
                <span className="mono">{user.steam_id}</span>
              </dd>
            </>
          ) : null}
          <dt>{m.acc_user_id()}</dt>
          <dd data-testid="account-id">{String(user.id)}</dd>
        </dl>
        {user.pending_email ? <p className="notice">{m.acc_pending_email({ email: user.pending_email })}</p> : null}
        <form method="post" action={formAction('logout')}>
          <input type="hidden" name="locale" value={locale} />
          <button
            type="submit"
            className="button button--ghost"
            onClick={(e) => {
              e.preventDefault()
              auth.send({ type: 'auth.logout' })
            }}
            data-testid="logout"
          >
            {m.acc_logout()}
          </button>
          <button
            type="submit"
            name="everywhere"
            value="1"
            className="button button--ghost"
            onClick={(e) => {
              e.preventDefault()
              auth.send({ type: 'auth.logout', everywhere: true })
            }}
            data-testid="logout-everywhere"
          >
            {m.acc_logout_everywhere()}
          </button>
          <p className="field__hint">{m.acc_logout_everywhere_hint()}</p>
        </form>
      </section>

      {offer && offerFits(offer.currency, sub?.currency) ? (
        <section className="card card--accent" aria-labelledby="acc-offer" data-testid="special-offer">
          <h2 id="acc-offer">{m.acc_offer_title()}</h2>
          <p>
            {m.acc_offer_text({
              discount: String(offer.discount_percent ?? ''),
              price: formatPrice(offer.price, offer.currency, locale),
              old: offer.old_price != null ? formatPrice(offer.old_price, offer.currency, locale) : '',
            })}
          </p>
          <p className="form-card__muted" data-testid="special-offer-why">
            {m.acc_offer_why()}
          </p>
          {offer.expires_at ? <p className="form-card__muted">{m.acc_offer_until({ date: formatDate(offer.expires_at, locale) })}</p> : null}
          <Link to="/premium" search={{ offer: 1 }} className="button">
            {m.acc_offer_cta()}
          </Link>
        </section>
      ) : null}

      {sub?.active && renewalCard !== undefined ? <RenewalCardSection answer={renewalCard} locale={locale} canReplace={renewing} /> : null}
      {payments !== undefined ? <PaymentHistory payments={payments} locale={locale} /> : null}
      <section className="card" aria-labelledby="acc-device" data-testid="account-device">
        <h2 id="acc-device">{m.acc_device_title()}</h2>
        {user.device?.bound ? <p>{m.acc_device_bound({ date: formatDate(user.device.bound_at, locale) })}</p> : <p>{m.acc_device_none()}</p>}
        {user.device?.next_reset_at ? <p className="form-card__muted">{m.acc_device_next({ date: formatDate(user.device.next_reset_at, locale) })}</p> : null}
        {user.device?.bound ? (
          <AccountAction busy={busy} onClick={() => send({ type: 'account.resetDevice' })} testId="reset-device">
            {m.acc_device_reset()}
          </AccountAction>
        ) : null}
      </section>

      {user.referral_code ? <ReferralCard code={user.referral_code} referral={user.referral ?? null} /> : null}

      <EmailCard
        busy={busy}
        pending={user.pending_email ?? null}
        adding={!user.email}
        form={state.children[EMAIL_FORM] as FormRef | undefined}
        codeForm={state.children[EMAIL_CODE_FORM] as FormRef | undefined}
        flash={flash}
        returnTo={returnTo}
      />
      <PasswordCard busy={busy} form={state.children[PASSWORD_FORM] as FormRef | undefined} flash={flash} />
    </div>
  )
}

/** A button that asks the account machine to change the subscription or the device; it waits while the machine is busy. */
function AccountAction({ busy, onClick, testId, children }: { busy: boolean; onClick: () => void; testId: string; children: ReactNode }) {
  return (
    <button type="button" className="button button--ghost" disabled={busy} onClick={onClick} data-testid={testId}>
      {children}
    </button>
  )
}
