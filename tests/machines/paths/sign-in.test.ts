import { runModel } from '../runner'
import { confirmModel, signInModel } from '../models/sign-in.model'

runModel(signInModel)
runModel(confirmModel)
