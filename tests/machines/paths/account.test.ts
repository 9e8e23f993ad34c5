import { runModel } from '../runner.ts'
import { accountModel } from '../models/account.model.ts'

runModel(accountModel)
