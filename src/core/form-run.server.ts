/**
 * Decision 063: a form posted without JavaScript runs the machine the page runs, on the server.
 * The handler builds the machine with server-side effects, feeds it what was posted (the values
 * typed, then the submit), lets it run to its next stable state and answers what that state
 * calls for. Here: the form machine as the server runs it (its fields check the machines' own
 * rules at once), running an actor to rest, a form's field messages in the page's language, and
 * a backend call as a server-side actor.
 */
import { type AnyActorRef, type AnyMachineSnapshot, fromPromise, type SnapshotFrom, waitFor } from 'xstate'
import { CONSTANTS } from '#config'
import type { FieldFailure, ValidateInput } from '#machines/field.ts'
import { type FormRef, formField, formMachine } from '#machines/form.ts'
import type { Locale } from '#machines/rules/locale.ts'
import { formatFailure, validate } from '#machines/rules/validation.ts'
import validationDe from '#validation/de.json'
import validationEn from '#validation/en.json'
import validationRu from '#validation/ru.json'
import { failureMessage } from './form-answer.server.ts'

const VALIDATION: Record<Locale, Record<string, string>> = { en: validationEn.messages, ru: validationRu.messages, de: validationDe.messages }

/** The form machine on the server: its fields run the rule engine; there is no focus to move. */
export const serverForm = formMachine.provide({
  actors: {
    field: formField.provide({
      actors: {
        validate: fromPromise<FieldFailure | null, ValidateInput>(async ({ input }) => validate(input.value, input.rules, input.values)),
      },
    }),
  },
})

/**
 * R10.13: how long a post may wait for its machine at each step (10 s): the backend calls have
 * their own timeout (2500 ms, R8.12), a few of them in a row.
 */
export const SETTLE_TIMEOUT_MS = CONSTANTS.serverBackendTimeoutMs * 4
/** R10.13: rounds of a form's validation followed by the machine's calls; a post needs two or three. */
export const MAX_ROUNDS = 8

/** The forms among a machine's children that are still checking their fields. */
function validatingForms(snapshot: AnyMachineSnapshot): AnyActorRef[] {
  return Object.values(snapshot.children as Record<string, AnyActorRef | undefined>).filter(
    (child): child is AnyActorRef => (child?.getSnapshot() as { value?: unknown } | undefined)?.value === 'validating',
  )
}

/**
 * The actor's next stable state: no form of it still validating, and the machine not in a busy
 * state (one that invokes a call), unless `waiting` says the state waits for an event from
 * outside, which the handler then sends.
 */
export async function settle<A extends AnyActorRef>(actor: A, waiting: (snapshot: SnapshotFrom<A>) => boolean = () => false): Promise<SnapshotFrom<A>> {
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const forms = validatingForms(actor.getSnapshot())
    if (forms.length > 0) {
      await Promise.all(forms.map((form) => waitFor(form, (s) => (s as { value?: unknown }).value !== 'validating', { timeout: SETTLE_TIMEOUT_MS })))
      continue
    }
    // A form that passed its gate has already handed its values over: the machine is busy with them now.
    const snapshot = await waitFor(
      actor,
      (s) => {
        const machine = s as AnyMachineSnapshot
        return machine.status !== 'active' || !machine.hasTag('busy') || waiting(s)
      },
      { timeout: SETTLE_TIMEOUT_MS },
    )
    if (validatingForms(snapshot as AnyMachineSnapshot).length === 0) return snapshot
  }
  throw new Error('form: the machine did not come to rest')
}

/** Starts the actor, hands it to `run`, and stops it (its forms, fields and timers) whatever happens. */
export async function running<A extends AnyActorRef, T>(actor: A, run: (actor: A) => Promise<T>): Promise<T> {
  actor.start()
  try {
    return await run(actor)
  } finally {
    actor.stop()
  }
}

/** One of a machine's forms, by its id. */
export function formOf(snapshot: AnyMachineSnapshot, id: string): FormRef {
  const form = (snapshot.children as Record<string, FormRef | undefined>)[id]
  if (!form) throw new Error(`form: no form "${id}" in this state`)
  return form
}

/** As the visitor would: types each of `values` into the form's field of that name, then submits. */
export function submitForm(form: FormRef, values: Readonly<Record<string, string>> = {}): void {
  for (const name of form.getSnapshot().context.names) {
    const value = values[name]
    if (value !== undefined) form.send({ type: 'form.input', name, value })
  }
  form.send({ type: 'form.submit' })
}

/** Each field's label, in a given language. */
export type FieldLabels = Readonly<Record<string, (locale: Locale) => string>>

/**
 * R5: the messages of the fields that failed the form's last submit, in field order, with
 * `{_field_}` the field's label in the page's language; null when the submit passed.
 */
export function formErrors(form: FormRef, labels: FieldLabels, locale: Locale): Record<string, string> | null {
  const { names, failed, fields } = form.getSnapshot().context
  const errors: Record<string, string> = {}
  for (const name of names) {
    const failure = failed.includes(name) ? fields[name]?.getSnapshot().context.failure : null
    if (failure) errors[name] = formatFailure(failure, labels[name]?.(locale) ?? name, VALIDATION[locale])
  }
  return Object.keys(errors).length > 0 ? errors : null
}

/**
 * A backend call as a machine's actor on the server. A failure reaches the machine as the
 * visitor's message (`failureMessage`), which it keeps as the form's error.
 */
export function serverCall<I, O>(locale: Locale, call: (input: I) => Promise<O>) {
  return fromPromise<O, I>(async ({ input }) => {
    try {
      return await call(input)
    } catch (error) {
      throw new Error(failureMessage(error, locale))
    }
  })
}
