/** The machine models `npm run paths` knows: every model of tests/machines/models, by name. */
import type { MachineModel } from '../../tests/machines/harness.ts'
import { accountModel } from '../../tests/machines/models/account.model.ts'
import { authModel } from '../../tests/machines/models/auth.model.ts'
import { cardModel } from '../../tests/machines/models/card.model.ts'
import { consentModel } from '../../tests/machines/models/consent.model.ts'
import { deadlineModel } from '../../tests/machines/models/deadline.model.ts'
import { fieldModel } from '../../tests/machines/models/field.model.ts'
import { formModel } from '../../tests/machines/models/form.model.ts'
import { joinModel } from '../../tests/machines/models/join.model.ts'
import { localeModel } from '../../tests/machines/models/locale.model.ts'
import { paymentModel } from '../../tests/machines/models/payment.model.ts'
import { requestModel } from '../../tests/machines/models/request.model.ts'
import { confirmModel, signInModel } from '../../tests/machines/models/sign-in.model.ts'
import { lightboxModel, menuModel, modalModel } from '../../tests/machines/models/ui.model.ts'

export const MODELS: readonly MachineModel[] = [
  accountModel,
  authModel,
  cardModel,
  confirmModel,
  consentModel,
  deadlineModel,
  fieldModel,
  formModel,
  joinModel,
  lightboxModel,
  localeModel,
  menuModel,
  modalModel,
  paymentModel,
  requestModel,
  signInModel,
].sort((a, b) => a.name.localeCompare(b.name))

export function modelNamed(name: string): MachineModel | undefined {
  return MODELS.find((m) => m.name === name)
}
