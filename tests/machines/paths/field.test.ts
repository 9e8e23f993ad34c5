import { runModel } from '../runner.ts'
import { fieldModel } from '../models/field.model.ts'

runModel(fieldModel)
