/**
 * R4, R5, R7: passwordless sign-in (an e-mail step that asks GET /users/auth for a code, a code
 * step whose code the auth machine verifies, a resend countdown driven by a ticker), and the
 * e-mail confirmation (POST /users/confirm), which decides by who is signed in. Each step is a
 * form machine (a recording fake here): its `form.submitted`, the actors' answers and the
 * ticker's `clock.tick` are sent to the machine directly.
 */

import { confirmMachine, selectResendWait, signInMachine } from '#machines/sign-in.ts'
import type { ConfirmContext, ConfirmCredentials, ConfirmInput, SignInContext, SignInInput } from '#machines/sign-in-types.ts'
import { expect } from '../check.ts'
import { ctx, IGNORED_EVENTS_CHANGE_NOTHING, type MachineModel, type Property, type Snap, type Step, type TestEvent } from '../harness.ts'

const EMAIL_RULES = [{ rule: 'required' }, { rule: 'email' }, { rule: 'max', length: 254 }]
const CODE_RULES = [{ rule: 'required' }, { rule: 'numeric' }, { rule: 'length', length: 6 }]
const PASSWORD_RULES = [{ rule: 'required' }, { rule: 'min', length: 8 }, { rule: 'max', length: 128 }]

// --- sign-in ----------------------------------------------------------------------------------

const T0 = 1_767_225_600_000
/** R7: the backend's wait before another code, when it says 30 s. */
const WAIT_30_S = 30_000

const s_ = (s: Snap | null) => ctx<SignInContext>(s)
const signInInput = (step: Step) => step.input as SignInInput
const step_ = (s: Snap) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]!)
const sub = (s: Snap) => (typeof s.value === 'string' ? s.value : `${step_(s)}.${(s.value as Record<string, string>)[step_(s)]}`)

const emailFormStart = (email: string, submitOnStart: boolean) => ({
  kind: 'start',
  id: 'sign-in-email',
  src: 'form',
  input: { id: 'sign-in-email', fields: [{ name: 'email', value: email, rules: EMAIL_RULES }], submitOnStart },
})
const codeFormStart = (code: string, submitOnStart: boolean) => ({
  kind: 'start',
  id: 'sign-in-code',
  src: 'form',
  input: { id: 'sign-in-code', fields: [{ name: 'code', value: code, rules: CODE_RULES }], submitOnStart },
})
/** A failed call: back to the step's form with the message (all else kept), the call stopped and the failure logged. */
function backToForm(s: Step, form: string, call: string, error: string) {
  expect(sub(s.after)).toBe(form)
  expect(s_(s.after)).toEqual({ ...s_(s.before), error })
  expect(s.effects).toEqual([
    { kind: 'stop', id: call },
    { kind: 'action', type: 'logError', params: { error: s.event.error }, context: s_(s.after) },
  ])
}
/** The resend countdown ticks every second. */
const TICKER_START = { kind: 'start', id: 'ticker', src: 'ticker', input: { intervalMs: 1000 } }

/** The first code is sent 40 s after the page loaded (the visitor took their time typing). */
const SENT = { message: 'We sent a code to ann@example.com.', resendIn: 30, at: T0 + 40_000 }
const SENT_AGAIN = { message: 'We sent another code.', resendIn: 60, at: T0 + 75_000 }
const SENT_NO_WAIT = { message: 'We sent another code.', resendIn: -1, at: T0 + 75_000 }

