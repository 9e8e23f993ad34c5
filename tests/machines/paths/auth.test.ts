import { runModel } from '../runner'
import { authModel } from '../models/auth.model'

runModel(authModel)
