import { runModel } from '../runner'
import { localeModel } from '../models/locale.model'

runModel(localeModel)
