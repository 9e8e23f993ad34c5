/**
 * R4, R5: a form. It owns its fields (one field machine each, spawned from its input), the
 * values, and the validation gate: a submit validates every field, and only when all pass are
 * the values handed to whoever runs the form (`form.submitted` to the parent: the sign-in, the
 * confirmation, the account). A failed gate focuses the first field that failed and keeps every
 * value. A field that changes during a round is awaited again: its new value is what counts.
 *
 * The values may start from what the visitor typed before the page was interactive, and a
 * submit made then starts the form validating at once (`submitOnStart`): carried out once.
 */
import { type ActorRefFrom, and, assertEvent, assign, enqueueActions, sendParent, setup } from 'xstate'
import type { Rule } from '#machines/rules/validation.ts'
import { type FieldReport, fieldMachine } from './field.ts'

export interface FormField {
  name: string
  value?: string
  rules: readonly Rule[]
}

export interface FormInput {
  /** Which form this is, in the events it sends (`form.submitted`). */
  id: string
  fields: readonly FormField[]
  /** A submit was made before the form's machine ran: validate and submit at once. */
  submitOnStart?: boolean
}

/** What a field of a form tells the form after each validation: its name, and whether it failed. */
export interface FieldReportedEvent {
  type: 'field.reported'
  name: string
  failed: boolean
}

/** The event a field's report becomes for its form (the shape of a `sendParent` event function). */
export function fieldReportedEvent(_: unknown, report: FieldReport): FieldReportedEvent {
  return { type: 'field.reported', name: report.name, failed: report.failure !== null }
}

/** The field machine as a form runs it: it reports each result to the form. */
export const formField = fieldMachine.provide({
  actions: {
    report: sendParent(fieldReportedEvent),
  },
})
export type FormFieldRef = ActorRefFrom<typeof formField>

export interface FormContext {
  id: string
  /** Field names, in the order they are on the page. */
  names: readonly string[]
  values: Record<string, string>
  fields: Record<string, FormFieldRef>
  /** Fields whose result this validation round still waits for. */
  awaiting: readonly string[]
  /** Fields that failed in this round. */
  failed: readonly string[]
  /** A submit was made before the machine ran. */
  submitOnStart: boolean
}

export type FormEvent =
  | { type: 'form.input'; name: string; value: string }
  | { type: 'form.blur'; name: string }
  | { type: 'form.submit' }
  /** Clears the fields (after the values were used, e.g. a password changed). */
  | { type: 'form.clear'; names: readonly string[] }
  /** From a field: its validation ended. */
  | FieldReportedEvent

export interface SubmittedParams {
  form: string
  values: Record<string, string>
}
export interface FocusParams {
  form: string
  name: string
}

/** The event a form sends its parent when its values passed the gate. */
export interface FormSubmittedEvent {
  type: 'form.submitted'
  form: string
  values: Record<string, string>
}

function submittedParams({ context }: { context: FormContext }): SubmittedParams {
  return { form: context.id, values: { ...context.values } }
}
/** The event a form's values become for its parent (the shape of a `sendParent` event function). */
export function formSubmittedEvent(_: unknown, params: SubmittedParams): FormSubmittedEvent {
  return { type: 'form.submitted', form: params.form, values: params.values }
}
function focusParams({ context }: { context: FormContext }): FocusParams {
  // Only a round with a failure focuses, and every failed name is a field's.
  return { form: context.id, name: context.names.find((name) => context.failed.includes(name))! }
}

export const formMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types only exist for the compiler (decision 070)
  types: { context: {} as FormContext, events: {} as FormEvent, input: {} as FormInput },
  actors: { field: formField },
  actions: {
    assignInput: assign(({ context, event }) => {
      assertEvent(event, 'form.input')
      return event.name in context.fields ? { values: { ...context.values, [event.name]: event.value } } : {}
    }),
    forwardInput: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'form.input')
      const field = context.fields[event.name]
      if (field) enqueue.sendTo(field, { type: 'field.input', value: event.value, values: context.values })
    }),
    /**
     * A field changed during a round: the round waits for its new result (the field validates the
     * new value and reports again), and its earlier result no longer counts.
     */
    awaitAgain: assign(({ context, event }) => {
      assertEvent(event, 'form.input')
      if (!(event.name in context.fields)) return {}
      return { awaiting: [...context.awaiting.filter((name) => name !== event.name), event.name], failed: context.failed.filter((name) => name !== event.name) }
    }),
    forwardBlur: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'form.blur')
      const field = context.fields[event.name]
      if (field) enqueue.sendTo(field, { type: 'field.blur', values: context.values })
    }),
    startRound: assign(({ context }) => ({ awaiting: [...context.names], failed: [] })),
    validateAll: enqueueActions(({ context, enqueue }) => {
      for (const name of context.names) enqueue.sendTo(context.fields[name]!, { type: 'field.validate', values: context.values })
    }),
    assignReport: assign(({ context, event }) => {
      assertEvent(event, 'field.reported')
      if (!context.awaiting.includes(event.name)) return {}
      return {
        awaiting: context.awaiting.filter((name) => name !== event.name),
        failed: event.failed ? [...context.failed, event.name] : context.failed,
      }
    }),
    clearFields: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'form.clear')
      const names = event.names.filter((name) => name in context.fields)
      enqueue.assign({ values: { ...context.values, ...Object.fromEntries(names.map((name) => [name, ''])) } })
      for (const name of names) enqueue.sendTo(context.fields[name]!, { type: 'field.reset', value: '' })
    }),
    /** Hands the values over (to the parent that runs the form). */
    submitted: sendParent(formSubmittedEvent),
    /** Puts the focus on a field that failed. */
    focusField: (_, _params: FocusParams) => {},
  },
  guards: {
    isRoundOver: ({ context }) => context.awaiting.length === 0,
    hasFailures: ({ context }) => context.failed.length > 0,
    isSubmitOnStart: ({ context }) => context.submitOnStart,
  },
}).createMachine({
  id: 'form',
  context: ({ input, spawn }) => ({
    id: input.id,
    names: input.fields.map((f) => f.name),
    values: Object.fromEntries(input.fields.map((f) => [f.name, f.value ?? ''])),
    fields: Object.fromEntries(
      input.fields.map((f) => [f.name, spawn('field', { id: `${input.id}.${f.name}`, input: { name: f.name, value: f.value ?? '', rules: f.rules } })]),
    ),
    awaiting: [],
    failed: [],
    submitOnStart: input.submitOnStart ?? false,
  }),
  initial: 'starting',
  on: {
    'form.input': { actions: ['assignInput', 'forwardInput'] },
    'form.blur': { actions: 'forwardBlur' },
    'form.clear': { actions: 'clearFields' },
  },
  states: {
    starting: {
      always: [{ guard: 'isSubmitOnStart', target: 'validating' }, { target: 'editing' }],
    },
    editing: {
      on: { 'form.submit': { target: 'validating' } },
    },
    validating: {
      entry: ['startRound', 'validateAll'],
      on: {
        'field.reported': { actions: 'assignReport' },
        'form.input': { actions: ['assignInput', 'forwardInput', 'awaitAgain'] },
      },
      always: [
        { guard: and(['isRoundOver', 'hasFailures']), target: 'editing', actions: { type: 'focusField', params: focusParams } },
        { guard: 'isRoundOver', target: 'editing', actions: { type: 'submitted', params: submittedParams } },
      ],
    },
  },
})

export type FormMachine = typeof formMachine
export type FormRef = ActorRefFrom<typeof formMachine>
