import { lightboxModel, menuModel, modalModel } from '../models/ui.model.ts'
import { runModel } from '../runner.ts'

runModel(menuModel)
runModel(modalModel)
runModel(lightboxModel)
