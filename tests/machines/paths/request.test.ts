import { runModel } from '../runner'
import { requestModel } from '../models/request.model'

runModel(requestModel)
