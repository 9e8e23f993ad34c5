import { formModel } from '../models/form.model.ts'
import { runModel } from '../runner.ts'

runModel(formModel)
