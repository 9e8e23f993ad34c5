import { Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useState } from 'react'
import { fromPromise } from 'xstate'
import { accountMachine, type AccountResult, type ConfirmKind } from '#machines/account'
import { m } from '~/paraglide/messages'
import { getLocale } from '~/paraglide/runtime'
import type { SpecialOffer, User } from '~/api/schemas'
import { useApi } from '~/api/use-api'
import { notify } from '~/lib/toast'
import { useSite } from '~/lib/use-site'
import { AuthActor } from '../auth-provider'
import { ModalActor } from '../ui-actors'
import { TextField } from '../forms/text-field'
import { useField, validateAll } from '../forms/use-form'
import { useMachineInspect } from '~/lib/machine-inspect'

const formatDate = (iso: string | null | undefined, locale: string) =>
  iso ? new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso)) : ''
const formatMoney = (value: number, currency: string, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: Number.isInteger(value) ? 0 : 2 }).format(value)

/**
 * Spec 7: the account area: profile, subscription, special offer, device, referral link,
 * e-mail and password, sign-out. Actions run through the account machine; confirmations
 * through the modal machine; the user comes from the auth machine.
 */
export function AccountArea({ offer, unavailable = false }: { offer: SpecialOffer['offer']; unavailable?: boolean }) {
  const locale = getLocale()
  const user = AuthActor.useSelector((s) => s.context.user) as User | null
  // The user is still on its way (the auth machine fetches it), not lost.
  const fetchingUser = AuthActor.useSelector((s) => s.hasTag('busy') || s.matches('loggedIn'))
  const auth = AuthActor.useActorRef()
  const modal = ModalActor.useActorRef()
  const api = useApi()
  const [logic] = useState(() => {
    const result = (p: Promise<{ message: string; user: unknown }>): Promise<AccountResult> => p.then((r) => ({ message: r.message, user: r.user }))
    return accountMachine.provide({
      actors: {
        cancelSubscription: fromPromise(() => result(api.cancelSubscription())),
        resetDevice: fromPromise(() => result(api.resetDevice())),
        changeEmail: fromPromise(({ input }: { input: { email: string } }) => result(api.changeEmail({ email: input.email }))),
        changePassword: fromPromise(({ input }: { input: { password: string; passwordConfirm: string } }) =>
          result(api.credentials({ password: input.password, password_confirm: input.passwordConfirm })),
        ),
      },
      actions: {
        openConfirm: (_, params) => modal.send({ type: 'modal.open', content: confirmContent(params.kind, send), options: { onDismiss: () => send({ type: 'account.dismiss' }) } }),
        closeConfirm: () => modal.send({ type: 'modal.close' }),
        toast: (_, params) => notify({ kind: params.kind, text: params.text }),
        updateUser: () => auth.send({ type: 'user.refresh' }),
        logError: (_, params) => console.error('account:', params.error),
      },
    })
  })
  const [state, send] = useMachine(logic, { inspect: useMachineInspect() })
  const busy = state.hasTag('busy')
  if (!user && fetchingUser && !unavailable) return <p className="notice" role="status" aria-busy="true">{m.route_pending()}</p>
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

  return (
    <div className="account-grid" data-testid="account">
      <section className="card" aria-labelledby="acc-profile">
        <h2 id="acc-profile">{m.acc_profile_title()}</h2>
        <dl className="facts">
          <dt>{m.acc_email()}</dt>
          <dd data-testid="account-email">
            {user.email} <span className="badge">{user.email_confirmed ? m.acc_email_confirmed() : m.acc_email_unconfirmed()}</span>
          </dd>
          <dt>{m.acc_user_id()}</dt>
          <dd data-testid="account-id">{String(user.id)}</dd>
        </dl>
        {user.pending_email ? <p className="notice">{m.acc_pending_email({ email: user.pending_email })}</p> : null}
        <button type="button" className="button button--ghost" onClick={() => auth.send({ type: 'auth.logout' })} data-testid="logout">
          {m.acc_logout()}
        </button>
      </section>

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
              {sub.plan_name ? (
                <>
                  <dt>{m.acc_sub_plan()}</dt>
                  <dd data-testid="account-plan">{sub.plan_name}</dd>
                </>
              ) : null}
              {sub.active && sub.days_left != null ? (
                <>
                  <dt>{m.acc_sub_days_left()}</dt>
                  <dd data-testid="account-days-left">{sub.days_left}</dd>
                </>
              ) : null}
              {sub.expires_at ? (
                <>
                  <dt>{m.acc_sub_expires()}</dt>
                  <dd>{formatDate(sub.expires_at, locale)}</dd>
                </>
              ) : null}
            </dl>
            {sub.cancelled ? <p className="form-card__muted" data-testid="renewal-off">{m.acc_sub_renewal_off()}</p> : null}
            <div className="actions actions--start">
              {sub.active && !sub.cancelled ? (
                <button type="button" className="button button--ghost" disabled={busy} onClick={() => send({ type: 'account.cancelSubscription' })} data-testid="cancel-subscription">
                  {m.acc_sub_cancel()}
                </button>
              ) : null}
              <Link to="/premium" className="button">{sub.active ? m.acc_extend() : m.acc_get_premium()}</Link>
            </div>
          </>
        ) : (
          <>
            <p>{m.acc_sub_none()}</p>
            <Link to="/premium" className="button">{m.acc_get_premium()}</Link>
          </>
        )}
      </section>

      {offer ? (
        <section className="card card--accent" aria-labelledby="acc-offer" data-testid="special-offer">
          <h2 id="acc-offer">{m.acc_offer_title()}</h2>
          <p>
            {m.acc_offer_text({
              discount: String(offer.discount_percent ?? ''),
              price: formatMoney(offer.price, offer.currency, locale),
              old: offer.old_price != null ? formatMoney(offer.old_price, offer.currency, locale) : '',
            })}
          </p>
          {offer.expires_at ? <p className="form-card__muted">{m.acc_offer_until({ date: formatDate(offer.expires_at, locale) })}</p> : null}
          <Link to="/premium" className="button">{m.acc_offer_cta()}</Link>
        </section>
      ) : null}

      <section className="card" aria-labelledby="acc-device" data-testid="account-device">
        <h2 id="acc-device">{m.acc_device_title()}</h2>
        {user.device?.bound ? <p>{m.acc_device_bound({ date: formatDate(user.device.bound_at, locale) })}</p> : <p>{m.acc_device_none()}</p>}
        {user.device?.next_reset_at ? <p className="form-card__muted">{m.acc_device_next({ date: formatDate(user.device.next_reset_at, locale) })}</p> : null}
        {user.device?.bound ? (
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => send({ type: 'account.resetDevice' })} data-testid="reset-device">
            {m.acc_device_reset()}
          </button>
        ) : null}
      </section>

      {user.referral_code ? <ReferralCard code={user.referral_code} /> : null}

      <EmailCard busy={busy} onSubmit={(email) => send({ type: 'account.changeEmail', email })} />
      <PasswordCard busy={busy} onSubmit={(password, passwordConfirm) => send({ type: 'account.changePassword', password, passwordConfirm })} />
    </div>
  )
}

