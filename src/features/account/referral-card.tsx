import type { User } from '#app/api/schemas.ts'
import { DAYS } from '#app/core/format.ts'
import { notify } from '#app/core/toast.ts'
import { useSite } from '#app/core/use-site.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { daysLabel } from '#machines/rules/plans.ts'

/**
 * The invitation link, whole (it wraps rather than being cut off), a copy button, and what
 * the link brought: friends who joined and paid, bonus days added and waiting. A backend that
 * does not report the results leaves the link and the copy button.
 */
export function ReferralCard({ code, referral }: { code: string; referral: NonNullable<User['referral']> | null }) {
  const site = useSite()
  const locale = getLocale()
  const link = `${site.origin}${locale === 'en' ? '' : `/${locale}`}/join/${code}`
  return (
    <section className="card" aria-labelledby="acc-ref">
      <h2 id="acc-ref">{m.acc_referral_title()}</h2>
      <p>{referral ? m.acc_referral_rule({ days: daysLabel(referral.days_per_friend, locale, DAYS) }) : m.acc_referral_text()}</p>
      <p className="referral-link">
        <code data-testid="referral-link">{link}</code>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void navigator.clipboard?.writeText(link).then(() => notify({ kind: 'info', text: m.acc_referral_copied() }))}
        >
          {m.acc_referral_copy()}
        </button>
      </p>
      {referral ? (
        <>
          <dl className="referral-stats" data-testid="referral-stats">
            <div>
              <dt>{m.acc_referral_friends_joined()}</dt>
              <dd data-testid="referral-friends-joined">{referral.friends_joined}</dd>
            </div>
            <div>
              <dt>{m.acc_referral_friends_paid()}</dt>
              <dd data-testid="referral-friends-paid">{referral.friends_paid}</dd>
            </div>
            <div>
              <dt>{m.acc_referral_days_earned()}</dt>
              <dd data-testid="referral-days-earned">{referral.days_earned}</dd>
            </div>
          </dl>
          {referral.days_pending > 0 ? (
            <p data-testid="referral-days-pending">{m.acc_referral_days_pending({ days: daysLabel(referral.days_pending, locale, DAYS) })}</p>
          ) : null}
        </>
      ) : null}
    </section>
  )
}
