/** Every machine of the site, for the flows script and the tests. */
import type { AnyStateMachine } from 'xstate'
import { authMachine } from './auth'
import { localeMachine } from './locale'
import { paymentMachine } from './payment'
import { deadlineMachine } from './deadline'
import { menuMachine, modalMachine, lightboxMachine } from './ui'
import { fieldMachine } from './field'
import { formMachine } from './form'
import { confirmMachine, signInMachine } from './sign-in'
import { accountMachine } from './account'
import { joinMachine } from './join'
import { requestMachine } from './request'

export {
  authMachine,
  localeMachine,
  paymentMachine,
  deadlineMachine,
  menuMachine,
  modalMachine,
  lightboxMachine,
  fieldMachine,
  formMachine,
  signInMachine,
  confirmMachine,
  accountMachine,
  joinMachine,
  requestMachine,
}

export interface MachineEntry {
  /** The file name under docs/flows/ (without extension). */
  name: string
  /** Which requirements it implements (docs/requirements.md). */
  spec: string
  machine: AnyStateMachine
}

// Stryker disable StringLiteral: the spec sections are the diagrams' labels, checked against docs/flows by flows.test (decision 070)
export const machines: readonly MachineEntry[] = [
  { name: 'auth', spec: '2, 3, 4, 7, 8, 9', machine: authMachine },
  { name: 'locale', spec: '2, 4, 8, 9', machine: localeMachine },
  { name: 'payment', spec: '3, 4, 7, 8, 9', machine: paymentMachine },
  { name: 'deadline', spec: '3, 9', machine: deadlineMachine },
  { name: 'menu', spec: '2, 3, 4', machine: menuMachine },
  { name: 'modal', spec: '3, 4', machine: modalMachine },
  { name: 'lightbox', spec: '3, 4', machine: lightboxMachine },
  { name: 'field', spec: '4, 5', machine: fieldMachine },
  { name: 'form', spec: '4, 5', machine: formMachine },
  { name: 'sign-in', spec: '4, 5, 7', machine: signInMachine },
  { name: 'confirm', spec: '2, 5, 7', machine: confirmMachine },
  { name: 'account', spec: '4, 5, 7', machine: accountMachine },
  { name: 'join', spec: '2, 5, 7', machine: joinMachine },
  { name: 'request', spec: '4, 7, 8', machine: requestMachine },
]
// Stryker restore StringLiteral