const signInProperties: Property[] = [
  IGNORED_EVENTS_CHANGE_NOTHING,
  {
    name: 'starts at the e-mail step with its form (what was typed, a submit made before the page was interactive), or at the code step the server already asked for, with its form and the ticker',
    requirement: 'R4.20, R5.10, R5.13, decision 063',
    when: (s) => s.index === 0,
    check: (s) => {
      const i = signInInput(s)
      const atCode = i.step === 'code'
      expect(sub(s.after)).toBe(atCode ? 'code.editing' : 'email.editing')
      expect(s_(s.after)).toEqual({
        email: i.email ?? '',
        code: i.code ?? '',
        notice: i.notice ?? null,
        error: null,
        resendAt: atCode ? (i.resendAt ?? i.now) : null,
        now: i.now,
        redirectTo: i.redirectTo ?? null,
        submitOnStart: i.submitOnStart ?? false,
      })
      expect(s.effects).toEqual(
        atCode ? [codeFormStart(i.code ?? '', i.submitOnStart ?? false), TICKER_START] : [emailFormStart(i.email ?? '', i.submitOnStart ?? false)],
      )
    },
  },
  {
    name: 'the e-mail step runs its form only and knows no wait; the code step runs its form and the ticker and knows when another code may be asked for; signed in runs nothing',
    requirement: 'R7.2, R7.10',
    check: (s) => {
      const children = Object.keys(s.after.children).sort()
      const step = step_(s.after)
      if (step === 'email') {
        expect(s_(s.after).resendAt).toBeNull()
        expect(children.filter((id) => id !== 'requestCode')).toEqual(['sign-in-email'])
      }
      if (step === 'code') {
        expect(typeof s_(s.after).resendAt).toBe('number')
        expect(children.filter((id) => id !== 'verifyCode' && id !== 'resendCode')).toEqual(['sign-in-code', 'ticker'])
      }
      if (step === 'signedIn') {
        expect(children).toEqual([])
        expect(s.after.status).toBe('done')
      }
    },
  },
  {
    name: 'busy exactly while a code is asked for, verified or sent again',
    requirement: 'R1.5',
    check: (s) => expect(s.after.hasTag('busy')).toBe(['email.requesting', 'code.verifying', 'code.resending'].includes(sub(s.after))),
  },
  {
    name: 'the wait shown is the whole seconds left until another code may be asked for (0 at the e-mail step and once it is over)',
    requirement: 'R7.10',
    check: (s) => {
      const { resendAt, now } = s_(s.after)
      expect(selectResendWait(s.after as never)).toBe(resendAt === null ? 0 : Math.max(0, Math.ceil((resendAt - now) / 1000)))
    },
  },
  {
    name: "the e-mail form's values (trimmed) ask the backend for a code, with the remembered target; the error goes, the early submit is used up",
    requirement: 'R2.17, R3.12, R7.2',
    when: (s) => s.index > 0 && sub(s.before!) === 'email.editing' && s.event.type === 'form.submitted' && s.event.form === 'sign-in-email',
    check: (s) => {
      const email = ((s.event.values as { email?: string }).email ?? '').trim()
      expect(sub(s.after)).toBe('email.requesting')
      expect(s_(s.after)).toEqual({ ...s_(s.before), email, error: null, submitOnStart: false })
      expect(s.effects).toEqual([{ kind: 'start', id: 'requestCode', src: 'requestCode', input: { email, redirectTo: s_(s.before).redirectTo } }])
    },
  },
  {
    name: "a code sent: the code step with the backend's notice and a wait of resendIn seconds from now (30 s: 30000 ms), the e-mail form and the request stopped, the code form (empty, no early submit) and the ticker started",
    requirement: 'R7.2, R7.10',
    when: (s) => s.event.type === 'xstate.done.actor.requestCode',
    check: (s) => {
      const before = s_(s.before)
      expect(sub(s.after)).toBe('code.editing')
      expect(s_(s.after)).toEqual({ ...before, notice: SENT.message, error: null, code: '', now: SENT.at, resendAt: SENT.at + WAIT_30_S })
      expect(selectResendWait(s.after as never)).toBe(30)
      expect(s.effects).toEqual([{ kind: 'stop', id: 'requestCode' }, { kind: 'stop', id: 'sign-in-email' }, codeFormStart('', false), TICKER_START])
    },
  },
  {
    name: "a failed request: back to the e-mail form (kept, with what was typed), showing the backend's message, logged",
    requirement: 'R8.9',
    when: (s) => s.event.type === 'xstate.error.actor.requestCode',
    check: (s) => backToForm(s, 'email.editing', 'requestCode', 'Too many attempts. Try again later.'),
  },
  {
    name: "the code form's code (trimmed) is verified for that e-mail, with the remembered target; the error goes",
    requirement: 'R2.17, R7.2',
    when: (s) => s.index > 0 && sub(s.before!) === 'code.editing' && s.event.type === 'form.submitted' && s.event.form === 'sign-in-code',
    check: (s) => {
      const code = ((s.event.values as { code?: string }).code ?? '').trim()
      expect(sub(s.after)).toBe('code.verifying')
      expect(s_(s.after)).toEqual({ ...s_(s.before), code, error: null, submitOnStart: false })
      expect(s.effects).toEqual([
        { kind: 'start', id: 'verifyCode', src: 'verifyCode', input: { email: s_(s.before).email, code, redirectTo: s_(s.before).redirectTo } },
      ])
    },
  },
  {
    name: "a form submitted that is not the current step's form is ignored",
    requirement: 'R1.5',
    when: (s) => s.index > 0 && s.event.type === 'form.submitted' && s.event.form !== `sign-in-${step_(s.before!)}`,
    check: (s) => {
      expect([s.after.value, s_(s.after)]).toEqual([s.before!.value, s_(s.before)])
      expect(s.effects).toEqual([])
    },
  },
  {
    name: 'signed in: the sign-in is over, everything it ran is stopped and nothing else happens (the auth machine goes on)',
    requirement: 'R1.5',
    when: (s) => s.event.type === 'xstate.done.actor.verifyCode',
    check: (s) => {
      expect(s.after.value).toBe('signedIn')
      expect(s_(s.after)).toEqual(s_(s.before))
      expect([...s.effects].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
        { kind: 'stop', id: 'sign-in-code' },
        { kind: 'stop', id: 'ticker' },
        { kind: 'stop', id: 'verifyCode' },
      ])
    },
  },
  {
    name: "a wrong code: back to the code form with the message (an Error's message, or what was thrown), logged; the wait is kept",
    requirement: 'R1.5, R8.9',
    when: (s) => s.event.type === 'xstate.error.actor.verifyCode',
    check: (s) => backToForm(s, 'code.editing', 'verifyCode', s.event.error instanceof Error ? 'The code is not valid.' : 'offline'),
  },
  {
    name: 'a resend once the wait is over asks for another code for the same e-mail; before it is over nothing happens',
    requirement: 'R7.10',
    when: (s) => s.index > 0 && sub(s.before!) === 'code.editing' && s.event.type === 'signin.resend',
    check: (s) => {
      const before = s_(s.before)
      if ((s.event.now as number) >= before.resendAt!) {
        expect(sub(s.after)).toBe('code.resending')
        expect(s_(s.after)).toEqual({ ...before, now: s.event.now })
        expect(s.effects).toEqual([{ kind: 'start', id: 'resendCode', src: 'requestCode', input: { email: before.email, redirectTo: before.redirectTo } }])
      } else {
        expect([s.after.value, s_(s.after)]).toEqual([s.before!.value, before])
        expect(s.effects).toEqual([])
      }
    },
  },
  {
    name: "another code sent: the new notice, and the new wait from the resend's time (60 s: 60000 ms; a wait below zero is none); the forms and the ticker keep running",
    requirement: 'R7.10',
    when: (s) => s.event.type === 'xstate.done.actor.resendCode',
    check: (s) => {
      const before = s_(s.before)
      const output = s.event.output as typeof SENT_AGAIN
      const wait = output.resendIn === 60 ? 60_000 : 0
      // The wait counts from when the backend answered.
      expect(sub(s.after)).toBe('code.editing')
      expect(s_(s.after)).toEqual({ ...before, notice: output.message, error: null, code: '', now: output.at, resendAt: output.at + wait })
      expect(s.effects).toEqual([{ kind: 'stop', id: 'resendCode' }])
    },
  },
  {
    name: 'a failed resend: back to the code form with the message, logged; the notice and the wait are kept',
    requirement: 'R7.10, R8.9',
    when: (s) => s.event.type === 'xstate.error.actor.resendCode',
    check: (s) => backToForm(s, 'code.editing', 'resendCode', 'Too many attempts. Try again later.'),
  },
  {
    name: 'a tick of the code step moves its clock and nothing else; the e-mail step has no clock',
    requirement: 'R7.10',
    when: (s) => s.index > 0 && s.event.type === 'clock.tick',
    check: (s) => {
      expect(s.after.value).toEqual(s.before!.value)
      expect(s_(s.after)).toEqual(step_(s.before!) === 'code' ? { ...s_(s.before), now: s.event.now } : s_(s.before))
      expect(s.effects).toEqual([])
    },
  },
  {
    name: 'changing the e-mail goes back to the e-mail form holding the address, with no notice, error, code or wait, and no submit of its own; the code form and the ticker stop',
    requirement: 'R1.5',
    when: (s) => s.index > 0 && sub(s.before!) === 'code.editing' && s.event.type === 'signin.changeEmail',
    check: (s) => {
      expect(sub(s.after)).toBe('email.editing')
      expect(s_(s.after)).toEqual({ ...s_(s.before), notice: null, error: null, code: '', resendAt: null, submitOnStart: false })
      expect(s.effects).toEqual([{ kind: 'stop', id: 'sign-in-code' }, { kind: 'stop', id: 'ticker' }, emailFormStart(s_(s.before).email, false)])
    },
  },
]

