import { fieldMachine, type FieldContext, type FieldInput } from '#machines/field'
import { signInMachine, type SignInContext } from '#machines/sign-in'
import { accountMachine, type AccountContext } from '#machines/account'
import { requestMachine } from '#machines/request'
import type { EventObject } from 'xstate'
import type { Effect, EffectOracle, Snap, TestEvent } from '../harness'
import type { MachineModel } from './types'

const invoke = (id: string, input: unknown): Effect => ({ type: 'invoke', id, input })
const FAILURE = { rule: 'required', params: {} }

// --- field -----------------------------------------------------------------------

/** Spec 4, 5: aggressive mode validates on every input and blur; nothing else is a side effect. */
const fieldOracle: EffectOracle = (_before, event, after) => {
  const a = after.context as FieldContext
  switch (event.type) {
    case 'xstate.init':
    case 'field.reset':
    case 'xstate.done.actor.validate':
    case 'xstate.error.actor.validate':
      return []
    case 'field.input':
    case 'field.blur':
    case 'field.validate':
      return [invoke('validate', { name: a.name, value: a.value })]
    default:
      throw new Error(`field oracle: unexpected ${event.type}`)
  }
}

export const fieldModel: MachineModel = {
  name: 'field',
  spec: 'spec 4, 5: form field',
  machine: fieldMachine,
  fakes: { actions: [], promiseActors: ['validate'] },
  oracle: fieldOracle,
  inputs: [
    { label: 'an empty field', input: { name: 'email' } satisfies FieldInput },
    { label: 'a prefilled field', input: { name: 'email', value: 'ann@example.com' } satisfies FieldInput },
  ],
  events: (): TestEvent[] => [
    { type: 'field.input', value: 'ann@' },
    { type: 'field.input', value: '' },
    { type: 'field.blur' },
    { type: 'field.validate' },
    { type: 'field.reset' },
    { type: 'xstate.done.actor.validate', output: null },
    { type: 'xstate.done.actor.validate', output: FAILURE },
    { type: 'xstate.error.actor.validate', error: new Error('rule crashed') },
  ],
  // All orderings of blur and the two results (with input as well, the simple paths explode).
  simpleEvents: (): TestEvent[] => [
    { type: 'field.blur' },
    { type: 'xstate.done.actor.validate', output: null },
    { type: 'xstate.done.actor.validate', output: FAILURE },
  ],
}

// --- sign-in -----------------------------------------------------------------------

const T0 = 1_800_000_000_000
const SENT = { message: 'We have sent a code.', resendIn: 30, now: T0 }

/** Spec 7: GET /users/auth, then the code goes to the auth machine; errors are logged and kept on the form. */
const signInOracle: EffectOracle = (before, event, after) => {
  const a = after.context as SignInContext
  const b = before?.context as SignInContext | undefined
  const e = event as EventObject & { error?: unknown; now?: number }
  switch (e.type) {
    case 'xstate.init':
    case 'signin.changeEmail':
    case 'xstate.done.actor.requestCode':
    case 'xstate.done.actor.verifyCode':
      return []
    case 'signin.submit':
    case 'signin.resend':
      return [invoke('requestCode', { email: a.email, now: e.now })]
    case 'signin.verify':
      return [invoke('verifyCode', { email: b!.email, code: a.code })]
    case 'xstate.error.actor.requestCode':
    case 'xstate.error.actor.verifyCode':
      return [{ type: 'logError', params: { error: e.error } }]
    default:
      throw new Error(`sign-in oracle: unexpected ${e.type}`)
  }
}

export const signInModel: MachineModel = {
  name: 'signIn',
  spec: 'spec 4, 7: passwordless sign-in',
  machine: signInMachine,
  fakes: { actions: ['logError'], promiseActors: ['requestCode', 'verifyCode'] },
  oracle: signInOracle,
  inputs: [{ label: 'a visitor', input: {} }, { label: 'a remembered e-mail', input: { email: 'ann@example.com' } }],
  // A signed-in visitor's form is done: it takes no more events.
  events: (snapshot: Snap): TestEvent[] => (snapshot.status === 'done' ? [] : [
    { type: 'signin.submit', email: ' ann@example.com ', now: T0 },
    { type: 'signin.verify', code: ' 493021 ' },
    { type: 'signin.resend', now: T0 + 5_000 },
    { type: 'signin.resend', now: T0 + 31_000 },
    { type: 'signin.changeEmail' },
    { type: 'xstate.done.actor.requestCode', output: SENT },
    { type: 'xstate.error.actor.requestCode', error: new Error('Please wait 27 s') },
    { type: 'xstate.done.actor.verifyCode', output: null },
    { type: 'xstate.error.actor.verifyCode', error: new Error('The code is incorrect') },
  ]),
}

