import type { MachineModel } from '../harness'
import { lightboxModel, menuModel, modalModel } from './ui'

export const models: readonly MachineModel[] = [menuModel, modalModel, lightboxModel]
