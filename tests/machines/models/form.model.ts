/**
 * R4, R5: a form owns its fields (one field machine each), its values and the validation gate.
 * A submit asks every field to validate with the form's values; only when every field passed are
 * the values handed to the parent (`form.submitted`); a failed gate focuses the first failed field
 * in page order and keeps every value. A submit made before the page was interactive
 * (`submitOnStart`) is carried out once, at start. The fields are recording fakes here: what the
 * form sends them is recorded, and their results (`field.reported`) are sent to the form directly.
 */

import { fieldReportedEvent, formField, formMachine, formSubmittedEvent } from '#machines/form.ts'
import { expect } from '../check.ts'
import { ctx, IGNORED_EVENTS_CHANGE_NOTHING, type MachineModel, type Property, type Snap, type Step, sends, type TestEvent } from '../harness.ts'

type FormCtx = {
  id: string
  names: string[]
  values: Record<string, string>
  fields: Record<string, { id: string }>
  awaiting: string[]
  failed: string[]
  submitOnStart: boolean
}
const c = (s: Snap | null) => ctx<FormCtx>(s)

const EMAIL_RULES = [{ rule: 'required' }, { rule: 'email' }, { rule: 'max', length: 254 }]
const CODE_RULES = [{ rule: 'required' }, { rule: 'numeric' }, { rule: 'length', length: 6 }]
const PASSWORD_RULES = [{ rule: 'required' }, { rule: 'min', length: 8 }, { rule: 'max', length: 128 }]
const PASSWORD_CONFIRM_RULES = [{ rule: 'required' }, { rule: 'confirmed', other: 'password' }]

/** Each form of the model as the site builds it: its fields in page order, and what each starts with. */
interface FormSpec {
  id: string
  fields: { name: string; value?: string; rules: unknown[] }[]
  submitOnStart?: boolean
  /** What the form holds at start (a field without a value starts empty). */
  values: Record<string, string>
}

const SIGN_IN_EMAIL: FormSpec = { id: 'sign-in-email', fields: [{ name: 'email', rules: EMAIL_RULES }], values: { email: '' } }
const PASSWORD: FormSpec = {
  id: 'account-password',
  fields: [
    { name: 'password', rules: PASSWORD_RULES },
    { name: 'password-confirm', rules: PASSWORD_CONFIRM_RULES },
  ],
  values: { password: '', 'password-confirm': '' },
}
const CONFIRM_SENT_EARLY: FormSpec = {
  id: 'confirm-email',
  fields: [
    { name: 'email', value: ' ann@example.com', rules: EMAIL_RULES },
    { name: 'code', value: '493021', rules: CODE_RULES },
    { name: 'password', rules: PASSWORD_RULES },
  ],
  submitOnStart: true,
  values: { email: ' ann@example.com', code: '493021', password: '' },
}
const SPECS: Record<string, FormSpec> = { [SIGN_IN_EMAIL.id]: SIGN_IN_EMAIL, [PASSWORD.id]: PASSWORD, [CONFIRM_SENT_EARLY.id]: CONFIRM_SENT_EARLY }

const specOf = (step: Step) => SPECS[(step.input as { id: string }).id]!
const namesOf = (step: Step) => specOf(step).fields.map((f) => f.name)
const known = (step: Step, name: unknown) => namesOf(step).includes(name as string)
const fieldId = (step: Step, name: string) => `${specOf(step).id}.${name}`
const state = (s: Snap) => s.value as string

/** What a visitor types into each field in the model. */
const TYPED: Record<string, string> = {
  email: 'ann@example.org',
  code: '١٢٣٤٥٦',
  password: 'correct horse',
  'password-confirm': 'correct horse',
}

const validateAll = (step: Step, values: Record<string, string>) =>
  namesOf(step).map((name) => ({ kind: 'send', to: fieldId(step, name), event: { type: 'field.validate', values } }))

