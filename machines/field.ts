/**
 * R4, R5: one form field's validation state. Parallel regions give the flags:
 * untouched/touched, pristine/dirty, and the validation result (idle, pending, passed,
 * failed). Aggressive mode: every input and every blur validates, with no debounce.
 * The `validate` actor runs the field's rules (the app provides the rule engine) and answers a
 * failure or null; each result is reported (`report`), which a form machine hears.
 */
import { assertEvent, assign, fromPromise, type SnapshotFrom, setup } from 'xstate'
import type { Rule } from '#machines/rules/validation.ts'
import { notProvided, outputParams } from './shared.ts'

export interface FieldFailure {
  rule: string
  params: Record<string, string | number>
}

export interface FieldInput {
  name: string
  value?: string
  rules?: readonly Rule[]
}

export interface FieldContext {
  name: string
  value: string
  initial: string
  rules: readonly Rule[]
  /** The other fields' values, for rules that compare (`confirmed`). */
  values: Readonly<Record<string, string>>
  failure: FieldFailure | null
  /** Validated at least once. */
  validated: boolean
}

export type FieldEvent =
  | { type: 'field.input'; value: string; values?: Readonly<Record<string, string>> }
  | { type: 'field.blur'; values?: Readonly<Record<string, string>> }
  | { type: 'field.validate'; values?: Readonly<Record<string, string>> }
  | { type: 'field.reset'; value?: string }

export interface ValidateInput {
  name: string
  value: string
  rules: readonly Rule[]
  values: Readonly<Record<string, string>>
}

/** What a field reports after each validation. */
export interface FieldReport {
  name: string
  failure: FieldFailure | null
}

function validateInput({ context }: { context: FieldContext }): ValidateInput {
  return { name: context.name, value: context.value, rules: context.rules, values: context.values }
}
function reportParams({ context }: { context: FieldContext }): FieldReport {
  return { name: context.name, failure: context.failure }
}

/** Aggressive mode (R4): every input and blur validates at once. */
const VALIDATE_ON = {
  'field.input': { target: 'pending', actions: ['assignValue', 'assignValues'] },
  'field.blur': { target: 'pending', actions: 'assignValues' },
  'field.validate': { target: 'pending', actions: 'assignValues' },
} as const
/** While a validation runs, a new input restarts it with the new value. */
const VALIDATE_AGAIN = {
  'field.input': { target: 'pending', actions: ['assignValue', 'assignValues'], reenter: true },
  'field.blur': { target: 'pending', actions: 'assignValues', reenter: true },
  'field.validate': { target: 'pending', actions: 'assignValues', reenter: true },
} as const
/** Each result, a pass or a failure, is kept and reported. */
const keepAndReport = [
  { type: 'assignResult', params: outputParams },
  { type: 'report', params: reportParams },
] as const

export const fieldMachine = setup({
  // Stryker disable next-line ObjectLiteral: the types only exist for the compiler (decision 070)
  types: { context: {} as FieldContext, events: {} as FieldEvent, input: {} as FieldInput },
  actors: {
    /** Runs the field's rules; resolves with the first failure, or null when they all pass. */
    validate: fromPromise<FieldFailure | null, ValidateInput>(async () => notProvided('field', 'validate')),
  },
  actions: {
    assignValue: assign(({ event }) => {
      assertEvent(event, 'field.input')
      return { value: event.value }
    }),
    /** The form's values when the event brings them, else the last ones. */
    assignValues: assign(({ context, event }) => {
      assertEvent(event, ['field.input', 'field.blur', 'field.validate'])
      return { values: event.values ?? context.values }
    }),
    assignResult: assign((_, failure: FieldFailure | null) => ({ failure, validated: true })),
    /** A rule engine that failed to run is a failure with the default message, never a pass. */
    assignCrash: assign({ failure: { rule: 'default', params: {} }, validated: true }),
    reset: assign(({ context, event }) => {
      assertEvent(event, 'field.reset')
      const value = event.value ?? context.initial
      return { value, initial: value, failure: null, validated: false }
    }),
    /** The result, for whoever listens (a form machine). */
    report: (_, _params: FieldReport) => {},
  },
  guards: {
    isPassed: (_, failure: FieldFailure | null) => failure === null,
  },
}).createMachine({
  id: 'field',
  type: 'parallel',
  context: ({ input }) => ({
    name: input.name,
    value: input.value ?? '',
    initial: input.value ?? '',
    rules: input.rules ?? [],
    values: {},
    failure: null,
    validated: false,
  }),
  on: {
    'field.reset': { target: ['.touch.untouched', '.edit.pristine', '.validation.idle'], actions: 'reset' },
  },
  states: {
    touch: {
      initial: 'untouched',
      states: {
        untouched: { on: { 'field.blur': { target: 'touched' } } },
        touched: {},
      },
    },
    edit: {
      initial: 'pristine',
      states: {
        pristine: { on: { 'field.input': { target: 'dirty' } } },
        dirty: {},
      },
    },
    validation: {
      initial: 'idle',
      // Handlers sit on each child, not on the region: a re-entering transition on the region
      // itself would exit the whole parallel machine and lose against the other regions.
      states: {
        idle: { on: VALIDATE_ON },
        pending: {
          on: VALIDATE_AGAIN,
          invoke: {
            id: 'validate',
            src: 'validate',
            input: validateInput,
            onDone: [
              { guard: { type: 'isPassed', params: outputParams }, target: 'passed', actions: keepAndReport },
              { target: 'failed', actions: keepAndReport },
            ],
            onError: { target: 'failed', actions: ['assignCrash', { type: 'report', params: reportParams }] },
          },
        },
        passed: { on: VALIDATE_ON },
        failed: { on: VALIDATE_ON },
      },
    },
  },
})

export type FieldMachine = typeof fieldMachine

type FieldSnapshotLike = Pick<SnapshotFrom<FieldMachine>, 'matches' | 'context'>

/** R4: the field flags the form renders. */
export function fieldFlags(s: FieldSnapshotLike) {
  const touched = s.matches({ touch: 'touched' })
  const dirty = s.matches({ edit: 'dirty' })
  const passed = s.matches({ validation: 'passed' })
  const failed = s.matches({ validation: 'failed' })
  return {
    touched,
    untouched: !touched,
    dirty,
    pristine: !dirty,
    pending: s.matches({ validation: 'pending' }),
    validated: s.context.validated,
    valid: passed,
    invalid: failed,
    passed,
    failed,
    changed: s.context.value !== s.context.initial,
  }
}