function signInEvents(snapshot: Snap): TestEvent[] {
  // Signed in, the machine is done: a done actor takes no event.
  if (snapshot.status === 'done') return []
  return [
    { type: 'form.submitted', form: 'sign-in-email', values: { email: '  bob@example.org ' } },
    { type: 'form.submitted', form: 'sign-in-code', values: { code: ' ٤٩٣٠٢١ ' } },
    // A form that hands no value for its field: empty.
    { type: 'form.submitted', form: 'sign-in-email', values: {} },
    { type: 'form.submitted', form: 'sign-in-code', values: {} },
    { type: 'xstate.done.actor.requestCode', output: SENT },
    { type: 'xstate.error.actor.requestCode', error: new Error('Too many attempts. Try again later.') },
    { type: 'xstate.done.actor.verifyCode', output: null },
    { type: 'xstate.error.actor.verifyCode', error: new Error('The code is not valid.') },
    { type: 'xstate.error.actor.verifyCode', error: 'offline' },
    { type: 'xstate.done.actor.resendCode', output: SENT_AGAIN },
    { type: 'xstate.done.actor.resendCode', output: SENT_NO_WAIT },
    { type: 'xstate.error.actor.resendCode', error: new Error('Too many attempts. Try again later.') },
    { type: 'clock.tick', now: T0 + 70_000 },
    { type: 'signin.resend', now: T0 + 69_999 },
    { type: 'signin.resend', now: T0 + 70_000 },
    { type: 'signin.resend', now: T0 + 130_000 },
    { type: 'signin.changeEmail' },
  ]
}

