/** Every machine's browser binding, by its model's name (decision 122). */
import type { Binding } from '../binding.ts'
import { accountBinding } from './account.ts'
import { cardBinding } from './card.ts'
import { confirmBinding } from './confirm.ts'
import { consentBinding } from './consent.ts'
import { deadlineBinding } from './deadline.ts'
import { joinBinding } from './join.ts'
import { lightboxBinding } from './lightbox.ts'
import { localeBinding } from './locale.ts'
import { menuBinding } from './menu.ts'
import { modalBinding } from './modal.ts'
import { paymentBinding } from './payment.ts'
import { signInBinding } from './sign-in.ts'

export const BINDINGS: Readonly<Record<string, Binding>> = {
  account: accountBinding,
  card: cardBinding,
  confirm: confirmBinding,
  consent: consentBinding,
  deadline: deadlineBinding,
  join: joinBinding,
  lightbox: lightboxBinding,
  locale: localeBinding,
  menu: menuBinding,
  modal: modalBinding,
  payment: paymentBinding,
  'sign-in': signInBinding,
}
