import { m } from '~/paraglide/messages'
import type { PlanView } from '~/lib/premium/plans'

interface PlanListProps {
  views: readonly PlanView[]
  selectedId: number | null
  busy: boolean
  onSelect: (view: PlanView) => void
}

/** Spec 1, 3, 9: the plans on offer; the trial by its name, the others by their days count. */
export function PlanList({ views, selectedId, busy, onSelect }: PlanListProps) {
  if (views.length === 0) return <p className="notice">{m.premium_plans_empty()}</p>
  return (
    <ul className="plan-list" role="list">
      {views.map((view) => {
        const selected = view.plan.id === selectedId
        return (
          <li key={view.plan.id} className={`plan-card${selected ? ' plan-card--selected' : ''}${view.trial ? ' plan-card--trial' : ''}`} data-plan-id={view.plan.id}>
            {view.trial ? <p className="plan-card__badge">{m.premium_plan_trial_badge()}</p> : null}
            <h3 className="plan-card__title">{view.label}</h3>
            <p className="plan-card__price">
              <span className="plan-card__amount" data-testid="plan-price">{view.price}</span>
              {view.oldPrice ? (
                <s className="plan-card__old">
                  <span className="premium-sr-only">{m.premium_plan_old_price({ price: view.oldPrice })}</span>
                  <span aria-hidden="true">{view.oldPrice}</span>
                </s>
              ) : null}
            </p>
            <p className="plan-card__text">
              {view.trial
                ? m.premium_plan_trial_text({ duration: view.duration, price: view.price })
                : m.premium_plan_text({ duration: view.duration })}
            </p>
            <button
              type="button"
              className={selected ? 'button' : 'button button--ghost'}
              aria-pressed={selected}
              aria-label={m.premium_plan_choose_label({ plan: view.label })}
              disabled={busy}
              onClick={() => onSelect(view)}
            >
              {selected ? m.premium_plan_selected() : m.premium_plan_choose()}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