/** A field's result while a round runs. */
const resultInRound = (s: Step) => s.event.type === 'field.reported' && state(s.before!) === 'validating'
/** The result of the one field the round still awaits: the round ends. */
const lastResult = (s: Step) => resultInRound(s) && c(s.before).awaiting.length === 1 && c(s.before).awaiting[0] === s.event.name
/** The end of a round: editing again, every value kept, no field awaited, and the one action the round ends with. */
function roundEnded(s: Step, action: [string, unknown]) {
  expect(state(s.after)).toBe('editing')
  expect(c(s.after).values).toEqual(c(s.before).values)
  expect(c(s.after).awaiting).toEqual([])
  expect(s.effects.map((e) => (e.kind === 'action' ? [e.type, e.params] : e))).toEqual([action])
}

const properties: Property[] = [
  IGNORED_EVENTS_CHANGE_NOTHING,
  {
    name: 'at start, one field machine per field in page order, each with its name, the value typed before (or empty) and its rules',
    requirement: 'R4.19, R4.20, R5.10',
    when: (s) => s.index === 0,
    check: (s) => {
      const spec = specOf(s)
      // The fields are spawned with the form's context: each is read off its actor.
      const refs = Object.values(c(s.after).fields) as unknown as { id: string; src: unknown; options: { input: unknown } }[]
      expect(refs.map((ref) => ({ id: ref.id, src: ref.src, input: ref.options.input }))).toEqual(
        spec.fields.map((f) => ({ id: fieldId(s, f.name), src: 'field', input: { name: f.name, value: f.value ?? '', rules: f.rules } })),
      )
      expect(c(s.after).values).toEqual(spec.values)
      // Each field is the field machine as a form runs it: it tells the form each result, as
      // `field.reported` with its name and whether it failed.
      expect(formMachine.implementations.actors.field).toBe(formField)
      const report = formField.implementations.actions.report as unknown as { to: unknown; event: unknown }
      expect([report.to, report.event]).toEqual(['#_parent', fieldReportedEvent])
      expect(fieldReportedEvent(undefined, { name: 'code', failure: null })).toEqual({ type: 'field.reported', name: 'code', failed: false })
      expect(fieldReportedEvent(undefined, { name: 'email', failure: { rule: 'email', params: {} } })).toEqual({
        type: 'field.reported',
        name: 'email',
        failed: true,
      })
    },
  },
  {
    name: 'a submit made before the page was interactive is carried out at start: every field is asked to validate with the values; otherwise the form waits',
    requirement: 'R4.20',
    when: (s) => s.index === 0,
    check: (s) => {
      const early = specOf(s).submitOnStart === true
      expect(state(s.after)).toBe(early ? 'validating' : 'editing')
      expect(s.effects).toEqual(early ? validateAll(s, specOf(s).values) : [])
      expect([c(s.after).awaiting, c(s.after).failed]).toEqual([early ? namesOf(s) : [], []])
    },
  },
  {
    name: 'the form holds one value and one field per field, in page order, and never another name',
    requirement: 'R4.19',
    check: (s) => {
      const x = c(s.after)
      expect(x.id).toBe(specOf(s).id)
      expect(x.names).toEqual(namesOf(s))
      expect(Object.keys(x.values)).toEqual(namesOf(s))
      expect(Object.entries(x.fields).map(([name, ref]) => [name, ref.id])).toEqual(namesOf(s).map((name) => [name, fieldId(s, name)]))
    },
  },
  {
    name: 'editing waits for no field; validating waits for at least one, and a field that failed is no longer awaited',
    requirement: 'R4.19',
    check: (s) => {
      const x = c(s.after)
      if (state(s.after) === 'editing') expect(x.awaiting).toEqual([])
      else {
        expect(x.awaiting.length).toBeGreaterThan(0)
        for (const name of [...x.awaiting, ...x.failed]) expect(namesOf(s)).toContain(name)
        for (const name of x.failed) expect(x.awaiting).not.toContain(name)
      }
    },
  },
  {
    name: "an input to a field of the form takes the value and hands it to that field with the form's new values",
    requirement: 'R4.19, R5.10',
    when: (s) => s.event.type === 'form.input' && known(s, s.event.name),
    check: (s) => {
      const values = { ...c(s.before).values, [s.event.name as string]: s.event.value as string }
      expect(c(s.after).values).toEqual(values)
      expect(s.after.value).toEqual(s.before!.value)
      expect(s.effects).toEqual([{ kind: 'send', to: fieldId(s, s.event.name as string), event: { type: 'field.input', value: s.event.value, values } }])
    },
  },
  {
    name: 'an input outside a round leaves the round alone; during a round the round waits for that field again (its new value is validated) and its earlier result no longer counts',
    requirement: 'R4.19',
    when: (s) => s.index > 0 && s.event.type === 'form.input' && known(s, s.event.name),
    check: (s) => {
      const before = c(s.before)
      const name = s.event.name as string
      const inRound = state(s.before!) === 'validating'
      const awaiting = inRound ? [...new Set([...before.awaiting, name])] : before.awaiting
      const failed = inRound ? before.failed.filter((n) => n !== name) : before.failed
      // Which fields are awaited is a set; the failures keep the order they came in.
      expect({ awaiting: [...c(s.after).awaiting].sort(), failed: c(s.after).failed }).toEqual({ awaiting: [...awaiting].sort(), failed })
      expect(c(s.after).submitOnStart).toBe(before.submitOnStart)
    },
  },
  {
    name: "a blur goes to that field with the form's values, and changes nothing in the form",
    requirement: 'R4.19',
    when: (s) => s.event.type === 'form.blur' && known(s, s.event.name),
    check: (s) => {
      expect(c(s.after)).toEqual(c(s.before))
      expect(s.after.value).toEqual(s.before!.value)
      expect(s.effects).toEqual([{ kind: 'send', to: fieldId(s, s.event.name as string), event: { type: 'field.blur', values: c(s.before).values } }])
    },
  },
  {
    name: 'an input, blur or report naming no field of the form changes nothing and reaches nobody',
    requirement: 'R4.19',
    when: (s) => ['form.input', 'form.blur', 'field.reported'].includes(s.event.type) && !known(s, s.event.name),
    check: (s) => {
      expect(c(s.after)).toEqual(c(s.before))
      expect(s.after.value).toEqual(s.before!.value)
      expect(s.effects).toEqual([])
    },
  },
  {
    name: "a submit while editing starts a round: every field, in page order, is asked to validate with the form's values; nothing is handed over yet",
    requirement: 'R4.19',
    when: (s) => s.event.type === 'form.submit' && state(s.before!) === 'editing',
    check: (s) => {
      expect(state(s.after)).toBe('validating')
      expect(c(s.after)).toEqual({ ...c(s.before), awaiting: namesOf(s), failed: [] })
      expect(s.effects).toEqual(validateAll(s, c(s.before).values))
    },
  },
  {
    name: 'a submit during a round changes nothing (one round at a time)',
    requirement: 'R4.19',
    when: (s) => s.event.type === 'form.submit' && state(s.before!) === 'validating',
    check: (s) => {
      expect([s.after.value, c(s.after)]).toEqual(['validating', c(s.before)])
      expect(s.effects).toEqual([])
    },
  },
  {
    name: 'a result of an awaited field that is not the last one is noted (a failure remembered), and nothing else happens',
    requirement: 'R4.19',
    when: (s) => resultInRound(s) && c(s.before).awaiting.includes(s.event.name as string) && c(s.before).awaiting.length > 1,
    check: (s) => {
      const before = c(s.before)
      expect(state(s.after)).toBe('validating')
      expect(c(s.after)).toEqual({
        ...before,
        awaiting: before.awaiting.filter((n) => n !== s.event.name),
        failed: s.event.failed ? [...before.failed, s.event.name as string] : before.failed,
      })
      expect(s.effects).toEqual([])
    },
  },
  {
    name: 'the last result of a round where every field passed hands the values, exactly, to the parent once (form.submitted)',
    requirement: 'R4.19',
    when: (s) => lastResult(s) && c(s.before).failed.length === 0 && s.event.failed === false,
    check: (s) => {
      roundEnded(s, ['submitted', { form: specOf(s).id, values: c(s.before).values }])
      // What the parent hears: `form.submitted` with the form's id and its values.
      const submitted = formMachine.implementations.actions.submitted as unknown as { to: unknown; event: unknown }
      expect([submitted.to, submitted.event]).toEqual(['#_parent', formSubmittedEvent])
      expect(formSubmittedEvent(undefined, s.effects[0]!.kind === 'action' ? (s.effects[0]!.params as never) : (null as never))).toEqual({
        type: 'form.submitted',
        form: specOf(s).id,
        values: c(s.before).values,
      })
    },
  },
  {
    name: 'the last result of a round where some field failed hands nothing over, keeps every value and focuses the first failed field in page order',
    requirement: 'R4.19',
    when: (s) => lastResult(s) && (c(s.before).failed.length > 0 || s.event.failed === true),
    check: (s) => {
      const failed = [...c(s.before).failed, ...(s.event.failed ? [s.event.name as string] : [])]
      const first = namesOf(s).find((name) => failed.includes(name))
      roundEnded(s, ['focusField', { form: specOf(s).id, name: first }])
    },
  },
  {
    name: 'a result from a field the round no longer awaits (or outside a round) changes nothing',
    requirement: 'R4.19',
    when: (s) => s.event.type === 'field.reported' && known(s, s.event.name) && !(resultInRound(s) && c(s.before).awaiting.includes(s.event.name as string)),
    check: (s) => {
      expect([s.after.value, c(s.after)]).toEqual([s.before!.value, c(s.before)])
      expect(s.effects).toEqual([])
    },
  },
  {
    name: 'clearing empties the named fields of the form (and resets each, in the order named) and keeps the others',
    requirement: 'R4.19',
    when: (s) => s.event.type === 'form.clear',
    check: (s) => {
      const names = (s.event.names as string[]).filter((name) => known(s, name))
      const values = { ...c(s.before).values }
      for (const name of names) values[name] = ''
      expect(c(s.after)).toEqual({ ...c(s.before), values })
      expect(s.after.value).toEqual(s.before!.value)
      expect(s.effects).toEqual(names.map((name) => ({ kind: 'send', to: fieldId(s, name), event: { type: 'field.reset', value: '' } })))
    },
  },
  {
    name: 'the fields are asked to validate only by a submit (or the submit made before the page was interactive, at start), and values are handed over or a field focused only at the end of a round',
    requirement: 'R4.19, R4.20',
    check: (s) => {
      const validates = sends(s).filter((e) => e.event.type === 'field.validate')
      const asked = s.index === 0 ? specOf(s).submitOnStart === true : s.event.type === 'form.submit' && state(s.before!) === 'editing'
      expect(validates.length).toBe(asked ? namesOf(s).length : 0)
      const ended = s.event.type === 'field.reported' && s.before !== null && state(s.before) === 'validating' && state(s.after) === 'editing'
      expect(s.effects.filter((e) => e.kind === 'action').length).toBe(ended ? 1 : 0)
    },
  },
]

