import { runModel } from '../runner'
import { joinModel } from '../models/join.model'

runModel(joinModel)
