import { confirmMachine, type ConfirmContext } from '#machines/sign-in'
import type { EventObject } from 'xstate'
import type { Effect, EffectOracle, Snap, TestEvent } from '../harness'
import type { MachineModel } from './types'

const invoke = (id: string, input: unknown): Effect => ({ type: 'invoke', id, input })
const CREDENTIALS = { email: ' ann@example.com ', code: '493021', password: 'correct horse' }

/**
 * Spec 7: the confirmation form. A guest, or the signed-in account itself, confirms (the
 * credentials go to the auth machine); a visitor signed in as another account is told so and
 * sends nothing until signing out. Success ends with the success toast; errors stay on the form.
 */
const confirmOracle: EffectOracle = (before, event, after) => {
  const e = event as EventObject & { error?: unknown; email?: string; code?: string; password?: string; signedInAs?: string | null }
  switch (e.type) {
    case 'xstate.init':
    case 'confirm.edit':
      return []
    case 'confirm.submit': {
      const other = e.signedInAs != null && e.signedInAs.trim().toLowerCase() !== e.email!.trim().toLowerCase()
      if (other) {
        // Nothing is sent for another account; the form says who is signed in.
        if (!after.matches('otherAccount') || (after.context as ConfirmContext).signedInAs !== e.signedInAs) throw new Error('confirm oracle: another account must be named')
        return []
      }
      return [invoke('confirm', { email: e.email!.trim(), code: e.code!.trim(), password: e.password })]
    }
    case 'confirm.logout':
      if (!before!.matches('otherAccount')) throw new Error('confirm oracle: logout only offered for another account')
      return [{ type: 'logout', params: undefined }]
    case 'xstate.done.actor.confirm':
      return [{ type: 'notifyConfirmed', params: undefined }]
    case 'xstate.error.actor.confirm':
      return [{ type: 'logError', params: { error: e.error } }]
    default:
      throw new Error(`confirm oracle: unexpected ${e.type}`)
  }
}

export const confirmModel: MachineModel = {
  name: 'confirm',
  spec: 'spec 7: e-mail confirmation, signed in or not',
  machine: confirmMachine,
  fakes: { actions: ['logout', 'notifyConfirmed', 'logError'], promiseActors: ['confirm'] },
  oracle: confirmOracle,
  inputs: [{ label: 'a visitor' }],
  events: (snapshot: Snap): TestEvent[] =>
    snapshot.status === 'done'
      ? []
      : [
          { type: 'confirm.submit', ...CREDENTIALS, signedInAs: null },
          { type: 'confirm.submit', ...CREDENTIALS, signedInAs: 'ANN@example.com' },
          { type: 'confirm.submit', ...CREDENTIALS, signedInAs: 'bob@example.com' },
          { type: 'confirm.logout' },
          { type: 'confirm.edit' },
          { type: 'xstate.done.actor.confirm', output: null },
          { type: 'xstate.error.actor.confirm', error: new Error('The code is incorrect. Attempts left: 4.') },
        ],
}
