import { createFileRoute } from '@tanstack/react-router'
import { answerForm } from '#app/forms/form.server.ts'

/**
 * The site's forms without JavaScript (decision 063): `POST /forms/<form id>`. Another method is
 * refused with 405 (`Allow: POST`) and a body over REQUEST_BODY_LIMIT_BYTES with 413 before the
 * request gets here (src/server/admission.server.ts, decision 094): the body `answerForm` reads is
 * already in memory and within the limit.
 */
export const Route = createFileRoute('/forms/$form')({
  server: {
    handlers: {
      POST: ({ request, params }) => answerForm(request, params.form),
    },
  },
})
