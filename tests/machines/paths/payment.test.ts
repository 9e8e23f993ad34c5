import { paymentModel } from '../models/payment.model.ts'
import { runModel } from '../runner.ts'

runModel(paymentModel)
