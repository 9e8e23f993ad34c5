import { runModel } from '../runner'
import { accountModel } from '../models/account.model'

runModel(accountModel)
