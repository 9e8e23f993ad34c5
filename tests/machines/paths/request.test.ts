import { runModel } from '../runner.ts'
import { requestModel } from '../models/request.model.ts'

runModel(requestModel)
