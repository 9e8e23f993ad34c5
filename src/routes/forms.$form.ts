import { createFileRoute } from '@tanstack/react-router'
import { accountForms } from '#app/features/account/account.form.server.ts'
import { confirmForms } from '#app/features/account/confirm.form.server.ts'
import { signInForms } from '#app/features/account/sign-in.form.server.ts'
import { answerForm } from '#app/forms/form.server.ts'
import { siteForms } from '#app/forms/site-forms.server.ts'

/**
 * The site's forms without JavaScript (decision 063): `POST /forms/<form id>`, answered by the
 * handler of that form: the features' (each beside its feature) and the frame's. Another method
 * is refused with 405 (`Allow: POST`) and a body over REQUEST_BODY_LIMIT_BYTES with 413 before
 * the request gets here (src/server/admission.server.ts, decision 094): the body `answerForm`
 * reads is already in memory and within the limit.
 */
export const Route = createFileRoute('/forms/$form')({
  server: {
    handlers: {
      POST: ({ request, params }) => answerForm(request, params.form, { ...signInForms, ...confirmForms, ...accountForms, ...siteForms }),
    },
  },
})
