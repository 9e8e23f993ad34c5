import { runModel } from '../runner.ts'
import { lightboxModel, menuModel, modalModel } from '../models/ui.model.ts'

runModel(menuModel)
runModel(modalModel)
runModel(lightboxModel)
