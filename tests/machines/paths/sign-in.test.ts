import { confirmModel, signInModel } from '../models/sign-in.model.ts'
import { runModel } from '../runner.ts'

runModel(signInModel)
runModel(confirmModel)
