import { runModel } from '../runner.ts'
import { formModel } from '../models/form.model.ts'

runModel(formModel)
