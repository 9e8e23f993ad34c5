import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useId, useMemo, useState } from 'react'
import { fromPromise, waitFor, type ActorRefFrom } from 'xstate'
import { fieldFlags, fieldMachine, type FieldFailure, type ValidateInput } from '#machines/field'
import { formatFailure, inputConstraints, rulesFromConstraints, validate, type Constraints, type Rule } from '~/lib/forms/rules'
import { onValidationMessagesChange, validationMessages } from '~/lib/forms/messages'
import { useMachineInspect } from '~/lib/machine-inspect'
import { LocaleActor } from '~/components/locale-provider'

export type FieldActor = ActorRefFrom<typeof fieldMachine>

export interface FieldOptions extends Constraints {
  name: string
  /** The field's label, used in its messages as {_field_}. */
  label: string
  initial?: string
  /** Extra rules beyond the HTML constraints (e.g. numeric, confirmed). */
  rules?: Rule[]
}

/** The field machine with its rules: the HTML constraints first, then the extra rules (spec 5). */
export function useField(options: FieldOptions) {
  const rules = useMemo(() => [...rulesFromConstraints(options), ...(options.rules ?? [])], [options])
  // Spec 5: the input carries every constraint its rules have, so the browser and the validator agree.
  const constraints = useMemo(() => inputConstraints(rules, options), [rules, options])
  const [rulesRef] = useState(() => ({ current: rules }))
  rulesRef.current = rules
  const [logic] = useState(() =>
    fieldMachine.provide({
      actors: { validate: fromPromise<FieldFailure | null, ValidateInput>(async ({ input }) => validate(input.value, rulesRef.current)) },
    }),
  )
  const actor = useActorRef(logic, { input: { name: options.name, value: options.initial ?? '' }, inspect: useMachineInspect() })
  const state = useSelector(actor, (s) => ({ value: s.context.value as string, failure: s.context.failure, flags: fieldFlags(s) }))
  // Messages follow the validation file the locale machine loads once a form asks for it.
  const [, rerender] = useState(0)
  useEffect(() => onValidationMessagesChange(() => rerender((n) => n + 1)), [])
  const localeActor = LocaleActor.useActorRef()
  useEffect(() => localeActor.send({ type: 'validation.need' }), [localeActor])
  const id = useId()
  const message = state.failure && state.flags.failed ? formatFailure(state.failure, options.label, validationMessages()) : null
  return {
    actor,
    value: state.value,
    flags: state.flags,
    message,
    label: options.label,
    inputProps: {
      id,
      name: options.name,
      value: state.value,
      type: options.type ?? 'text',
      required: constraints.required,
      multiple: constraints.multiple,
      minLength: constraints.minLength,
      maxLength: constraints.maxLength,
      min: constraints.min,
      max: constraints.max,
      pattern: constraints.pattern,
      'aria-invalid': state.flags.failed || undefined,
      'aria-describedby': message ? `${id}-error` : undefined,
      onChange: (e: { target: { value: string } }) => actor.send({ type: 'field.input', value: e.target.value }),
      onBlur: () => actor.send({ type: 'field.blur' }),
    },
    errorId: `${id}-error`,
  }
}

export type FieldHandle = ReturnType<typeof useField>

/** Validates every field (spec 5) and answers whether all passed; focuses the first failure. */
export async function validateAll(fields: FieldHandle[]): Promise<boolean> {
  for (const f of fields) f.actor.send({ type: 'field.validate' })
  const results = await Promise.all(fields.map((f) => waitFor(f.actor, (s) => !s.matches({ validation: 'pending' }))))
  const firstFailed = results.findIndex((s) => s.matches({ validation: 'failed' }))
  if (firstFailed >= 0 && typeof document !== 'undefined') document.getElementById(fields[firstFailed]!.inputProps.id)?.focus()
  return firstFailed === -1
}
