import { runModel } from '../runner.ts'
import { confirmModel, signInModel } from '../models/sign-in.model.ts'

runModel(signInModel)
runModel(confirmModel)
