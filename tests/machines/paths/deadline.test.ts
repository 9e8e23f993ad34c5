import { runModel } from '../runner'
import { deadlineModel } from '../models/deadline.model'

runModel(deadlineModel)