export const signInModel: MachineModel = {
  name: 'sign-in',
  machine: signInMachine,
  inputs: [
    { label: 'a fresh sign-in page', input: { now: T0 } },
    {
      label: 'an e-mail typed and sent before the page was interactive, with a remembered target',
      input: { email: 'ann@example.com', submitOnStart: true, redirectTo: '/en/premium', now: T0, step: 'email', notice: null, resendAt: null },
    },
    {
      label: 'the code step the server started (a form sent without JavaScript), its notice and wait',
      input: { step: 'code', email: 'ann@example.com', notice: 'We sent a code to ann@example.com.', resendAt: T0 + WAIT_30_S, now: T0 },
    },
    {
      label: 'the code step with a code typed and sent before the page was interactive, no wait known',
      input: { step: 'code', email: 'ann@example.com', code: '493021', submitOnStart: true, now: T0 },
    },
  ],
  events: signInEvents,
  // The address and the code only matter by being empty or not (the properties read them off each
  // step); the clock, the wait, the messages and the early submit are kept whole.
  serializeState: (s) => {
    const x = s_(s)
    return JSON.stringify([s.value, x.now, x.resendAt, x.submitOnStart, x.error === null, x.notice === null, x.email === '', x.code === ''])
  },
  properties: signInProperties,
}

// --- e-mail confirmation ----------------------------------------------------------------------

const k = (s: Snap | null) => ctx<ConfirmContext>(s)
const confirmInput = (step: Step) => step.input as ConfirmInput

/** R7: the same account is the same address, whatever its case and surrounding spaces. */
function isAnotherAccount(signedInAs: string | null | undefined, email: string): boolean {
  if (typeof signedInAs !== 'string') return false
  return signedInAs === '' || signedInAs.trim().toLowerCase() !== email.trim().toLowerCase()
}

/** What a submit or a session change decides, from the state before: who is signed in and what was submitted. */
function decision(signedInAs: string | null | undefined, email: string): 'otherAccount' | 'confirming' | 'deciding' {
  if (signedInAs === undefined) return 'deciding'
  return isAnotherAccount(signedInAs, email) ? 'otherAccount' : 'confirming'
}

