import { Link } from '@tanstack/react-router'
import { m } from '#app/paraglide/messages.js'

/** R8: any unknown path answers 404 with "This page could not be found". */
export function NotFoundPage() {
  return (
    <section className="page-intro page-intro--center" data-testid="not-found">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1>{m.page_not_found_heading()}</h1>
      <p className="page-intro__lead">{m.page_not_found_intro()}</p>
      <Link to="/" className="button">
        {m.not_found_back_home()}
      </Link>
    </section>
  )
}
