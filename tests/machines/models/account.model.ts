/**
 * R4, R7: the account area's actions. Cancelling the subscription (GET /users/subscription/cancel)
 * and resetting the device (DELETE /users/device/reset) are confirmed through the modal first;
 * turning renewal back on runs at once; the e-mail change (PUT /users/email), its code
 * (POST /users/email/{code}) and the launcher password (POST /users/credentials) are forms. Each
 * call ends with a success toast and the refreshed user, or an error toast with the backend's
 * message. One action at a time. The forms and calls are recording fakes; their answers are sent
 * to the machine directly.
 */

import { accountMachine } from '#machines/account.ts'
import { expect } from '../check.ts'
import { ctx, type Effect, IGNORED_EVENTS_CHANGE_NOTHING, type MachineModel, type Property, type Snap, type Step, type TestEvent } from '../harness.ts'

type AccountCtx = { confirming: 'cancel' | 'reset' | null; error: string | null; returnTo: string | null }
const a = (s: Snap | null) => ctx<AccountCtx>(s)
const state = (s: Snap) => s.value as string

const EMAIL_RULES = [{ rule: 'required' }, { rule: 'email' }, { rule: 'max', length: 254 }]
const CODE_RULES = [{ rule: 'required' }, { rule: 'numeric' }, { rule: 'length', length: 6 }]
const PASSWORD_RULES = [{ rule: 'required' }, { rule: 'min', length: 8 }, { rule: 'max', length: 128 }]
const PASSWORD_CONFIRM_RULES = [{ rule: 'required' }, { rule: 'confirmed', other: 'password' }]

/** The forms the machine starts: each form's id (its actor's id too) and its fields with their rules. */
const FORM_FIELDS: Array<[string, Array<[string, unknown[]]>]> = [
  ['account-email', [['new-email', EMAIL_RULES]]],
  ['account-email-code', [['code', CODE_RULES]]],
  [
    'account-password',
    [
      ['password', PASSWORD_RULES],
      ['password-confirm', PASSWORD_CONFIRM_RULES],
    ],
  ],
]
const FORMS = FORM_FIELDS.map(([id, fields]) => ({ kind: 'start', id, src: 'form', input: { id, fields: fields.map(([name, rules]) => ({ name, rules })) } }))
const FORM_IDS = FORM_FIELDS.map(([id]) => id)

/** Which call each busy state makes (its actor's id is the call's name). */
const CALL_OF: Record<string, string> = {
  cancelling: 'cancelSubscription',
  resetting: 'resetDevice',
  resuming: 'resumeRenewal',
  changingEmail: 'changeEmail',
  confirmingEmailCode: 'confirmEmailCode',
  changingPassword: 'changePassword',
}
const BUSY = Object.keys(CALL_OF)
/** Which form starts which call, with the form's values as its input. */
const CALL_OF_FORM: Record<string, string> = {
  'account-email': 'changingEmail',
  'account-email-code': 'confirmingEmailCode',
  'account-password': 'changingPassword',
}

const DONE = { message: 'Saved.', user: { id: 7, email: 'ann@example.com' } }
const ACTIONS = ['account.cancelSubscription', 'account.resetDevice', 'account.resumeRenewal', 'form.submitted']

/** The call the busy state before the step made, which the step must be the answer of (`done` or `error`). */
function answeredCall(s: Step, outcome: 'done' | 'error'): string {
  const call = CALL_OF[state(s.before!)]!
  expect(s.event.type).toBe(`xstate.${outcome}.actor.${call}`)
  return call
}

/** The page each start names to go back to once an added e-mail is confirmed (R2.17). */
const CHECKOUT = '/ru/premium'
const returnOf = (s: Step) => (s.input as { returnTo?: string } | undefined)?.returnTo ?? null

const named = (s: Step) => s.effects.filter((e): e is Extract<Effect, { kind: 'action' }> => e.kind === 'action').map((e) => [e.type, e.params])