const decided = (s: Step, credentials: ConfirmCredentials, signedInAs: string | null | undefined) => {
  const next = decision(signedInAs, credentials.email)
  expect(s.after.value).toBe(next)
  expect(k(s.after).otherAccount).toBe(next === 'otherAccount' ? signedInAs : null)
  expect(s.effects).toEqual(next === 'confirming' ? [{ kind: 'start', id: 'confirm', src: 'confirm', input: credentials }] : [])
}

const SUBMITTED_VALUES = { email: ' Ann@Example.com ', code: ' 493021 ', password: ' correct horse ' }

const confirmProperties: Property[] = [
  IGNORED_EVENTS_CHANGE_NOTHING,
  {
    name: 'starts editing its form: e-mail and code as given (or typed before), the password empty, and a submit made before the page was interactive',
    requirement: 'R4.20, R5.10, decision 063',
    when: (s) => s.index === 0,
    check: (s) => {
      const i = confirmInput(s)
      expect(s.after.value).toBe('editing')
      expect(k(s.after)).toEqual({
        credentials: { email: i.email ?? '', code: i.code ?? '', password: '' },
        signedInAs: i.signedInAs,
        otherAccount: null,
        error: null,
        submitOnStart: i.submitOnStart ?? false,
      })
      expect(s.effects).toEqual([
        {
          kind: 'start',
          id: 'confirm-email',
          src: 'form',
          input: {
            id: 'confirm-email',
            fields: [
              { name: 'email', value: i.email ?? '', rules: EMAIL_RULES },
              { name: 'code', value: i.code ?? '', rules: CODE_RULES },
              { name: 'password', rules: PASSWORD_RULES },
            ],
            submitOnStart: i.submitOnStart ?? false,
          },
        },
      ])
    },
  },
  {
    name: 'the form runs until the e-mail is confirmed; the other account is named exactly while it blocks; busy exactly while deciding or confirming',
    requirement: 'R4.18',
    check: (s) => {
      const children = Object.keys(s.after.children).sort()
      // Confirmed, the machine is done: its form is stopped (a step's effect, see below).
      if (s.after.value === 'confirmed') expect(s.after.status).toBe('done')
      else expect(children.filter((id) => id !== 'confirm')).toEqual(['confirm-email'])
      expect(k(s.after).otherAccount !== null).toBe(s.after.value === 'otherAccount')
      expect(s.after.hasTag('busy')).toBe(s.after.value === 'deciding' || s.after.value === 'confirming')
    },
  },
  {
    name: "another form's submit changes nothing",
    requirement: 'R4.18',
    when: (s) => s.index > 0 && s.event.type === 'form.submitted' && s.event.form !== 'confirm-email',
    check: (s) => {
      expect([s.after.value, k(s.after)]).toEqual([s.before!.value, k(s.before)])
      expect(s.effects).toEqual([])
    },
  },
  {
    name: 'who is signed in follows the auth machine at every moment',
    requirement: 'R4.18',
    when: (s) => s.event.type === 'auth.changed' && s.after.value !== 'confirmed',
    check: (s) => expect(k(s.after).signedInAs).toBe(s.event.signedInAs),
  },
  {
    name: 'a session change outside a decision changes nothing else and does nothing',
    requirement: 'R4.18',
    when: (s) => s.index > 0 && s.event.type === 'auth.changed' && s.before!.value !== 'deciding',
    check: (s) => {
      expect(s.after.value).toBe(s.before!.value)
      expect(k(s.after)).toEqual({ ...k(s.before), signedInAs: s.event.signedInAs })
      expect(s.effects).toEqual([])
    },
  },
  {
    name: 'a submit takes the e-mail and code trimmed and the password as typed, clears the error, and decides by who is signed in now: a guest or the same account confirms, another account is told so and nothing is sent, an unknown session waits',
    requirement: 'R3.12, R4.18, R6.4, R7.2',
    when: (s) => s.index > 0 && s.before!.value === 'editing' && s.event.type === 'form.submitted' && s.event.form === 'confirm-email',
    check: (s) => {
      const values = s.event.values as Partial<typeof SUBMITTED_VALUES>
      const credentials = { email: (values.email ?? '').trim(), code: (values.code ?? '').trim(), password: values.password ?? '' }
      expect(k(s.after).credentials).toEqual(credentials)
      expect(k(s.after).error).toBeNull()
      decided(s, credentials, k(s.before).signedInAs)
    },
  },
  {
    name: 'while a submit waits for the session, the session the auth machine reports decides it',
    requirement: 'R4.18, R6.4',
    when: (s) => s.index > 0 && s.before!.value === 'deciding' && s.event.type === 'auth.changed',
    check: (s) => {
      expect(k(s.after).credentials).toEqual(k(s.before).credentials)
      decided(s, k(s.before).credentials, s.event.signedInAs as string | null | undefined)
    },
  },
  {
    name: 'signed in as another account: signing out goes back to the form and signs out (nothing confirmed); keeping the account goes back to the form',
    requirement: 'R4.18',
    when: (s) => s.index > 0 && s.before!.value === 'otherAccount' && (s.event.type === 'confirm.logout' || s.event.type === 'confirm.edit'),
    check: (s) => {
      expect(s.after.value).toBe('editing')
      expect(k(s.after)).toEqual({ ...k(s.before), otherAccount: null })
      expect(s.effects).toEqual(s.event.type === 'confirm.logout' ? [{ kind: 'action', type: 'logout', params: undefined, context: k(s.before) }] : [])
    },
  },
  {
    name: 'confirmed: the success toast, and everything stops',
    requirement: 'R4.18',
    when: (s) => s.event.type === 'xstate.done.actor.confirm',
    check: (s) => {
      expect(s.after.value).toBe('confirmed')
      expect(k(s.after)).toEqual(k(s.before))
      expect(s.effects).toEqual([
        { kind: 'stop', id: 'confirm' },
        { kind: 'action', type: 'notifyConfirmed', params: undefined, context: k(s.before) },
        { kind: 'stop', id: 'confirm-email' },
      ])
    },
  },
  {
    name: 'a failed confirmation: back to the form with the message, logged',
    requirement: 'R8.9',
    when: (s) => s.event.type === 'xstate.error.actor.confirm',
    check: (s) => {
      expect(s.after.value).toBe('editing')
      expect(k(s.after)).toEqual({ ...k(s.before), error: s.event.error instanceof Error ? 'The code has expired.' : 'offline' })
      expect(s.effects).toEqual([
        { kind: 'stop', id: 'confirm' },
        { kind: 'action', type: 'logError', params: { error: s.event.error }, context: k(s.after) },
      ])
    },
  },
  {
    name: 'the confirmation is only ever sent for a guest or for the account being confirmed',
    requirement: 'R4.18, R6.4, decision 009',
    check: (s) => {
      if (s.effects.some((e) => e.kind === 'start' && e.id === 'confirm')) {
        expect(isAnotherAccount(k(s.after).signedInAs, k(s.after).credentials.email)).toBe(false)
        expect(k(s.after).signedInAs).not.toBe(undefined)
      }
    },
  },
]

