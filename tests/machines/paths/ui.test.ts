import { runModel } from '../runner'
import { lightboxModel, menuModel, modalModel } from '../models/ui.model'

runModel(menuModel)
runModel(modalModel)
runModel(lightboxModel)