const properties: Property[] = [
  IGNORED_EVENTS_CHANGE_NOTHING,
  {
    name: 'starts idle with its three forms (the e-mail, its code, the password with its confirmation), nothing open, no error',
    requirement: 'R4.21, R5.10',
    when: (s) => s.index === 0,
    check: (s) => {
      expect(state(s.after)).toBe('idle')
      expect(a(s.after)).toEqual({ confirming: null, error: null, returnTo: returnOf(s) })
      expect(s.effects).toEqual(FORMS)
    },
  },
  {
    name: 'the three forms run all along; at most one call runs, in its busy state; a confirmation is open exactly while asking',
    requirement: 'R4.21',
    check: (s) => {
      const children = Object.keys(s.after.children)
      const calls = children.filter((id) => !FORM_IDS.includes(id))
      expect(children.filter((id) => FORM_IDS.includes(id)).sort()).toEqual(FORM_IDS)
      expect(calls).toEqual(BUSY.includes(state(s.after)) ? [CALL_OF[state(s.after)]] : [])
      expect(s.after.hasTag('busy')).toBe(BUSY.includes(state(s.after)))
      expect(a(s.after).confirming !== null).toBe(state(s.after) === 'confirming')
    },
  },
  {
    name: 'cancelling the subscription and resetting the device ask first: the modal opens with that confirmation, nothing is called yet',
    requirement: 'R4.21',
    when: (s) => s.index > 0 && state(s.before!) === 'idle' && (s.event.type === 'account.cancelSubscription' || s.event.type === 'account.resetDevice'),
    check: (s) => {
      const kind = s.event.type === 'account.cancelSubscription' ? 'cancel' : 'reset'
      expect(state(s.after)).toBe('confirming')
      expect(a(s.after)).toEqual({ confirming: kind, error: null, returnTo: returnOf(s) })
      expect(named(s)).toEqual([['openConfirm', { kind }]])
      expect(s.effects).toHaveLength(1)
    },
  },
  {
    name: 'a confirmed cancel calls GET /users/subscription/cancel, a confirmed reset DELETE /users/device/reset; a dismissed one calls nothing; the confirmation closes',
    requirement: 'R4.21, R7.2',
    when: (s) => s.index > 0 && state(s.before!) === 'confirming' && s.event.type === 'modal.answered',
    check: (s) => {
      const kind = a(s.before).confirming
      const next = s.event.answer === 'confirm' ? (kind === 'cancel' ? 'cancelling' : 'resetting') : 'idle'
      expect(state(s.after)).toBe(next)
      expect(a(s.after)).toEqual({ ...a(s.before), confirming: null })
      expect(s.effects).toEqual(next === 'idle' ? [] : [{ kind: 'start', id: CALL_OF[next], src: CALL_OF[next], input: {} }])
    },
  },
  {
    name: 'turning renewal back on runs at once (no confirmation): GET /users/subscription/resume; the last error goes',
    requirement: 'R4.21, R7.2',
    when: (s) => s.index > 0 && state(s.before!) === 'idle' && s.event.type === 'account.resumeRenewal',
    check: (s) => {
      expect(state(s.after)).toBe('resuming')
      expect(a(s.after)).toEqual({ confirming: null, error: null, returnTo: returnOf(s) })
      expect(s.effects).toEqual([{ kind: 'start', id: 'resumeRenewal', src: 'resumeRenewal', input: {} }])
    },
  },
  {
    name: "each form's values start its call (PUT /users/email, POST /users/email/{code}, POST /users/credentials); another form's are ignored",
    requirement: 'R3.12, R7.2',
    when: (s) => s.index > 0 && state(s.before!) === 'idle' && s.event.type === 'form.submitted',
    check: (s) => {
      const next = CALL_OF_FORM[s.event.form as string]
      if (next === undefined) {
        expect([state(s.after), a(s.after)]).toEqual(['idle', a(s.before)])
        expect(s.effects).toEqual([])
        return
      }
      expect(state(s.after)).toBe(next)
      expect(a(s.after)).toEqual({ confirming: null, error: null, returnTo: returnOf(s) })
      // R2.17: the e-mail change names the page to come back to, for the confirmation link.
      const input = next === 'changingEmail' && returnOf(s) !== null ? { ...(s.event.values as object), redirect: CHECKOUT } : s.event.values
      expect(s.effects).toEqual([{ kind: 'start', id: CALL_OF[next], src: CALL_OF[next], input }])
    },
  },
  {
    name: "a call that succeeded: back to idle, a success toast with the backend's message, the refreshed user handed on; a new password empties both password fields; a confirmed address empties the e-mail and code fields and, opened from the checkout, goes back there",
    requirement: 'R2.17, R4.21',
    when: (s) => s.event.type.startsWith('xstate.done.actor.'),
    check: (s) => {
      const call = answeredCall(s, 'done')
      expect(state(s.after)).toBe('idle')
      expect(a(s.after)).toEqual(a(s.before))
      expect(s.effects).toEqual([
        { kind: 'stop', id: call },
        { kind: 'action', type: 'toast', params: { kind: 'success', text: 'Saved.' }, context: a(s.before) },
        { kind: 'action', type: 'updateUser', params: DONE, context: a(s.before) },
        ...(call === 'changePassword'
          ? [{ kind: 'send', to: 'account-password', event: { type: 'form.clear', names: ['password', 'password-confirm'] } }]
          : []),
        ...(call === 'confirmEmailCode'
          ? [
              { kind: 'send', to: 'account-email', event: { type: 'form.clear', names: ['new-email'] } },
              { kind: 'send', to: 'account-email-code', event: { type: 'form.clear', names: ['code'] } },
              ...(returnOf(s) === null ? [] : [{ kind: 'action', type: 'navigate', params: { to: CHECKOUT }, context: a(s.before) }]),
            ]
          : []),
      ])
    },
  },
  {
    name: "a call that failed: back to idle with the backend's message (an Error's, or what was thrown) as the error and in an error toast, logged; the user is not refreshed",
    requirement: 'R4.21, R8.9',
    when: (s) => s.event.type.startsWith('xstate.error.actor.'),
    check: (s) => {
      const call = answeredCall(s, 'error')
      const text = s.event.error instanceof Error ? 'Not allowed now.' : 'offline'
      expect(state(s.after)).toBe('idle')
      expect(a(s.after)).toEqual({ ...a(s.before), error: text })
      expect(s.effects).toEqual([
        { kind: 'stop', id: call },
        { kind: 'action', type: 'toast', params: { kind: 'error', text }, context: a(s.after) },
        { kind: 'action', type: 'logError', params: { error: s.event.error }, context: a(s.after) },
      ])
    },
  },
  {
    name: 'one action at a time: while a call runs or a confirmation is open, another action changes nothing and calls nothing',
    requirement: 'R4.21',
    when: (s) => s.index > 0 && state(s.before!) !== 'idle' && ACTIONS.includes(s.event.type),
    check: (s) => {
      expect([state(s.after), a(s.after)]).toEqual([state(s.before!), a(s.before)])
      expect(s.effects).toEqual([])
    },
  },
  {
    name: 'an answer from the modal when no confirmation is open changes nothing',
    requirement: 'R4.21',
    when: (s) => s.index > 0 && state(s.before!) !== 'confirming' && s.event.type === 'modal.answered',
    check: (s) => {
      expect([state(s.after), a(s.after)]).toEqual([state(s.before!), a(s.before)])
      expect(s.effects).toEqual([])
    },
  },
]

