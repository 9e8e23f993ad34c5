import { runModel } from '../runner'
import { fieldModel } from '../models/field.model'

runModel(fieldModel)
