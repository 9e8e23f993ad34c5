import { deadlineModel } from '../models/deadline.model.ts'
import { runModel } from '../runner.ts'

runModel(deadlineModel)