function confirmEvents(snapshot: Snap): TestEvent[] {
  // A confirmed machine is done: a done actor takes no event.
  if (snapshot.status === 'done') return []
  return [
    { type: 'form.submitted', form: 'confirm-email', values: SUBMITTED_VALUES },
    { type: 'form.submitted', form: 'confirm-email', values: {} },
    { type: 'form.submitted', form: 'sign-in-email', values: { email: 'ann@example.com' } },
    { type: 'auth.changed', signedInAs: null },
    { type: 'auth.changed', signedInAs: undefined },
    { type: 'auth.changed', signedInAs: 'bob@example.org' },
    { type: 'auth.changed', signedInAs: ' ANN@example.COM' },
    { type: 'auth.changed', signedInAs: '' },
    { type: 'confirm.logout' },
    { type: 'confirm.edit' },
    { type: 'xstate.done.actor.confirm', output: null },
    { type: 'xstate.error.actor.confirm', error: new Error('The code has expired.') },
    { type: 'xstate.error.actor.confirm', error: 'offline' },
  ]
}

export const confirmModel: MachineModel = {
  name: 'confirm',
  machine: confirmMachine,
  inputs: [
    { label: 'a guest following the link (e-mail and code given)', input: { email: 'ann@example.com', code: '493021', signedInAs: null } },
    {
      label: 'a form sent before the page was interactive, the session not known yet',
      input: { email: ' Ann@Example.com', code: '493021', submitOnStart: true },
    },
    { label: 'a visitor signed in as another account, nothing given', input: { signedInAs: 'bob@example.org' } },
  ],
  events: confirmEvents,
  properties: confirmProperties,
}
