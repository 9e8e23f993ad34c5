import { runModel } from '../runner'
import { formModel } from '../models/form.model'

runModel(formModel)
