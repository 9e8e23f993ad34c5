/** Every machine's browser binding, by its model's name (decision 122). */
import type { Binding } from '../binding.ts'
import { confirmBinding } from './confirm.ts'
import { consentBinding } from './consent.ts'
import { deadlineBinding } from './deadline.ts'
import { lightboxBinding } from './lightbox.ts'
import { menuBinding } from './menu.ts'
import { paymentBinding } from './payment.ts'
import { signInBinding } from './sign-in.ts'

export const BINDINGS: Readonly<Record<string, Binding>> = {
  confirm: confirmBinding,
  consent: consentBinding,
  deadline: deadlineBinding,
  lightbox: lightboxBinding,
  menu: menuBinding,
  payment: paymentBinding,
  'sign-in': signInBinding,
}
