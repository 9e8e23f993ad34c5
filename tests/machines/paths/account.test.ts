import { accountModel } from '../models/account.model.ts'
import { runModel } from '../runner.ts'

runModel(accountModel)