// --- account -----------------------------------------------------------------------

const RESULT = { message: 'Done.', user: { id: 2, email: 'ann@example.com' } }

/** Spec 4, 7: confirmations open and close the modal; each call ends with a toast and the refreshed user. */
const accountOracle: EffectOracle = (before, event) => {
  const b = before?.context as AccountContext | undefined
  const e = event as EventObject & { error?: unknown; output?: unknown; email?: string; password?: string; passwordConfirm?: string }
  switch (e.type) {
    case 'xstate.init':
      return []
    case 'account.cancelSubscription':
      return [{ type: 'openConfirm', params: { kind: 'cancel' } }]
    case 'account.resetDevice':
      return [{ type: 'openConfirm', params: { kind: 'reset' } }]
    case 'account.dismiss':
      return [{ type: 'closeConfirm', params: undefined }]
    case 'account.confirm':
      return b!.confirming === 'cancel' ? [invoke('cancelSubscription', undefined)] : [invoke('resetDevice', undefined)]
    case 'account.changeEmail':
      return [invoke('changeEmail', { email: e.email })]
    case 'account.changePassword':
      return [invoke('changePassword', { password: e.password, passwordConfirm: e.passwordConfirm })]
    default:
      if (/^xstate\.done\.actor\./.test(e.type))
        return [{ type: 'toast', params: { kind: 'success', text: RESULT.message } }, { type: 'updateUser', params: RESULT }, { type: 'closeConfirm', params: undefined }]
      if (/^xstate\.error\.actor\./.test(e.type))
        return [
          { type: 'toast', params: { kind: 'error', text: (e.error as Error).message } },
          { type: 'logError', params: { error: e.error } },
          { type: 'closeConfirm', params: undefined },
        ]
      throw new Error(`account oracle: unexpected ${e.type}`)
  }
}

const ACTORS = ['cancelSubscription', 'resetDevice', 'changeEmail', 'changePassword']

export const accountModel: MachineModel = {
  name: 'account',
  spec: 'spec 4, 7: account actions',
  machine: accountMachine,
  fakes: { actions: ['openConfirm', 'closeConfirm', 'toast', 'updateUser', 'logError'], promiseActors: ACTORS },
  oracle: accountOracle,
  inputs: [{ label: 'the account page' }],
  events: (): TestEvent[] => [
    { type: 'account.cancelSubscription' },
    { type: 'account.resetDevice' },
    { type: 'account.confirm' },
    { type: 'account.dismiss' },
    { type: 'account.changeEmail', email: 'new@example.com' },
    { type: 'account.changePassword', password: 'correct horse', passwordConfirm: 'correct horse' },
    ...ACTORS.flatMap((id) => [
      { type: `xstate.done.actor.${id}`, output: RESULT },
      { type: `xstate.error.actor.${id}`, error: new Error('The backend said no.') },
    ]),
  ],
  simpleEvents: (): TestEvent[] => [
    { type: 'account.cancelSubscription' },
    { type: 'account.confirm' },
    { type: 'account.dismiss' },
    { type: 'xstate.done.actor.cancelSubscription', output: RESULT },
  ],
}

// --- request -----------------------------------------------------------------------


/** Spec 4, 7: the call starts once, a failure is logged and can be retried, a result is handed on. */
const requestOracle: EffectOracle = (_before, event) => {
  const e = event as EventObject & { output?: unknown; error?: unknown }
  switch (e.type) {
    case 'xstate.init':
      return []
    case 'request.start':
    case 'request.retry':
      return [invoke('run', undefined)]
    case 'xstate.done.actor.run':
      return [{ type: 'succeeded', params: e.output }]
    case 'xstate.error.actor.run':
      return [{ type: 'logError', params: { error: e.error } }]
    default:
      throw new Error(`request oracle: unexpected ${e.type}`)
  }
}

export const requestModel: MachineModel = {
  name: 'request',
  spec: 'spec 4, 7: a page call',
  machine: requestMachine,
  fakes: { actions: ['succeeded', 'logError'], promiseActors: ['run'] },
  oracle: requestOracle,
  inputs: [
    { label: 'a page load' },
    { label: 'a call the server made', input: { settled: { result: { subscriptions: [] } } } },
    { label: 'a call that failed on the server', input: { settled: { error: new Error('The plan list is being updated.') } } },
  ],
  events: (): TestEvent[] => [
    { type: 'request.start' },
    { type: 'request.retry' },
    { type: 'xstate.done.actor.run', output: { code: 'FRIEND2024', valid: true } },
    { type: 'xstate.error.actor.run', error: new Error('This referral link is not valid.') },
  ],
}
