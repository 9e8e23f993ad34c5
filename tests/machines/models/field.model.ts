/**
 * R4, R5: one form field's validation state — untouched/touched, pristine/dirty, valid/invalid,
 * validated, pending, changed, passed/failed; aggressive mode (every input and every blur
 * validates, debounce 0). The rule engine is the `validate` actor (a recording fake here): the
 * field starts it with its name, value, rules and the form's values, and reports each result.
 */

import { fieldFlags, fieldMachine } from '#machines/field.ts'
import { fieldReportedEvent } from '#machines/form.ts'
import { expect } from '../check.ts'
import { ctx, is, type MachineModel, type Property, type Snap, type Step, sends, starts, stops, type TestEvent, trace } from '../harness.ts'

type FieldCtx = {
  name: string
  value: string
  initial: string
  rules: unknown[]
  values: Record<string, string>
  failure: { rule: string; params: Record<string, unknown> } | null
  validated: boolean
}
type FieldInputLiteral = { name: string; value?: string; rules?: unknown[] }

const c = (s: Snap | null) => ctx<FieldCtx>(s)
const input = (step: Step) => step.input as FieldInputLiteral
/** The rules the field was given, written out per input variant (R5 product rules). */
const RULES_OF: Record<string, unknown[]> = {
  email: [{ rule: 'required' }, { rule: 'email' }, { rule: 'max', length: 254 }],
  code: [{ rule: 'required' }, { rule: 'numeric' }, { rule: 'length', length: 6 }],
  nickname: [],
}

const VALUES_A = { email: 'x', code: '493021' }
const VALUES_B = { email: 'ann@example.com', code: '' }
const FAILED_EMAIL = { rule: 'email', params: {} }

const region = (s: Snap, name: 'touch' | 'edit' | 'validation') => (s.value as Record<string, string>)[name]
const validation = (s: Snap) => region(s, 'validation')

/** What the rule engine is started with: the field's name, the value, its rules, the form's values. */
const VALIDATE_START = (step: Step) => ({
  kind: 'start',
  id: 'validate',
  src: 'validate',
  input: { name: input(step).name, value: c(step.after).value, rules: RULES_OF[input(step).name], values: c(step.after).values },
})

const isValidateTrigger = (e: TestEvent) => e.type === 'field.input' || e.type === 'field.blur' || e.type === 'field.validate'

