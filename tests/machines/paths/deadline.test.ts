import { runModel } from '../runner.ts'
import { deadlineModel } from '../models/deadline.model.ts'

runModel(deadlineModel)
