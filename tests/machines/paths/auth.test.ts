import { runModel } from '../runner.ts'
import { authModel } from '../models/auth.model.ts'

runModel(authModel)
