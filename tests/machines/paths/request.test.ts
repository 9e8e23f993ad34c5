import { requestModel } from '../models/request.model.ts'
import { runModel } from '../runner.ts'

runModel(requestModel)
