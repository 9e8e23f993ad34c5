import { runModel } from '../runner.ts'
import { joinModel } from '../models/join.model.ts'

runModel(joinModel)
