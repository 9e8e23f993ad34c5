import { createFileRoute } from '@tanstack/react-router'
import { answerForm } from '#app/forms/form.server.ts'

/** The site's forms without JavaScript (decision 063): `POST /forms/<form id>`. */
export const Route = createFileRoute('/forms/$form')({
  server: {
    handlers: {
      POST: ({ request, params }) => answerForm(request, params.form),
    },
  },
})
