/** Every machine of the site, for the flows script and the tests. */
import type { AnyStateMachine } from 'xstate'
import { accountMachine } from './account.ts'
import { authMachine } from './auth.ts'
import { cardMachine } from './card.ts'
import { consentMachine } from './consent.ts'
import { deadlineMachine } from './deadline.ts'
import { fieldMachine } from './field.ts'
import { formMachine } from './form.ts'
import { joinMachine } from './join.ts'
import { localeMachine } from './locale.ts'
import { paymentMachine } from './payment.ts'
import { requestMachine } from './request.ts'
import { confirmMachine, signInMachine } from './sign-in.ts'
import { lightboxMachine, menuMachine, modalMachine } from './ui.ts'

export {
  accountMachine,
  authMachine,
  cardMachine,
  confirmMachine,
  consentMachine,
  deadlineMachine,
  fieldMachine,
  formMachine,
  joinMachine,
  lightboxMachine,
  localeMachine,
  menuMachine,
  modalMachine,
  paymentMachine,
  requestMachine,
  signInMachine,
}

export interface MachineEntry {
  /** The file name under docs/flows/ (without extension). */
  name: string
  /** Which requirements it implements (docs/requirements.md). */
  requirements: string
  machine: AnyStateMachine
}

// Stryker disable StringLiteral: the requirement numbers are the diagrams' labels, checked against docs/flows by flows.test (decision 070)
export const machines: readonly MachineEntry[] = [
  { name: 'auth', requirements: 'R2, R3, R4, R7, R8, R9', machine: authMachine },
  { name: 'locale', requirements: 'R2, R4, R8, R9', machine: localeMachine },
  { name: 'payment', requirements: 'R3, R4, R7, R8, R9', machine: paymentMachine },
  { name: 'deadline', requirements: 'R3, R9', machine: deadlineMachine },
  { name: 'menu', requirements: 'R2, R3, R4', machine: menuMachine },
  { name: 'modal', requirements: 'R3, R4', machine: modalMachine },
  { name: 'lightbox', requirements: 'R3, R4', machine: lightboxMachine },
  { name: 'field', requirements: 'R4, R5', machine: fieldMachine },
  { name: 'form', requirements: 'R4, R5', machine: formMachine },
  { name: 'sign-in', requirements: 'R4, R5, R7', machine: signInMachine },
  { name: 'confirm', requirements: 'R2, R5, R7', machine: confirmMachine },
  { name: 'account', requirements: 'R4, R5, R7', machine: accountMachine },
  { name: 'card', requirements: 'R7, R8, R9', machine: cardMachine },
  { name: 'join', requirements: 'R2, R5, R7', machine: joinMachine },
  { name: 'request', requirements: 'R4, R7, R8', machine: requestMachine },
  { name: 'consent', requirements: 'R9', machine: consentMachine },
]
// Stryker restore StringLiteral
