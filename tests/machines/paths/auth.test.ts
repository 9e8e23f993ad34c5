import { authModel } from '../models/auth.model.ts'
import { runModel } from '../runner.ts'

runModel(authModel)
