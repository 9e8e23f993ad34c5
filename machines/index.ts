/** Every machine of the site, for the flows script and the tests. */
import type { AnyStateMachine } from 'xstate'
import { authMachine } from './auth'
import { localeMachine } from './locale'
import { paymentMachine } from './payment'
import { deadlineMachine } from './deadline'
import { menuMachine, modalMachine, lightboxMachine } from './ui'
import { fieldMachine } from './field'
import { confirmMachine, signInMachine } from './sign-in'
import { accountMachine } from './account'
import { requestMachine } from './request'

export { authMachine, localeMachine, paymentMachine, deadlineMachine, menuMachine, modalMachine, lightboxMachine, fieldMachine, signInMachine, confirmMachine, accountMachine, requestMachine }
export * from './auth'
export * from './deadline'
export * from './ui'
export {
  type PaymentContext,
  type PaymentEvent,
  type PaymentInput,
  type PremiumState,
  type Agreement,
  type CreatePaymentInput,
  type LoadWidgetInput,
  type RunWidgetInput,
  PAYMENT_SUCCESS_TOAST,
  PAYMENT_FAIL_TOAST,
  persistedPremiumState,
} from './payment'
export {
  type LocaleContext,
  type LocaleEvent,
  type LocaleInput,
  type MessageSet,
  type LoadMessagesInput,
  type LoadValidationInput,
  LANGUAGE_ERROR_TOAST,
} from './locale'

export interface MachineEntry {
  /** The file name under docs/flows/ (without extension). */
  name: string
  /** Which spec sections it implements. */
  spec: string
  machine: AnyStateMachine
}

export const machines: readonly MachineEntry[] = [
  { name: 'auth', spec: '3, 4, 8, 9', machine: authMachine },
  { name: 'locale', spec: '2, 4, 8', machine: localeMachine },
  { name: 'payment', spec: '3, 4, 7, 8, 9', machine: paymentMachine },
  { name: 'deadline', spec: '3, 9', machine: deadlineMachine },
  { name: 'menu', spec: '2, 3, 4', machine: menuMachine },
  { name: 'modal', spec: '3, 4', machine: modalMachine },
  { name: 'lightbox', spec: '3, 4', machine: lightboxMachine },
  { name: 'field', spec: '4, 5', machine: fieldMachine },
  { name: 'sign-in', spec: '4, 7', machine: signInMachine },
  { name: 'confirm', spec: '7', machine: confirmMachine },
  { name: 'account', spec: '4, 7', machine: accountMachine },
  { name: 'request', spec: '4, 7', machine: requestMachine },
]