function events(): TestEvent[] {
  return [
    { type: 'account.cancelSubscription' },
    { type: 'account.resetDevice' },
    { type: 'account.resumeRenewal' },
    { type: 'modal.answered', answer: 'confirm' },
    { type: 'modal.answered', answer: 'dismiss' },
    { type: 'form.submitted', form: 'account-email', values: { 'new-email': 'new@example.org' } },
    { type: 'form.submitted', form: 'account-email-code', values: { code: '493021' } },
    { type: 'form.submitted', form: 'account-password', values: { password: 'correct horse', 'password-confirm': 'correct horse' } },
    { type: 'form.submitted', form: 'sign-in-email', values: { email: 'ann@example.com' } },
    ...Object.values(CALL_OF).flatMap((call) => [
      { type: `xstate.done.actor.${call}`, output: DONE },
      { type: `xstate.error.actor.${call}`, error: new Error('Not allowed now.') },
    ]),
    { type: 'xstate.error.actor.changeEmail', error: 'offline' },
  ]
}

export const accountModel: MachineModel = {
  name: 'account',
  machine: accountMachine,
  inputs: [
    { label: 'the account page of a signed-in user' },
    { label: 'the account page opened from the checkout to add an e-mail', input: { returnTo: CHECKOUT } },
  ],
  events,
  properties,
}
