/**
 * Spec 4, 5: one form field's validation state. Parallel regions give the flags:
 * untouched/touched, pristine/dirty, and the validation result (idle, pending, passed,
 * failed). Aggressive mode: every input and every blur validates, with no debounce.
 * The `validate` actor runs the rules (the app provides it) and answers a failure or null.
 */
import { assign, fromPromise, setup } from 'xstate'

export interface FieldFailure {
  rule: string
  params: Record<string, string | number>
}

export interface FieldInput {
  name: string
  value?: unknown
}

export interface FieldContext {
  name: string
  value: unknown
  initial: unknown
  failure: FieldFailure | null
  /** Validated at least once. */
  validated: boolean
}

export type FieldEvent =
  | { type: 'field.input'; value: unknown }
  | { type: 'field.blur' }
  | { type: 'field.validate' }
  | { type: 'field.reset'; value?: unknown }

export interface ValidateInput {
  name: string
  value: unknown
}

function validateInput({ context }: { context: FieldContext }): ValidateInput {
  return { name: context.name, value: context.value }
}

/** Aggressive mode (spec 4): every input and blur validates at once. */
const VALIDATE_ON = {
  'field.input': { target: 'pending', actions: 'assignValue' },
  'field.blur': { target: 'pending' },
  'field.validate': { target: 'pending' },
} as const
/** While a validation runs, a new input restarts it with the new value. */
const VALIDATE_AGAIN = {
  'field.input': { target: 'pending', actions: 'assignValue', reenter: true },
  'field.blur': { target: 'pending', reenter: true },
  'field.validate': { target: 'pending', reenter: true },
} as const

export const fieldMachine = setup({
  types: { context: {} as FieldContext, events: {} as FieldEvent, input: {} as FieldInput },
  actors: {
    /** Runs the field's rules; resolves with the first failure, or null when they all pass. */
    validate: fromPromise<FieldFailure | null, ValidateInput>(async () => null),
  },
  actions: {
    assignValue: assign(({ event }) => (event.type === 'field.input' ? { value: event.value } : {})),
    assignResult: assign((_, failure: FieldFailure | null) => ({ failure, validated: true })),
    assignCrash: assign({ failure: { rule: 'default', params: {} }, validated: true }),
    reset: assign(({ context, event }) => {
      const value = event.type === 'field.reset' && 'value' in event ? event.value : context.initial
      return { value, initial: value, failure: null, validated: false }
    }),
  },
  guards: {
    isPassed: (_, failure: FieldFailure | null) => failure === null,
  },
}).createMachine({
  id: 'field',
  type: 'parallel',
  context: ({ input }) => ({ name: input.name, value: input.value ?? '', initial: input.value ?? '', failure: null, validated: false }),
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
              { guard: { type: 'isPassed', params: ({ event }) => event.output }, target: 'passed', actions: { type: 'assignResult', params: ({ event }) => event.output } },
              { target: 'failed', actions: { type: 'assignResult', params: ({ event }) => event.output } },
            ],
            onError: { target: 'failed', actions: 'assignCrash' },
          },
        },
        passed: { on: VALIDATE_ON },
        failed: { on: VALIDATE_ON },
      },
    },
  },
})

export type FieldMachine = typeof fieldMachine

type FieldSnapshotLike = { matches: (v: any) => boolean; context: FieldContext }

/** Spec 4: the field flags the form renders. */
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
