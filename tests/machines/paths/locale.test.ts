import { runModel } from '../runner.ts'
import { localeModel } from '../models/locale.model.ts'

runModel(localeModel)
