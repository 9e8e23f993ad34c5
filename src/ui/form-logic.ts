/**
 * The form machine as the site runs it: its fields check their rules with the rule engine,
 * loaded with the first validation (decision 024), and a form that failed its gate puts the focus
 * on the first field that failed.
 */
import { fromPromise } from 'xstate'
import type { FieldFailure, ValidateInput } from '#machines/field.ts'
import { formField, formMachine } from '#machines/form.ts'

const siteField = formField.provide({
  actors: {
    validate: fromPromise<FieldFailure | null, ValidateInput>(async ({ input }) => {
      const { validate } = await import('#machines/rules/validation.ts')
      return validate(input.value, input.rules, input.values)
    }),
  },
})

export const siteForm = formMachine.provide({
  actors: { field: siteField },
  actions: {
    focusField: (_, { form, name }) => {
      document.querySelector<HTMLInputElement>(`form[data-form="${form}"] [name="${name}"]`)?.focus()
    },
  },
})
