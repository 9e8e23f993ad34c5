import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router'
import { statusOf } from '#app/core/http-error.ts'
import { m } from '#app/paraglide/messages.js'
import { NotFoundPage } from './not-found-page.tsx'

/** R8: a route-loading error shows the error page with the error's status, or 500. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const status = statusOf(error)
  if (status === 404) return <NotFoundPage />
  return (
    <section className="page-intro page-intro--center" data-testid="error-page" data-status={status}>
      <p className="status-code">{m.error_status({ status: String(status) })}</p>
      <h1>{m.page_error_heading()}</h1>
      <p className="page-intro__lead">{m.page_error_intro()}</p>
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            reset()
            void router.invalidate()
          }}
        >
          {m.error_retry()}
        </button>
        <Link to="/" className="button button--ghost">
          {m.not_found_back_home()}
        </Link>
      </div>
    </section>
  )
}