function confirmContent(kind: ConfirmKind, send: (e: { type: 'account.confirm' } | { type: 'account.dismiss' }) => void) {
  const cancel = kind === 'cancel'
  return {
    title: cancel ? m.acc_confirm_cancel_title() : m.acc_confirm_reset_title(),
    body: <p>{cancel ? m.acc_confirm_cancel_body() : m.acc_confirm_reset_body()}</p>,
    actions: () => (
      <>
        <button type="button" className="button button--ghost" onClick={() => send({ type: 'account.dismiss' })}>{m.acc_confirm_no()}</button>
        <button type="button" className="button" onClick={() => send({ type: 'account.confirm' })} data-testid="confirm-yes">
          {cancel ? m.acc_confirm_cancel_yes() : m.acc_confirm_reset_yes()}
        </button>
      </>
    ),
  }
}

function ReferralCard({ code }: { code: string }) {
  const site = useSite()
  const locale = getLocale()
  const link = `${site.origin}${locale === 'en' ? '' : `/${locale}`}/join/${code}`
  return (
    <section className="card" aria-labelledby="acc-ref">
      <h2 id="acc-ref">{m.acc_referral_title()}</h2>
      <p>{m.acc_referral_text()}</p>
      <p className="copy-row">
        <input readOnly value={link} aria-label={m.acc_referral_title()} data-testid="referral-link" onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void navigator.clipboard?.writeText(link).then(() => notify({ kind: 'info', text: m.acc_referral_copied() }))}
        >
          {m.acc_referral_copy()}
        </button>
      </p>
    </section>
  )
}

function EmailCard({ busy, onSubmit }: { busy: boolean; onSubmit: (email: string) => void }) {
  const email = useField({ name: 'new-email', label: m.acc_new_email_label(), type: 'email', required: true, maxLength: 254 })
  return (
    <section className="card" aria-labelledby="acc-email">
      <h2 id="acc-email">{m.acc_change_email_title()}</h2>
      <form
        noValidate
        data-testid="change-email"
        onSubmit={async (e) => {
          e.preventDefault()
          if (await validateAll([email])) onSubmit(email.value)
        }}
      >
        <TextField field={email} autoComplete="email" />
        <button type="submit" className="button button--ghost" disabled={busy}>{m.acc_change_email_submit()}</button>
      </form>
    </section>
  )
}

function PasswordCard({ busy, onSubmit }: { busy: boolean; onSubmit: (password: string, confirm: string) => void }) {
  const password = useField({ name: 'password', label: m.acc_password_label(), type: 'password', required: true, minLength: 8, maxLength: 128 })
  const confirm = useField({
    name: 'password-confirm',
    label: m.acc_password_confirm_label(),
    type: 'password',
    required: true,
    rules: [{ rule: 'confirmed', other: () => password.value }],
  })
  return (
    <section className="card" aria-labelledby="acc-password">
      <h2 id="acc-password">{m.acc_password_title()}</h2>
      <p className="form-card__muted">{m.acc_password_text()}</p>
      <form
        noValidate
        data-testid="change-password"
        onSubmit={async (e) => {
          e.preventDefault()
          if (await validateAll([password, confirm])) onSubmit(password.value, confirm.value)
        }}
      >
        <TextField field={password} autoComplete="new-password" hint={m.acc_password_hint()} />
        <TextField field={confirm} autoComplete="new-password" />
        <button type="submit" className="button button--ghost" disabled={busy}>{m.acc_password_submit()}</button>
      </form>
    </section>
  )
}