const properties: Property[] = [
  {
    name: 'starts untouched, pristine, not validated, holding the value typed before (or empty), and runs nothing',
    requirement: 'R4.19, R4.20',
    when: (s) => s.index === 0,
    check: (s) => {
      expect(s.after.value).toEqual({ touch: 'untouched', edit: 'pristine', validation: 'idle' })
      const given = input(s).value ?? ''
      expect(c(s.after)).toEqual({
        name: input(s).name,
        value: given,
        initial: given,
        rules: RULES_OF[input(s).name],
        values: {},
        failure: null,
        validated: false,
      })
      expect(s.effects).toEqual([])
    },
  },
  {
    name: 'the flags the form renders are the states: touched/untouched, dirty/pristine, pending, valid = passed, invalid = failed, validated, changed = value differs from the initial value',
    requirement: 'R4.19',
    check: (s) => {
      const touched = region(s.after, 'touch') === 'touched'
      const dirty = region(s.after, 'edit') === 'dirty'
      const result = validation(s.after)
      const x = c(s.after)
      expect(fieldFlags(s.after as never)).toEqual({
        touched,
        untouched: !touched,
        dirty,
        pristine: !dirty,
        pending: result === 'pending',
        validated: x.validated,
        valid: result === 'passed',
        invalid: result === 'failed',
        passed: result === 'passed',
        failed: result === 'failed',
        changed: x.value !== x.initial,
      })
    },
  },
  {
    name: 'idle: never validated, no failure; passed: validated, no failure; failed: validated, with a failure; pristine keeps the initial value',
    requirement: 'R4.19',
    check: (s) => {
      const x = c(s.after)
      const result = validation(s.after)
      if (result === 'idle') expect([x.validated, x.failure]).toEqual([false, null])
      if (result === 'passed') expect([x.validated, x.failure]).toEqual([true, null])
      if (result === 'failed') {
        expect(x.validated).toBe(true)
        expect(x.failure).not.toBeNull()
      }
      if (region(s.after, 'edit') === 'pristine') expect(x.value).toBe(x.initial)
      expect([x.name, x.rules]).toEqual([input(s).name, RULES_OF[input(s).name]])
    },
  },
  {
    name: 'an input makes the field dirty with the value typed, keeps the touch state, and validates at once (aggressive mode, debounce 0)',
    requirement: 'R4.19, R5.3',
    when: (s) => s.event.type === 'field.input',
    check: (s) => {
      expect(region(s.after, 'edit')).toBe('dirty')
      expect(c(s.after).value).toBe(s.event.value)
      expect(c(s.after).initial).toBe(c(s.before).initial)
      expect(region(s.after, 'touch')).toBe(region(s.before!, 'touch'))
      expect(validation(s.after)).toBe('pending')
    },
  },
  {
    name: 'a blur touches the field and validates at once, keeping the value and the edit state',
    requirement: 'R4.19, R5.3',
    when: (s) => s.event.type === 'field.blur',
    check: (s) => {
      expect(region(s.after, 'touch')).toBe('touched')
      expect(validation(s.after)).toBe('pending')
      expect(c(s.after).value).toBe(c(s.before).value)
      expect(region(s.after, 'edit')).toBe(region(s.before!, 'edit'))
    },
  },
  {
    name: "a form's validate request validates without touching or editing",
    requirement: 'R4.19',
    when: (s) => s.event.type === 'field.validate',
    check: (s) => {
      expect([region(s.after, 'touch'), region(s.after, 'edit'), validation(s.after)]).toEqual([
        region(s.before!, 'touch'),
        region(s.before!, 'edit'),
        'pending',
      ])
      expect(c(s.after).value).toBe(c(s.before).value)
    },
  },
  {
    name: "input, blur and validate take the form's values when given them, else keep the last ones; the result so far is kept while validating",
    requirement: 'R5.10',
    when: (s) => s.index > 0 && isValidateTrigger(s.event),
    check: (s) => {
      expect(c(s.after).values).toEqual(s.event.values ?? c(s.before).values)
      expect([c(s.after).failure, c(s.after).validated]).toEqual([c(s.before).failure, c(s.before).validated])
    },
  },
  {
    name: 'each validation starts the rule engine with the name, the new value, the rules and the values; a running one is stopped first (only the latest value counts)',
    requirement: 'R4.19, R5.3',
    when: (s) => s.index > 0 && isValidateTrigger(s.event),
    check: (s) => {
      const restart = validation(s.before!) === 'pending'
      expect(s.effects).toEqual([...(restart ? [{ kind: 'stop', id: 'validate' }] : []), VALIDATE_START(s)])
    },
  },
  {
    name: 'a pass: passed, validated, no failure, and the result is reported (name, no failure), nothing else',
    requirement: 'R4.19',
    when: (s) => s.event.type === 'xstate.done.actor.validate' && s.event.output === null,
    check: (s) => {
      expect(validation(s.after)).toBe('passed')
      expect([c(s.after).failure, c(s.after).validated]).toEqual([null, true])
      expect(s.effects).toEqual([
        { kind: 'stop', id: 'validate' },
        { kind: 'action', type: 'report', params: { name: input(s).name, failure: null }, context: c(s.after) },
      ])
    },
  },
  {
    name: 'a failure: failed, validated, holding the failed rule and its parameters, and reported with it',
    requirement: 'R4.19, R5.11',
    when: (s) => s.event.type === 'xstate.done.actor.validate' && s.event.output !== null,
    check: (s) => {
      expect(validation(s.after)).toBe('failed')
      expect([c(s.after).failure, c(s.after).validated]).toEqual([s.event.output, true])
      expect(s.effects).toEqual([
        { kind: 'stop', id: 'validate' },
        { kind: 'action', type: 'report', params: { name: input(s).name, failure: s.event.output }, context: c(s.after) },
      ])
    },
  },
  {
    name: 'a rule engine that crashed is a failure with the default message ("{_field_} is not valid."), never a pass, and is reported',
    requirement: 'R5.3',
    when: (s) => s.event.type === 'xstate.error.actor.validate',
    check: (s) => {
      expect(validation(s.after)).toBe('failed')
      expect([c(s.after).failure, c(s.after).validated]).toEqual([{ rule: 'default', params: {} }, true])
      expect(s.effects).toEqual([
        { kind: 'stop', id: 'validate' },
        { kind: 'action', type: 'report', params: { name: input(s).name, failure: { rule: 'default', params: {} } }, context: c(s.after) },
      ])
    },
  },
  {
    name: 'a field run by a form tells the form each result: field.reported with its name, failed unless it passed',
    requirement: 'R4.19',
    when: (s) => s.event.type.startsWith('xstate.done.actor.') || s.event.type.startsWith('xstate.error.actor.'),
    check: (s) => {
      const report = s.effects.find((e) => e.kind === 'action' && e.type === 'report') as unknown as { params: never }
      const passed = s.event.type === 'xstate.done.actor.validate' && s.event.output === null
      expect(fieldReportedEvent(undefined, report.params)).toEqual({ type: 'field.reported', name: input(s).name, failed: !passed })
    },
  },
  {
    name: 'a result changes neither the value, the values nor the touch and edit states',
    requirement: 'R4.19',
    when: (s) => s.event.type.startsWith('xstate.done.actor.') || s.event.type.startsWith('xstate.error.actor.'),
    check: (s) => {
      expect(validation(s.before!)).toBe('pending')
      const { value, initial, values } = c(s.after)
      expect({ value, initial, values }).toEqual({ value: c(s.before).value, initial: c(s.before).initial, values: c(s.before).values })
      expect([region(s.after, 'touch'), region(s.after, 'edit')]).toEqual([region(s.before!, 'touch'), region(s.before!, 'edit')])
    },
  },
  {
    name: 'a reset: untouched, pristine, idle, not validated, no failure; the value given (or the initial one) becomes the value and the initial value; a running validation is stopped and nothing is reported',
    requirement: 'R4.19',
    when: (s) => s.event.type === 'field.reset',
    check: (s) => {
      expect(s.after.value).toEqual({ touch: 'untouched', edit: 'pristine', validation: 'idle' })
      const value = (s.event.value as string | undefined) ?? c(s.before).initial
      expect(c(s.after)).toEqual({ ...c(s.before), value, initial: value, failure: null, validated: false })
      expect(trace(s)).toEqual(validation(s.before!) === 'pending' ? ['stop:validate'] : [])
    },
  },
  {
    name: 'the rule engine runs exactly while pending; nothing is ever sent to it',
    requirement: 'R4.19',
    check: (s) => {
      expect(sends(s)).toEqual([])
      const running = (s.before !== null && validation(s.before) === 'pending' ? 1 : 0) + starts(s).length - stops(s).length
      expect(running).toBe(validation(s.after) === 'pending' ? 1 : 0)
      expect(is(s.after, { validation: 'pending' })).toBe(s.after.children.validate !== undefined)
    },
  },
]

const FIELD_EMAIL = { name: 'email', rules: [{ rule: 'required' }, { rule: 'email' }, { rule: 'max', length: 254 }] }
const FIELD_CODE = { name: 'code', value: '٤٩٣٠٢١', rules: [{ rule: 'required' }, { rule: 'numeric' }, { rule: 'length', length: 6 }] }

export const fieldModel: MachineModel = {
  name: 'field',
  machine: fieldMachine,
  inputs: [
    { label: 'an empty e-mail field', input: FIELD_EMAIL },
    { label: 'a code field holding what was typed before the page was interactive', input: FIELD_CODE },
    { label: 'a field without rules', input: { name: 'nickname' } },
  ],
  events: () => [
    { type: 'field.input', value: 'ann@example.com' },
    { type: 'field.input', value: 'x', values: VALUES_A },
    { type: 'field.blur' },
    { type: 'field.validate', values: VALUES_B },
    { type: 'field.reset' },
    { type: 'field.reset', value: 'typed' },
    { type: 'xstate.done.actor.validate', output: null },
    { type: 'xstate.done.actor.validate', output: FAILED_EMAIL },
    { type: 'xstate.error.actor.validate', error: new Error('the rule engine failed to load') },
  ],
  properties,
}