function events(snapshot: Snap): TestEvent[] {
  const names = c(snapshot).names
  const clear = { type: 'form.clear', names: [...names].reverse().concat('nickname') }
  const results = names.flatMap((name) => [
    { type: 'field.reported', name, failed: true },
    { type: 'field.reported', name, failed: false },
  ])
  return [
    { type: 'form.submit' },
    ...results,
    ...names.flatMap((name) => [
      { type: 'form.input', name, value: TYPED[name]! },
      { type: 'form.blur', name },
    ]),
    { type: 'form.input', name: 'nickname', value: 'ann' },
    { type: 'form.blur', name: 'nickname' },
    { type: 'field.reported', name: 'nickname', failed: false },
    clear,
  ]
}

const inputOf = (spec: FormSpec) => ({ id: spec.id, fields: spec.fields, ...(spec.submitOnStart ? { submitOnStart: true } : {}) })

export const formModel: MachineModel = {
  name: 'form',
  machine: formMachine,
  inputs: [
    { label: 'the sign-in e-mail form (one field)', input: inputOf(SIGN_IN_EMAIL) },
    { label: 'the password form (two fields, the second confirms the first)', input: inputOf(PASSWORD) },
    { label: 'the confirmation form, typed into and sent before the page was interactive', input: inputOf(CONFIRM_SENT_EARLY) },
  ],
  events,
  properties,
}
