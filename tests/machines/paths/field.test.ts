import { fieldModel } from '../models/field.model.ts'
import { runModel } from '../runner.ts'

runModel(fieldModel)
