import { m } from '#app/paraglide/messages.js'
import type { PlanView } from './plans.ts'

interface OfferCard {
  view: PlanView
  discount: number
  selected: boolean
  onTake: () => void
}

interface PlanListProps {
  views: readonly PlanView[]
  selectedId: number | null
  busy: boolean
  onSelect: (view: PlanView) => void
  /** The signed-in visitor's special offer (R7), shown first. */
  offer?: OfferCard | null
}

/** What the trial renews into: the plan its `renews_into` names, among those offered. */
/**
 * A plan button's name holds the word it shows ("Choose", once chosen "Selected"), so a visitor
 * who speaks the visible word to a voice control reaches it (WCAG 2.5.3, label in name).
 */
function planLabel(selected: boolean, plan: string): string {
  return selected ? m.premium_plan_selected_label({ plan }) : m.premium_plan_choose_label({ plan })
}

function renewal(trial: PlanView, views: readonly PlanView[]): PlanView | null {
  const id = trial.plan.renews_into?.subscription_id
  return id === undefined ? null : (views.find((view) => view.plan.id === id) ?? null)
}

/** R1, R3, R9: the plans on offer; the trial by its name, the others by their days count. */
export function PlanList({ views, selectedId, busy, onSelect, offer = null }: PlanListProps) {
  if (views.length === 0) return <p className="notice">{m.premium_plans_empty()}</p>
  return (
    // biome-ignore lint/a11y/noRedundantRoles: Safari drops a list's semantics when its bullets are styled away
    <ul className="plan-list" role="list">
      {offer ? (
        <li className={`plan-card plan-card--offer${offer.selected ? ' plan-card--selected' : ''}`} data-plan-id={offer.view.plan.id} data-testid="offer-card">
          <p className="plan-card__badge">{m.premium_offer_badge({ discount: String(offer.discount) })}</p>
          <h3 className="plan-card__title">{offer.view.label}</h3>
          <p className="plan-card__price">
            <span className="plan-card__amount" data-testid="plan-price">
              {offer.view.price}
            </span>
          </p>
          <p className="plan-card__text">{m.premium_plan_text({ duration: offer.view.duration })}</p>
          <button
            type="button"
            className={offer.selected ? 'button' : 'button button--ghost'}
            aria-pressed={offer.selected}
            aria-label={planLabel(offer.selected, `${offer.view.label} (${m.premium_offer_badge({ discount: String(offer.discount) })})`)}
            disabled={busy}
            onClick={offer.onTake}
          >
            {offer.selected ? m.premium_plan_selected() : m.premium_plan_choose()}
          </button>
        </li>
      ) : null}
      {views.map((view) => {
        const selected = view.plan.id === selectedId
        const next = view.trial ? renewal(view, views) : null
        return (
          <li
            key={view.plan.id}
            className={`plan-card${selected ? ' plan-card--selected' : ''}${view.trial ? ' plan-card--trial' : ''}`}
            data-plan-id={view.plan.id}
          >
            {view.trial ? <p className="plan-card__badge">{m.premium_plan_trial_badge()}</p> : null}
            <h3 className="plan-card__title">{view.label}</h3>
            <p className="plan-card__price">
              <span className="plan-card__amount" data-testid="plan-price">
                {view.price}
              </span>
            </p>
            <p className="plan-card__text">
              {view.trial ? m.premium_plan_trial_text({ duration: view.duration, price: view.price }) : m.premium_plan_text({ duration: view.duration })}
            </p>
            {next ? (
              <p className="plan-card__text" data-testid="trial-then">
                {m.premium_plan_trial_then({ plan: next.label, days: next.plan.days, price: next.price })}
              </p>
            ) : null}
            <button
              type="button"
              className={selected ? 'button' : 'button button--ghost'}
              aria-pressed={selected}
              aria-label={planLabel(selected, view.label)}
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
