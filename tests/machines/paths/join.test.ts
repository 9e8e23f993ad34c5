import { joinModel } from '../models/join.model.ts'
import { runModel } from '../runner.ts'

runModel(joinModel)
