import { m } from '#app/paraglide/messages.js'

/** R8: the plans could not be loaded; the page stays, with a way to try again. */
export function PlansError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <div className="notice notice--error plans-error" role="alert">
      <h3>{m.premium_plans_error_title()}</h3>
      <p>{m.premium_plans_error_text()}</p>
      <button type="button" className="button" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
        {retrying ? m.premium_plans_loading() : m.premium_plans_retry()}
      </button>
    </div>
  )
}
