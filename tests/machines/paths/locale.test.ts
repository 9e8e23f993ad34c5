import { localeModel } from '../models/locale.model.ts'
import { runModel } from '../runner.ts'

runModel(localeModel)
